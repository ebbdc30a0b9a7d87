/**
 * Close-position quote (`ClosePositionResponseDto` without `transactionBase64` / `err`; PROTOCOL-v2 §5.12,
 * PROTOCOL-v1 §5.11, DECISIONS 5.6): full close when `closeAll`, when `inputUsdUi` is "0", or when it is at least
 * 97 % of the position's USD size; otherwise a partial close of the prorated part.
 *
 * Proceeds: v2 credits everything released by a partial close to the basket (`decrease_position_size_er` returns
 * the payout); the earlier interface's partial close keeps them in the position (`decrease_size`), or with
 * `keepLeverageSame` pays out at most the new position's max-withdrawable (SDK `getDecreaseSizeCollateralAndFeeSync`).
 * v2's quote values the payout in the market's collateral token (the builder pays it out through the custody of
 * `withdrawTokenSymbol`, DECISIONS 5.17); the earlier interface swaps the payout into `withdrawTokenSymbol` when it
 * differs (`close_and_swap`).
 */
import { closeQuote, isFullClose, type ProceedsMode } from "../math/close.ts";
import { discountBpsFor } from "../math/fees.ts";
import { isZeroDecimal } from "../math/decimal.ts";
import type { OraclePrice, PositionLike, Privilege } from "../math/types.ts";
import { formatTokenAmount, formatUsd } from "../format/ui.ts";
import type { DeploymentSnapshot } from "../deployment-snapshot.ts";
import { leverageDecimal } from "../views/dto.ts";
import { marketFormat, positionFigures } from "../views/position-metrics.ts";
import { requireCustodyInPool, requireToken, tradePrices } from "./market-lookup.ts";
import { closeBasis, type OpenPositionRef, type PositionTarget, requirePosition } from "./position-lookup.ts";
import { parseUsd } from "./request-numbers.ts";
import { type SwapLeg, swapLeg } from "./swap-leg.ts";
import { requireMarginLeft } from "./program-rules.ts";
import { type QuoteResult, runQuote } from "./result.ts";

export interface ClosePositionRequest {
  position: PositionTarget;
  inputUsdUi: string;
  closeAll?: boolean;
  /** Earlier interface: the token to receive, through a swap. v2 pays it out through its custody (builder). */
  withdrawTokenSymbol?: string;
  /** Earlier interface only. */
  keepLeverageSame?: boolean;
  tradingFeeDiscountPercent?: number;
  privilege?: Privilege;
}

export interface ClosePositionQuoteDto {
  receiveTokenSymbol: string;
  receiveTokenAmountUi: string;
  receiveTokenAmountUsdUi: string;
  markPrice: string;
  entryPrice: string;
  existingLiquidationPrice: string;
  newLiquidationPrice: string;
  existingSize: string;
  newSize: string;
  existingCollateral: string;
  newCollateral: string;
  existingLeverage?: string;
  newLeverage: string;
  settledPnl: string;
  fees: string;
  feesBeforeDiscount: string;
  lockAndUnsettledFeeUsd?: string;
}

export interface ClosePositionTerms {
  ref: OpenPositionRef;
  full: boolean;
  /** Target native size delta (`size_delta` of a partial close). */
  sizeDeltaAmount: bigint;
  /** Collateral-token native payout (before a swap into the withdrawal token). */
  receiveAmount: bigint;
  receiveUsd: bigint;
  swap?: SwapLeg;
  discountBps: bigint;
  /** Exit fill price of the closed part (the slippage bound is taken around it). */
  exitPrice: OraclePrice;
  /** The position after the close (zero size after a full close). */
  remaining: PositionLike;
}

export interface ClosePositionQuote {
  dto: ClosePositionQuoteDto;
  terms: ClosePositionTerms;
}

export function closePositionQuote(
  snapshot: DeploymentSnapshot,
  req: ClosePositionRequest,
): QuoteResult<ClosePositionQuote> {
  return runQuote(() => computeClose(snapshot, req));
}

/** Text of a value that no longer exists after a full close (contract: new size, collateral, leverage are "0"). */
const ZERO = "0";

/** The steps of an open (./open.ts): resolve, size, check, then describe it for the client and the builder. */
function computeClose(snapshot: DeploymentSnapshot, req: ClosePositionRequest): ClosePositionQuote {
  const target = resolveCloseTarget(snapshot, req);
  const sized = sizeClose(snapshot, req, target);
  // Only a partial close leaves a position, whose margin must remain.
  const newLeverage = sized.q.full ? ZERO : requireMarginLeft(sized.q.newLeverageBps, "the remaining position");
  return { dto: closeDto(target, sized, newLeverage), terms: closeTerms(target, sized) };
}

/** What a close trades: the position, its prices, how much of it (USD), and the fee discount. */
function resolveCloseTarget(snapshot: DeploymentSnapshot, req: ClosePositionRequest) {
  const ref = requirePosition(snapshot, req.position);
  const prices = tradePrices(snapshot, ref.market, true);
  const inputUsd = parseUsd(req.inputUsdUi, "inputUsdUi");
  const full = isFullClose(inputUsd, ref.position.sizeUsd, {
    closeAll: req.closeAll === true,
    askedZero: isZeroDecimal(req.inputUsdUi),
  });
  const earlier = snapshot.version === "earlier";
  const privilege: Privilege = earlier ? req.privilege ?? "NONE" : "NONE";
  const discountBps = earlier ? discountBpsFor(privilege, req.tradingFeeDiscountPercent) : 0n;
  const proceeds: ProceedsMode = !earlier ? "withdraw" : req.keepLeverageSame ? "keepLeverageSame" : "retain";
  return { ref, prices, inputUsd, full, earlier, discountBps, proceeds };
}

type CloseTarget = ReturnType<typeof resolveCloseTarget>;

/**
 * The close in numbers: the position's figures before it, the closed part, and the payout in the collateral token
 * or (earlier interface) in the requested token through a swap.
 */
function sizeClose(snapshot: DeploymentSnapshot, req: ClosePositionRequest, t: CloseTarget) {
  const { ref: { market, position }, prices } = t;
  const before = positionFigures(market, position, prices.target.price, prices.collateral.price, snapshot.nowUnix);
  const q = closeQuote({
    ...closeBasis(snapshot, market, position, prices),
    sizeDeltaUsd: t.inputUsd,
    full: t.full,
    discountBps: t.discountBps,
    proceeds: t.proceeds,
    exitFeeAtExitPrice: t.earlier,
  });

  let receiveSymbol = market.config.collateralSymbol;
  let receiveAmountUi = marketFormat(market).collateral(q.receiveAmount);
  let receiveUsd = q.receiveUsd;
  let swap: SwapLeg | undefined;
  if (t.earlier && req.withdrawTokenSymbol !== undefined) {
    const out = requireCustodyInPool(snapshot, req.withdrawTokenSymbol, market.pool);
    receiveSymbol = requireToken(snapshot, req.withdrawTokenSymbol).symbol;
    if (out.pubkey !== market.collateral.pubkey && q.receiveAmount > 0n) {
      swap = swapLeg(snapshot, market.pool, market.collateral, out, q.receiveAmount);
      receiveAmountUi = formatTokenAmount(swap.quote.minAmountOut, out.account.decimals, out.token.tokenPrecision);
      receiveUsd = swap.outUsd;
    } else if (out.pubkey !== market.collateral.pubkey) {
      receiveAmountUi = formatTokenAmount(0n, out.account.decimals, out.token.tokenPrecision);
    }
  }
  return { before, q, receiveSymbol, receiveAmountUi, receiveUsd, swap };
}

type CloseSizing = ReturnType<typeof sizeClose>;

function closeDto(t: CloseTarget, s: CloseSizing, newLeverage: string): ClosePositionQuoteDto {
  const { ref: { market, position }, prices } = t;
  const { q, before } = s;
  const f = marketFormat(market);
  const dto: ClosePositionQuoteDto = {
    receiveTokenSymbol: s.receiveSymbol,
    receiveTokenAmountUi: s.receiveAmountUi,
    receiveTokenAmountUsdUi: formatUsd(s.receiveUsd),
    markPrice: f.price(prices.target.price),
    entryPrice: f.price(position.entryPrice),
    existingLiquidationPrice: f.price(before.metrics.liquidationPrice),
    newLiquidationPrice: q.full ? ZERO : f.price(q.newLiquidationPrice),
    existingSize: formatUsd(position.sizeUsd),
    newSize: q.full ? ZERO : formatUsd(q.newPosition.sizeUsd),
    existingCollateral: formatUsd(position.collateralUsd),
    newCollateral: q.full ? ZERO : formatUsd(q.newPosition.collateralUsd),
    newLeverage,
    settledPnl: formatUsd(q.settledPnlUsd),
    fees: formatUsd(q.feesUsd),
    feesBeforeDiscount: formatUsd(q.feesBeforeDiscountUsd),
  };
  const existingLeverage = leverageDecimal(before.metrics.leverageBps);
  if (existingLeverage !== undefined) dto.existingLeverage = existingLeverage;
  // v2 fills the lock-and-unsettled fee on partial closes only; the earlier interface fills every member.
  if (t.earlier || !q.full) dto.lockAndUnsettledFeeUsd = formatUsd(q.borrowFeeUsd);
  return dto;
}

function closeTerms(t: CloseTarget, s: CloseSizing): ClosePositionTerms {
  const { q } = s;
  return {
    ref: t.ref,
    full: q.full,
    sizeDeltaAmount: q.sizeDeltaAmount,
    receiveAmount: q.receiveAmount,
    receiveUsd: q.receiveUsd,
    swap: s.swap,
    discountBps: t.discountBps,
    exitPrice: q.pnl.exitPrice,
    remaining: q.newPosition,
  };
}
