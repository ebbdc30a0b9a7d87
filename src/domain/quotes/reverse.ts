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
import { closeQuote } from "../math/close.ts";
import { tokenAmount, usdValue } from "../math/oracle.ts";
import type { OraclePrice, PositionLike, Privilege } from "../math/types.ts";
import { formatUsd } from "../format/ui.ts";
import type { DeploymentSnapshot, LivePrice, MarketContext } from "../deployment-snapshot.ts";
import { marketFormat } from "../views/position-metrics.ts";
import { oppositeMarkets, requirePrice, tradePrices } from "./market-lookup.ts";
import {
  closeBasis,
  existingPosition,
  type OpenPositionRef,
  type PositionTarget,
  requirePosition,
} from "./position-lookup.ts";
import { requireFeeCovered, requireLeverageWithin, requireLiquidity } from "./program-rules.ts";
import { sizeLeg } from "./open.ts";
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

export interface ReversePositionTerms {
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
  terms: ReversePositionTerms;
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
export function requireReverseLiquidity(snapshot: DeploymentSnapshot, terms: ReversePositionTerms): void {
  const next = terms.newMarket;
  const lockedDelta = terms.newPosition.lockedAmount - (terms.increases?.position.lockedAmount ?? 0n);
  requireLiquidity(next, requirePrice(snapshot, next.collateral.token).price, terms.openSizeUsd, lockedDelta);
}

/** The steps of an open (./open.ts): resolve, size, check, then describe it for the client and the builder. */
function computeReverse(snapshot: DeploymentSnapshot, req: ReversePositionRequest): ReversePositionQuote {
  const target = resolveReverseTarget(snapshot, req);
  const sized = sizeReverse(snapshot, req, target);
  const newLeverage = requireFeeCovered(sized.leg.quote.newLeverageBps, sized.newCollateralUsd);
  return { dto: reverseDto(target, sized, newLeverage), terms: reverseTerms(target, sized) };
}

/** What a reverse trades: the position closed, the opposite market the new leg opens on (or increases), prices. */
interface ReverseTarget {
  ref: OpenPositionRef;
  prices: ReturnType<typeof tradePrices>;
  /** The opposite side's existing position, increased by the new leg. */
  increases?: OpenPositionRef;
  next: MarketContext;
  nextCollateral: LivePrice;
  side: TradeSide;
  earlier: boolean;
  discountBps: bigint;
  degen: boolean;
}

function resolveReverseTarget(snapshot: DeploymentSnapshot, req: ReversePositionRequest): ReverseTarget {
  const ref = requirePosition(snapshot, req.position);
  const { market } = ref;
  const prices = tradePrices(snapshot, market, true);
  const candidates = oppositeMarkets(snapshot, market);
  const increases = existingPosition(snapshot, ref.owner, candidates);
  const next = increases?.market ?? marketForNewPosition(snapshot, candidates, market.config.collateralSymbol);
  const nextCollateral = next.collateral.pubkey === market.collateral.pubkey
    ? prices.collateral
    : requirePrice(snapshot, next.collateral.token);
  const earlier = snapshot.version === "earlier";
  return {
    ref,
    prices,
    increases,
    next,
    nextCollateral,
    side: oppositeSide(market.side),
    earlier,
    discountBps: earlier ? discountBpsFor(req.privilege ?? "NONE", req.tradingFeeDiscountPercent) : 0n,
    degen: earlier && req.degenMode === true,
  };
}

/**
 * The close leg (a full close paid out in the new market's collateral token), the haircut collateral it leaves, and
 * the new leg sized from it at the requested leverage (held to the new market's bounds) exactly as an open.
 */
function sizeReverse(snapshot: DeploymentSnapshot, req: ReversePositionRequest, t: ReverseTarget) {
  const { ref: { market, position }, next, nextCollateral } = t;
  const close = closeQuote({
    ...closeBasis(snapshot, market, position, t.prices),
    sizeDeltaUsd: position.sizeUsd,
    full: true,
    discountBps: t.discountBps,
    exitFeeAtExitPrice: t.earlier,
  });
  const nc = next.collateral.account;
  const inNextCollateral = (usd: bigint) =>
    tokenAmount(usd, nc.decimals, nextCollateral.price, nc.tokenAmountMultiplier);
  const closeReceiveAmount = inNextCollateral(close.receiveUsd);
  const newCollateralUsd = reverseCollateralUsd(close.receiveUsd);
  if (newCollateralUsd === 0n) fail("INSUFFICIENT_COLLATERAL", "the close pays out nothing to reopen with");
  const collateralAmount = inNextCollateral(newCollateralUsd);

  const leverageBps = leverageToBps(req.leverage);
  requireLeverageWithin(next, leverageBps, t.degen);
  const leg = sizeLeg(snapshot, {
    market: next,
    side: t.side,
    existing: t.increases,
    markPrice: t.prices.target.price,
    tradePrice: t.prices.target.price,
    collateralPrice: nextCollateral.price,
    collateralAmount,
    collateralUsd: usdValue(collateralAmount, nc.decimals, nextCollateral.price, nc.tokenAmountMultiplier),
    leverageBps,
    discountBps: t.discountBps,
    degen: t.degen,
    sized: true,
  });
  return { close, closeReceiveAmount, newCollateralUsd, collateralAmount, leg };
}

type ReverseSizing = ReturnType<typeof sizeReverse>;

function reverseDto(t: ReverseTarget, s: ReverseSizing, newLeverage: string): ReversePositionQuoteDto {
  const f = marketFormat(t.next);
  return {
    closeReceiveUsd: formatUsd(s.close.receiveUsd),
    closeFees: formatUsd(s.close.feesUsd),
    closeSettledPnl: formatUsd(s.close.settledPnlUsd),
    newSide: t.side,
    newLeverage,
    newEntryPrice: f.price(s.leg.quote.entryPrice),
    newLiquidationPrice: f.price(s.leg.liquidationPrice),
    newSizeUsd: formatUsd(s.leg.position.sizeUsd),
    newSizeAmountUi: f.size(s.leg.position.sizeAmount),
    newCollateralUsd: formatUsd(s.newCollateralUsd),
    openEntryFee: formatUsd(s.leg.quote.feeUsd),
  };
}

function reverseTerms(t: ReverseTarget, s: ReverseSizing): ReversePositionTerms {
  return {
    ref: t.ref,
    newMarket: t.next,
    increases: t.increases,
    closeReceiveAmount: s.closeReceiveAmount,
    collateralAmount: s.collateralAmount,
    sizeAmount: s.leg.sizeAmount,
    closeExitPrice: s.close.pnl.exitPrice,
    openEntryPrice: s.leg.quote.entryDeltaPrice,
    openSizeUsd: s.leg.quote.sizeDeltaUsd,
    newPosition: s.leg.position,
  };
}
