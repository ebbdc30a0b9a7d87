/**
 * Add- and remove-collateral quotes (`AddCollateralResponseDto`, `RemoveCollateralResponseDto` without
 * `transactionBase64`; PROTOCOL-v2 §5.12, PROTOCOL-v1 §5.11) and the shared before/after figures the margin preview
 * also uses. Leverages are the position-metrics leverage (PnL and fees included); liquidation prices carry the
 * accrued borrow fee.
 *
 * Deposit value: v2 values the deposit at the deposit token's price (`usd(amount_in, d_recv, p_recv_min)`, the
 * program converts at the oracle); the earlier interface swaps a non-collateral deposit into the collateral token
 * first (`swap_and_add_collateral`, swap fees and spread included). A removal is paid out in the collateral token
 * at its price (v2 §3.7: dispensing = lock custody); the earlier interface swaps it into `withdrawTokenSymbol` when
 * that differs (`remove_collateral_and_swap`).
 */
import { maxAddableCollateralUsd, maxWithdrawableCollateralUsd } from "../math/collateral.ts";
import { tokenAmount, usdValue } from "../math/oracle.ts";
import type { PositionLike } from "../math/types.ts";
import { formatTokenAmount, formatUsd } from "../format/ui.ts";
import type { DeploymentSnapshot, LivePrice } from "../deployment-snapshot.ts";
import { leverageDecimal } from "../views/dto.ts";
import { marketFormat, type PositionFigures, positionFigures } from "../views/position-metrics.ts";
import { requireCustodyInPool, requirePrice, requireToken, tradePrices } from "./market-lookup.ts";
import { type OpenPositionRef, type PositionTarget, requirePosition } from "./position-lookup.ts";
import { usdText } from "./program-rules.ts";
import { parseAmount, parseUsd } from "./request-numbers.ts";
import { type SwapLeg, swapLeg } from "./swap-leg.ts";
import { fail, type QuoteResult, runQuote } from "./result.ts";

/** A position before and after a collateral change, with the action's limit. */
export interface MarginChange {
  ref: OpenPositionRef;
  prices: { target: LivePrice; collateral: LivePrice };
  before: PositionFigures;
  after: PositionFigures;
  newPosition: PositionLike;
  /** USD-6 the action allows at most (max addable or max withdrawable). */
  maxUsd: bigint;
  deltaUsd: bigint;
}

/**
 * Figures of adding (`+delta`) or removing (`−delta`) collateral USD. Removing more than the position holds fails
 * (INSUFFICIENT_COLLATERAL); the action's limit is reported, not enforced (the builders enforce it).
 */
export function marginChange(
  snapshot: DeploymentSnapshot,
  ref: OpenPositionRef,
  action: "ADD" | "REMOVE",
  deltaUsd: bigint,
  trade: boolean,
): MarginChange {
  const { market, position } = ref;
  const prices = tradePrices(snapshot, market, trade);
  const before = positionFigures(market, position, prices.target.price, prices.collateral.price, snapshot.nowUnix);
  const m = before.metrics;
  let maxUsd: bigint;
  let collateralUsd: bigint;
  if (action === "ADD") {
    maxUsd = maxAddableCollateralUsd(position, market.target.account.pricing);
    collateralUsd = position.collateralUsd + deltaUsd;
  } else {
    maxUsd = maxWithdrawableCollateralUsd({
      position,
      pricing: market.target.account.pricing,
      lossUsd: m.pnl.lossUsd,
      exitFeeUsd: m.exitFeeUsd,
      borrowFeeUsd: m.borrowFeeUsd,
    });
    if (deltaUsd > position.collateralUsd) {
      fail(
        "INSUFFICIENT_COLLATERAL",
        `cannot remove ${usdText(deltaUsd)}: the position holds ${usdText(position.collateralUsd)} of collateral`,
      );
    }
    collateralUsd = position.collateralUsd - deltaUsd;
  }
  const newPosition = { ...position, collateralUsd };
  const after = positionFigures(market, newPosition, prices.target.price, prices.collateral.price, snapshot.nowUnix);
  return { ref, prices, before, after, newPosition, maxUsd, deltaUsd };
}

function newLeverageOf(change: MarginChange): string {
  return leverageDecimal(change.after.metrics.leverageBps) ??
    fail("INSUFFICIENT_COLLATERAL", `removing ${usdText(change.deltaUsd)} leaves the position without margin`);
}

/** The fields both collateral quotes open with: the position's collateral, leverage and liquidation price, before and after. */
function marginFields(ref: OpenPositionRef, change: MarginChange) {
  const f = marketFormat(ref.market);
  return {
    existingCollateralUsd: formatUsd(ref.position.collateralUsd),
    newCollateralUsd: formatUsd(change.newPosition.collateralUsd),
    // An underwater position (margin ≤ 0) has no finite leverage; this contract field is a plain decimal.
    existingLeverage: leverageDecimal(change.before.metrics.leverageBps) ?? "0",
    newLeverage: newLeverageOf(change),
    existingLiquidationPrice: f.price(change.before.metrics.liquidationPrice),
    newLiquidationPrice: f.price(change.after.metrics.liquidationPrice),
  };
}

export interface AddCollateralRequest {
  position: PositionTarget;
  depositAmountUi: string;
  depositTokenSymbol: string;
}

export interface AddCollateralQuoteDto {
  existingCollateralUsd: string;
  newCollateralUsd: string;
  existingLeverage: string;
  newLeverage: string;
  existingLiquidationPrice: string;
  newLiquidationPrice: string;
  depositUsdValue: string;
  maxAddableUsd: string;
}

export interface AddCollateralQuote {
  dto: AddCollateralQuoteDto;
  terms: { ref: OpenPositionRef; depositCustody: string; amountIn: bigint; collateralDeltaUsd: bigint; swap?: SwapLeg };
}

export function addCollateralQuote(
  snapshot: DeploymentSnapshot,
  req: AddCollateralRequest,
): QuoteResult<AddCollateralQuote> {
  return runQuote(() => {
    const ref = requirePosition(snapshot, req.position);
    const { market } = ref;
    const deposit = requireCustodyInPool(snapshot, req.depositTokenSymbol, market.pool);
    const amountIn = parseAmount(req.depositAmountUi, deposit.account.decimals, "depositAmountUi");
    if (amountIn === 0n) fail("INSUFFICIENT_COLLATERAL", "depositAmountUi must be greater than zero");
    let deltaUsd: bigint;
    let swap: SwapLeg | undefined;
    if (snapshot.version === "earlier" && deposit.pubkey !== market.collateral.pubkey) {
      swap = swapLeg(snapshot, market.pool, deposit, market.collateral, amountIn);
      deltaUsd = swap.outUsd;
    } else {
      const price = requirePrice(snapshot, deposit.token);
      deltaUsd = usdValue(amountIn, deposit.account.decimals, price.price, deposit.account.tokenAmountMultiplier);
    }
    const change = marginChange(snapshot, ref, "ADD", deltaUsd, true);
    if (deltaUsd > change.maxUsd) {
      fail(
        "COMPUTE_FAILED",
        `deposit of ${usdText(deltaUsd)} exceeds the maximum addable ${
          usdText(change.maxUsd)
        } (the position would fall below the market's minimum leverage)`,
      );
    }
    return {
      dto: {
        ...marginFields(ref, change),
        depositUsdValue: formatUsd(deltaUsd),
        maxAddableUsd: formatUsd(change.maxUsd),
      },
      terms: { ref, depositCustody: deposit.pubkey, amountIn, collateralDeltaUsd: deltaUsd, swap },
    };
  });
}

export interface RemoveCollateralRequest {
  position: PositionTarget;
  withdrawAmountUsdUi: string;
  /** Earlier interface: the token to receive, through a swap. v2 pays it out through its custody (builder). */
  withdrawTokenSymbol?: string;
}

export interface RemoveCollateralQuoteDto {
  existingCollateralUsd: string;
  newCollateralUsd: string;
  existingLeverage: string;
  newLeverage: string;
  existingLiquidationPrice: string;
  newLiquidationPrice: string;
  receiveAmountUi: string;
  receiveAmountUsdUi: string;
  maxWithdrawableUsd: string;
}

export interface RemoveCollateralQuote {
  dto: RemoveCollateralQuoteDto;
  terms: { ref: OpenPositionRef; collateralDeltaUsd: bigint; receiveAmount: bigint; swap?: SwapLeg };
}

export function removeCollateralQuote(
  snapshot: DeploymentSnapshot,
  req: RemoveCollateralRequest,
): QuoteResult<RemoveCollateralQuote> {
  return runQuote(() => {
    const ref = requirePosition(snapshot, req.position);
    const { market } = ref;
    const deltaUsd = parseUsd(req.withdrawAmountUsdUi, "withdrawAmountUsdUi");
    if (deltaUsd === 0n) fail("INSUFFICIENT_COLLATERAL", "withdrawAmountUsdUi must be greater than zero");
    const change = marginChange(snapshot, ref, "REMOVE", deltaUsd, true);
    if (deltaUsd > change.maxUsd) {
      fail(
        "INSUFFICIENT_COLLATERAL",
        `withdrawal of ${usdText(deltaUsd)} exceeds the maximum withdrawable ${usdText(change.maxUsd)}`,
      );
    }
    const c = market.collateral.account;
    const receiveAmount = tokenAmount(deltaUsd, c.decimals, change.prices.collateral.price, c.tokenAmountMultiplier);
    const f = marketFormat(market);
    let receiveAmountUi = f.collateral(receiveAmount);
    let receiveUsd = deltaUsd;
    let swap: SwapLeg | undefined;
    if (snapshot.version === "earlier" && req.withdrawTokenSymbol !== undefined) {
      requireToken(snapshot, req.withdrawTokenSymbol);
      const out = requireCustodyInPool(snapshot, req.withdrawTokenSymbol, market.pool);
      if (out.pubkey !== market.collateral.pubkey) {
        swap = swapLeg(snapshot, market.pool, market.collateral, out, receiveAmount);
        receiveAmountUi = formatTokenAmount(swap.quote.minAmountOut, out.account.decimals, out.token.tokenPrecision);
        receiveUsd = swap.outUsd;
      }
    }
    return {
      dto: {
        ...marginFields(ref, change),
        receiveAmountUi,
        receiveAmountUsdUi: formatUsd(receiveUsd),
        maxWithdrawableUsd: formatUsd(change.maxUsd),
      },
      terms: { ref, collateralDeltaUsd: deltaUsd, receiveAmount, swap },
    };
  });
}
