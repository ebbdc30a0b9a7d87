/**
 * Take-profit / stop-loss previews (PROTOCOL-v1 §5.13, PROTOCOL-v2 §5.13): forward (trigger price → PnL) and the
 * two inverses, `reverse_pnl` (target PnL → trigger price) and `reverse_roi` (target ROI % → trigger price).
 */
import type { TradeSide } from "../../protocol/vocabulary.ts";
import { floorDiv, pow10 } from "./bigint.ts";
import { USD_DECIMALS } from "./constants.ts";
import { parseDecimal } from "./decimal.ts";
import { exitFee } from "./fees.ts";
import { pnlPercentBps, type PnlPosition, type PnlPricing, positionPnl } from "./pnl.ts";
import { numberToPlainString } from "./spread.ts";
import type { CollateralCustody, IntLike, OraclePrice } from "./types.ts";

export interface TriggerPnlInput {
  position: PnlPosition;
  side: TradeSide;
  /** The trigger, used as the oracle price at execution. */
  triggerPrice: OraclePrice;
  targetPricing: PnlPricing;
  collateralPrice: OraclePrice;
  collateralCustody: CollateralCustody;
  nowUnix: IntLike;
  /** fees.close_position of the target custody (RATE). */
  closePositionRate: bigint;
  /** Apply the exit spread to the trigger (default true, as the program fills at the spread-adjusted price). */
  applyExitSpread?: boolean;
}

export interface TriggerPnl {
  exitPrice: OraclePrice;
  profitUsd: bigint;
  lossUsd: bigint;
  /** Signed profit − loss (before fees). */
  pnlUsd: bigint;
  /** Exit fee on size_usd. */
  exitFeeUsd: bigint;
  /** pnlUsd − exitFeeUsd. */
  netPnlUsd: bigint;
  /** pnlUsd in hundredths of a percent of collateral_usd (the SDK's pnlPercentage). */
  pnlPercentBps: bigint;
}

/**
 * Forward preview: the position's PnL if the oracle price were `triggerPrice` (exit spread applied, delay rule at
 * `nowUnix`, payout cap). TP shows `profitUsd`, SL `lossUsd`; both are non-negative.
 */
export function triggerPnl(input: TriggerPnlInput): TriggerPnl {
  const pricing: PnlPricing = input.applyExitSpread === false
    ? { ...input.targetPricing, tradeSpreadMin: 0n, tradeSpreadMax: 0n }
    : input.targetPricing;
  const pnl = positionPnl({
    position: input.position,
    side: input.side,
    targetPrice: input.triggerPrice,
    targetPricing: pricing,
    collateralPrice: input.collateralPrice,
    collateralCustody: input.collateralCustody,
    nowUnix: input.nowUnix,
  });
  const pnlUsd = pnl.profitUsd - pnl.lossUsd;
  const fee = exitFee(input.position.sizeUsd, input.closePositionRate).feeUsd;
  return {
    exitPrice: pnl.exitPrice,
    profitUsd: pnl.profitUsd,
    lossUsd: pnl.lossUsd,
    pnlUsd,
    exitFeeUsd: fee,
    netPnlUsd: pnlUsd - fee,
    pnlPercentBps: pnlPercentBps(pnlUsd, input.position.collateralUsd),
  };
}

/** Size amount at 6 decimals (truncating when the token has more). */
export function sizeAtUsdDecimals(sizeAmount: bigint, sizeDecimals: number): bigint {
  return sizeDecimals > USD_DECIMALS
    ? floorDiv(sizeAmount, pow10(sizeDecimals - USD_DECIMALS))
    : sizeAmount * pow10(USD_DECIMALS - sizeDecimals);
}

export interface ReversePnlInput {
  /** Signed target PnL in USD-6: positive = profit (TP), negative = loss (SL). */
  targetPnlUsd: bigint;
  /** Exit fee to cover (USD-6; pass 0 to target gross PnL). */
  exitFeeUsd: bigint;
  sizeAmount: bigint;
  sizeDecimals: number;
  entryPrice: OraclePrice;
  side: TradeSide;
}

/**
 * Trigger price at which the position makes `targetPnlUsd` after the exit fee (`reverse_pnl`):
 *   A₆ = size at 6 decimals;  Δ = (P + F)·10^|e| / A₆ truncated toward zero;  long E + Δ, short E − Δ.
 * Like the SDK it ignores the trade spread and the borrow fee. Returns null when no positive price reaches the
 * target (e.g. a short's profit beyond its entry price) or the size is below one micro-unit.
 *
 * Choice (PROTOCOL-v2 §8 item 16, sign convention): the target is signed — a stop-loss of $10 is −10 000 000.
 */
export function triggerPriceForPnl(input: ReversePnlInput): OraclePrice | null {
  const e = input.entryPrice.exponent;
  if (e > 0) throw new RangeError("positive price exponents are not supported");
  const a6 = sizeAtUsdDecimals(input.sizeAmount, input.sizeDecimals);
  if (a6 === 0n) return null;
  const delta = ((input.targetPnlUsd + input.exitFeeUsd) * pow10(-e)) / a6; // bigint division truncates toward zero
  const p = input.side === "Long" ? input.entryPrice.price + delta : input.entryPrice.price - delta;
  return p > 0n ? { price: p, exponent: e } : null;
}

/**
 * Target PnL (USD-6) for an ROI percentage of the collateral: R·collateral/100, truncated toward zero.
 * Choice (PROTOCOL-v2 §8 item 16, fractional ROI): the SDK takes whole percents; the API's `targetRoiPercent` is a
 * number, so fractions are kept exactly (up to 6 decimal places) instead of being cut to an integer first.
 */
export function pnlForRoi(roiPercent: number | string, collateralUsd: bigint): bigint {
  const text = typeof roiPercent === "number" ? numberToPlainString(roiPercent) : roiPercent;
  const r = parseDecimal(text, 6, { allowNegative: true }); // percent × 10^6
  return (r * collateralUsd) / (100n * pow10(6));
}

/** `reverse_roi`: {@link triggerPriceForPnl} for the PnL of an ROI percentage. */
export function triggerPriceForRoi(
  roiPercent: number | string,
  collateralUsd: bigint,
  rest: Omit<ReversePnlInput, "targetPnlUsd">,
): OraclePrice | null {
  return triggerPriceForPnl({ ...rest, targetPnlUsd: pnlForRoi(roiPercent, collateralUsd) });
}
