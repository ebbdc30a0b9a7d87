/**
 * Reverse-position quote (`ReversePositionResponseDto` without `transactionBase64`; DECISIONS 5.7, PROTOCOL-v2 §3.6,
 * §5.14): a full close of the position, then an open on the opposite side whose collateral is the close payout less
 * the 2 % haircut — ⌊payout_usd·98/100⌋ in native USD units — at the requested leverage.
 *
 * The close pays out in the opposite market's collateral token (v2 §3.6: dispensing = receiving custody of the new
 * leg), so the new collateral amount is that USD value in the opposite collateral token (rounded down), and the
 * new position is sized from it exactly like a MARKET open. If the owner already holds a position on the opposite
 * side, the new leg increases it; otherwise it opens on `marketForNewPosition` (v2: the market the reference names;
 * earlier interface: the opposite market with the same collateral, else the first).
 */
import { oppositeSide, type TradeSide } from "../../protocol/vocabulary.ts";
import { discountBpsFor } from "../math/fees.ts";
import { reverseCollateralUsd } from "../math/reverse.ts";
import { leverageToBps } from "../math/leverage.ts";
import { positionLiquidationPrice } from "../math/liquidation.ts";
import { closeQuote } from "../math/close.ts";
import { openQuote, sizeFromLeverage } from "../math/open.ts";
import { tokenAmount, usdValue } from "../math/oracle.ts";
import type { OraclePrice, PositionLike, Privilege } from "../math/types.ts";
import { formatLeverage, formatUsd } from "../format/ui.ts";
import type { DeploymentSnapshot, MarketContext } from "../views/context.ts";
import { leverageDecimal } from "../views/dto.ts";
import { marketFormat, positionFigures } from "../views/position-metrics.ts";
import {
  closeBasis,
  existingPosition,
  type OpenPositionRef,
  oppositeMarkets,
  type PositionTarget,
  requireLiquidity,
  requirePosition,
  requirePrice,
  tradePrices,
  usdText,
} from "./common.ts";
import { marketForNewPosition } from "./new-position-market.ts";
import { fail, type QuoteResult, runQuote } from "./result.ts";

export interface ReversePositionRequest {
  position: PositionTarget;
  leverage: number;
  /** Earlier interface only. */
  degenMode?: boolean;
  /** Earlier interface only: the granted privilege (./privilege.ts) and the discount it carries, on both legs. */
  privilege?: Privilege;
  tradingFeeDiscountPercent?: number;
}

export interface ReversePositionQuoteDto {
  closeReceiveUsd: string;
  closeFees: string;
  closeSettledPnl: string;
  newSide: TradeSide;
  newLeverage: string;
  newEntryPrice: string;
  newLiquidationPrice: string;
  newSizeUsd: string;
  newSizeAmountUi: string;
  newCollateralUsd: string;
  openEntryFee: string;
}

export interface ReversePositionPlan {
  ref: OpenPositionRef;
  newMarket: MarketContext;
  /** The opposite side's existing position, increased by the new leg. */
  increases?: OpenPositionRef;
  /** Close payout in the new market's collateral token (native). */
  closeReceiveAmount: bigint;
  /** New leg's collateral after the haircut (native, same token). */
  collateralAmount: bigint;
  /** Target native size of the new leg. */
  sizeAmount: bigint;
  /** Exit fill price of the close leg and entry fill price of the new leg (each leg's slippage bound is taken
   * around its own fill). */
  closeExitPrice: OraclePrice;
  openEntryPrice: OraclePrice;
  /** USD-6 of the new leg's size at its fill (what the market's liquidity must take). */
  openSizeUsd: bigint;
  /** The position on the opposite side after the new leg (fees deducted). */
  newPosition: PositionLike;
}

export interface ReversePositionQuote {
  dto: ReversePositionQuoteDto;
  plan: ReversePositionPlan;
}

export function reversePositionQuote(
  snapshot: DeploymentSnapshot,
  req: ReversePositionRequest,
): QuoteResult<ReversePositionQuote> {
  return runQuote(() => computeReverse(snapshot, req));
}

/**
 * The new leg within the opposite market's liquidity (`requireLiquidity`): its size, and what it locks beyond what the
 * position it increases already locks. The close leg's release is not counted: it frees the closed market's custody.
 * Both interfaces' builders check it where an open would.
 */
export function requireReverseLiquidity(snapshot: DeploymentSnapshot, plan: ReversePositionPlan): void {
  const next = plan.newMarket;
  const lockedDelta = plan.newPosition.lockedAmount - (plan.increases?.position.lockedAmount ?? 0n);
  requireLiquidity(next, requirePrice(snapshot, next.collateral.token).price, plan.openSizeUsd, lockedDelta);
}

function computeReverse(snapshot: DeploymentSnapshot, req: ReversePositionRequest): ReversePositionQuote {
  const ref = requirePosition(snapshot, req.position);
  const { market, position } = ref;
  const prices = tradePrices(snapshot, market, true);
  const candidates = oppositeMarkets(snapshot, market);
  const increases = existingPosition(snapshot, ref.owner, candidates);
  const next = increases?.market ?? marketForNewPosition(snapshot, candidates, market.config.collateralSymbol);
  const nextCollateral = next.collateral.pubkey === market.collateral.pubkey
    ? prices.collateral
    : requirePrice(snapshot, next.collateral.token);

  const earlier = snapshot.version === "earlier";
  const discountBps = earlier ? discountBpsFor(req.privilege ?? "NONE", req.tradingFeeDiscountPercent) : 0n;
  const close = closeQuote({
    ...closeBasis(snapshot, market, position, prices),
    sizeDeltaUsd: position.sizeUsd,
    full: true,
    discountBps,
    exitFeeAtExitPrice: earlier,
  });
  const nc = next.collateral.account;
  const closeReceiveAmount = tokenAmount(close.receiveUsd, nc.decimals, nextCollateral.price, nc.tokenAmountMultiplier);
  const newCollateralUsd = reverseCollateralUsd(close.receiveUsd);
  if (newCollateralUsd === 0n) fail("INSUFFICIENT_COLLATERAL", "the close pays out nothing to reopen with");
  const collateralAmount = tokenAmount(newCollateralUsd, nc.decimals, nextCollateral.price, nc.tokenAmountMultiplier);

  const side = oppositeSide(market.side);
  const degen = earlier && req.degenMode === true;
  const leverageBps = leverageToBps(req.leverage);
  const p = next.target.account.pricing;
  const maxLev = BigInt(degen ? p.maxInitDegenLeverage : p.maxInitLeverage);
  if (leverageBps < BigInt(p.minInitLeverage) || (maxLev > 0n && leverageBps > maxLev)) {
    fail(
      "COMPUTE_FAILED",
      `leverage ${formatLeverage(leverageBps)}x is outside the market range ${
        formatLeverage(BigInt(p.minInitLeverage))
      }x to ${formatLeverage(maxLev)}x`,
    );
  }
  const sized = sizeFromLeverage({
    collateralUsd: usdValue(collateralAmount, nc.decimals, nextCollateral.price, nc.tokenAmountMultiplier),
    leverageBps,
    side,
    targetPrice: prices.target.price,
    targetCustody: next.target.account,
    discountBps,
  });
  const old = increases
    ? positionFigures(next, increases.position, prices.target.price, nextCollateral.price, snapshot.nowUnix)
    : undefined;
  const q = openQuote({
    position: increases?.position ?? null,
    side,
    collateralDeltaAmount: collateralAmount,
    sizeDeltaAmount: sized.sizeAmount,
    targetPrice: prices.target.price,
    targetCustody: next.target.account,
    collateralPrice: nextCollateral.price,
    collateralCustody: nc,
    market: next.account,
    nowUnix: snapshot.nowUnix,
    discountBps,
    existingPnlUsd: old ? old.metrics.pnl.profitUsd - old.metrics.pnl.lossUsd : undefined,
  });
  let newPosition: PositionLike = q.newPosition;
  let liquidation = q.newLiquidationPrice;
  if (degen) {
    newPosition = { ...newPosition, degenSizeUsd: newPosition.sizeUsd };
    liquidation = positionLiquidationPrice(newPosition, side, next.target.account, q.borrowFeeUsd);
  }
  const newLeverage = leverageDecimal(q.newLeverageBps) ??
    fail("INSUFFICIENT_COLLATERAL", `collateral of ${usdText(newCollateralUsd)} does not cover the entry fee`);
  const f = marketFormat(next);
  return {
    dto: {
      closeReceiveUsd: formatUsd(close.receiveUsd),
      closeFees: formatUsd(close.feesUsd),
      closeSettledPnl: formatUsd(close.settledPnlUsd),
      newSide: side,
      newLeverage,
      newEntryPrice: f.price(q.entryPrice),
      newLiquidationPrice: f.price(liquidation),
      newSizeUsd: formatUsd(newPosition.sizeUsd),
      newSizeAmountUi: f.size(newPosition.sizeAmount),
      newCollateralUsd: formatUsd(newCollateralUsd),
      openEntryFee: formatUsd(q.feeUsd),
    },
    plan: {
      ref,
      newMarket: next,
      increases,
      closeReceiveAmount,
      collateralAmount,
      sizeAmount: sized.sizeAmount,
      closeExitPrice: close.pnl.exitPrice,
      openEntryPrice: q.entryDeltaPrice,
      openSizeUsd: q.sizeDeltaUsd,
      newPosition,
    },
  };
}
