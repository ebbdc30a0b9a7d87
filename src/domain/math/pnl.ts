/**
 * Position PnL (PROTOCOL-v1 §5.8, PROTOCOL-v2 §5.8): through the exit spread, capped by the locked payout, with the
 * profit delay window (`delay_seconds` after `update_time`, profit frozen at the reference price).
 */
import type { TradeSide } from "../../protocol/vocabulary.ts";
import { big, floorDiv, maxBig, minBig } from "./bigint.ts";
import { BPS_POWER } from "./constants.ts";
import { minPriceOf, scalePrice, usdValue } from "./oracle.ts";
import { exitPriceForSize, type SpreadPricing } from "./spread.ts";
import type { CollateralCustody, IntLike, OraclePrice, PositionLike, PriceInput, PricingParamsLike } from "./types.ts";

export type PnlPosition = Pick<
  PositionLike,
  | "entryPrice"
  | "sizeAmount"
  | "sizeUsd"
  | "sizeDecimals"
  | "collateralUsd"
  | "lockedAmount"
  | "priceImpactUsd"
  | "referencePrice"
  | "updateTime"
>;

export type PnlPricing = SpreadPricing & Pick<PricingParamsLike, "delaySeconds">;

export interface PnlInput {
  position: PnlPosition;
  side: TradeSide;
  /** Target oracle price (or band). */
  targetPrice: PriceInput;
  /** Target custody pricing: spread parameters and delay_seconds. */
  targetPricing: PnlPricing;
  /** Collateral oracle price, used to value `locked_amount` (the profit cap). */
  collateralPrice: OraclePrice;
  collateralCustody: CollateralCustody;
  nowUnix: IntLike;
}

/** What a position's PnL is read against: its side, the prices and the custodies (a close's or the metrics' input). */
export interface PnlBasis {
  side: TradeSide;
  targetPrice: PriceInput;
  targetCustody: { pricing: PnlPricing };
  collateralPrice: PriceInput;
  collateralCustody: CollateralCustody;
  nowUnix: IntLike;
}

/**
 * `positionPnl` of `position` as a close and the position's metrics read it: at the target custody's pricing, the
 * collateral valued at the low end of its price band.
 */
export function pnlAgainst(position: PnlPosition, basis: PnlBasis): Pnl {
  return positionPnl({
    position,
    side: basis.side,
    targetPrice: basis.targetPrice,
    targetPricing: basis.targetCustody.pricing,
    collateralPrice: minPriceOf(basis.collateralPrice),
    collateralCustody: basis.collateralCustody,
    nowUnix: basis.nowUnix,
  });
}

export interface Pnl {
  /** USD-6, ≥ 0, capped at locked USD − collateral USD. */
  profitUsd: bigint;
  /** USD-6, ≥ 0. */
  lossUsd: bigint;
  /** The position's stored `price_impact_usd` (a liability at close). */
  priceImpactUsd: bigint;
  /** The spread-adjusted exit price for the whole position, at the entry exponent. */
  exitPrice: OraclePrice;
}

/**
 * PnL of a position at the given prices.
 *   X = exit price for S = size_usd;  maxProfit = max(usd(locked_amount) − collateral_usd, 0)
 *   long:  X > E → profit X − E (inside the delay window: max(reference − E, 0)); else loss E − X
 *   short: X < E → profit E − X (inside the delay window: max(E − reference, 0)); else loss X − E
 *   profit = min(usd(size_amount, Δ⁺), maxProfit), loss = usd(size_amount, Δ⁻)
 * The delay window is `now ≤ update_time + delay_seconds`.
 *
 * Choices: (1) an exit price whose exponent differs from the entry's is rescaled to the entry exponent instead of
 * failing (the feed exponent is fixed per oracle, so this only smooths a misconfiguration); (2) an unset (zero)
 * reference price inside the delay window yields no profit — the SDK would credit a short the whole entry price
 * (capped only by the payout limit).
 */
export function positionPnl(input: PnlInput): Pnl {
  const { position: pos, side } = input;
  const exit = scalePrice(
    exitPriceForSize(side, input.targetPrice, input.targetPricing, pos.sizeUsd),
    pos.entryPrice.exponent,
  );
  if (pos.sizeUsd === 0n || pos.entryPrice.price === 0n) {
    return { profitUsd: 0n, lossUsd: 0n, priceImpactUsd: 0n, exitPrice: exit };
  }
  const lockedUsd = usdValue(
    pos.lockedAmount,
    input.collateralCustody.decimals,
    input.collateralPrice,
    input.collateralCustody.tokenAmountMultiplier,
  );
  const maxProfit = maxBig(lockedUsd - pos.collateralUsd, 0n);
  const entry = pos.entryPrice.price;
  const afterDelay = big(input.nowUnix) > big(pos.updateTime) + big(input.targetPricing.delaySeconds);
  const reference = pos.referencePrice.price === 0n
    ? 0n
    : scalePrice(pos.referencePrice, pos.entryPrice.exponent).price;

  let gain = 0n;
  let drop = 0n;
  if (side === "Long") {
    if (exit.price > entry) {
      gain = afterDelay ? exit.price - entry : reference > entry ? reference - entry : 0n;
    } else {
      drop = entry - exit.price;
    }
  } else {
    if (exit.price < entry) {
      gain = afterDelay ? entry - exit.price : reference !== 0n && entry > reference ? entry - reference : 0n;
    } else {
      drop = exit.price - entry;
    }
  }
  const e = pos.entryPrice.exponent;
  const profitUsd = gain > 0n
    ? minBig(usdValue(pos.sizeAmount, pos.sizeDecimals, { price: gain, exponent: e }), maxProfit)
    : 0n;
  const lossUsd = drop > 0n ? usdValue(pos.sizeAmount, pos.sizeDecimals, { price: drop, exponent: e }) : 0n;
  return { profitUsd, lossUsd, priceImpactUsd: pos.priceImpactUsd, exitPrice: exit };
}

/** Signed PnL before fees: profit − loss. */
export function pnlWithoutFeeUsd(pnl: Pick<Pnl, "profitUsd" | "lossUsd">): bigint {
  return pnl.profitUsd - pnl.lossUsd;
}

/**
 * Signed PnL net of fees: profit − loss − exit fee − borrow fee − price impact.
 *
 * Choice (PROTOCOL-v1 §12 item 6: whether price impact is deducted is undetermined): we deduct it, because a close
 * settles exactly these liabilities (loss + price impact + exit fee + borrow fee); the figure then equals what a
 * solvent, uncapped full close pays out minus the collateral. For the usual price_impact_usd = 0 both readings agree.
 */
export function pnlWithFeeUsd(
  pnl: Pick<Pnl, "profitUsd" | "lossUsd" | "priceImpactUsd">,
  exitFeeUsd: bigint,
  borrowFeeUsd: bigint,
): bigint {
  return pnl.profitUsd - pnl.lossUsd - exitFeeUsd - borrowFeeUsd - pnl.priceImpactUsd;
}

/**
 * PnL as hundredths of a percent of the collateral: pnl·10^4 / collateral_usd, truncated toward zero (the SDK's
 * TP/SL percentage; format with 2 decimals for the UI). 0 when the collateral is 0.
 */
export function pnlPercentBps(pnlUsd: bigint, collateralUsd: bigint): bigint {
  if (collateralUsd <= 0n) return 0n;
  const magnitude = floorDiv((pnlUsd < 0n ? -pnlUsd : pnlUsd) * BPS_POWER, collateralUsd);
  return pnlUsd < 0n ? -magnitude : magnitude;
}
