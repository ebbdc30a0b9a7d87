/**
 * Collateral limits (PROTOCOL-v1 §5.11, PROTOCOL-v2 §5.12 "Add/Remove collateral"): how much USD can be added or
 * withdrawn, with the SDK's 5 % safety band on the leverage and minimum-collateral limits.
 */
import { big, floorDiv, minBig, nonNegative } from "./bigint.ts";
import { BPS_POWER, COLLATERAL_BAND_PERCENT } from "./constants.ts";
import { isDegen } from "./liquidation.ts";
import type { PositionLike, PricingParamsLike } from "./types.ts";

type BandedPosition = Pick<PositionLike, "sizeUsd" | "collateralUsd" | "degenSizeUsd">;

/**
 * Max USD addable before the position falls below the minimum initial leverage (degen variant for degen positions):
 *   minLev = ⌊min_init_leverage·(100 + band)/100⌋;  max(⌊size_usd·10^4 / minLev⌋ − collateral_usd, 0).
 * Convert to tokens at the collateral **min** price.
 */
export function maxAddableCollateralUsd(
  position: BandedPosition,
  pricing: Pick<PricingParamsLike, "minInitLeverage" | "minInitDegenLeverage">,
  bandPercent: bigint = COLLATERAL_BAND_PERCENT,
): bigint {
  const raw = big(isDegen(position) ? pricing.minInitDegenLeverage : pricing.minInitLeverage);
  const minLev = floorDiv(raw * (100n + bandPercent), 100n);
  if (minLev <= 0n) throw new RangeError("custody min_init_leverage is 0");
  return nonNegative(floorDiv(position.sizeUsd * BPS_POWER, minLev) - position.collateralUsd);
}

export interface WithdrawInput {
  position: BandedPosition & Pick<PositionLike, "priceImpactUsd">;
  pricing: Pick<
    PricingParamsLike,
    "maxInitLeverage" | "maxInitDegenLeverage" | "minCollateralUsd" | "minDegenCollateralUsd"
  >;
  /** Current PnL loss (USD-6, ≥ 0). Profit is deliberately not an input: it does not count. */
  lossUsd: bigint;
  /** Exit fee on size_usd. */
  exitFeeUsd: bigint;
  /** Accrued lock fee + unsettled fees. */
  borrowFeeUsd: bigint;
  bandPercent?: bigint;
}

/**
 * Max USD withdrawable:
 *   capMin  = collateral − ⌊min_collateral_usd·(100 + band)/100⌋           (≥ 0)
 *   loss ≥ collateral → 0
 *   avail   = collateral − (loss + price_impact + exit fee + borrow fee)     (profit not counted)
 *   capLev  = avail − ⌊size_usd·10^4 / ⌊max_init_leverage·(100 − band)/100⌋⌋  (≥ 0)
 *   result  = min(capMin, capLev)
 * Degen positions use the degen limits. Convert to tokens at the collateral **max** price.
 */
export function maxWithdrawableCollateralUsd(input: WithdrawInput): bigint {
  const { position: pos, pricing } = input;
  const band = input.bandPercent ?? COLLATERAL_BAND_PERCENT;
  const degen = isDegen(pos);
  const minColl = floorDiv(big(degen ? pricing.minDegenCollateralUsd : pricing.minCollateralUsd) * (100n + band), 100n);
  const capMin = nonNegative(pos.collateralUsd - minColl);
  if (input.lossUsd >= pos.collateralUsd) return 0n;
  const maxLev = floorDiv(big(degen ? pricing.maxInitDegenLeverage : pricing.maxInitLeverage) * (100n - band), 100n);
  if (maxLev <= 0n) return 0n;
  const avail = pos.collateralUsd - (input.lossUsd + pos.priceImpactUsd + input.exitFeeUsd + input.borrowFeeUsd);
  const capLev = nonNegative(avail - floorDiv(pos.sizeUsd * BPS_POWER, maxLev));
  return minBig(capMin, capLev);
}
