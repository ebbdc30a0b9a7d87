/**
 * Liquidation price (PROTOCOL-v1 §5.9, PROTOCOL-v2 §5.10).
 */
import type { TradeSide } from "../../protocol/vocabulary.ts";
import { big, floorDiv, pow10 } from "./bigint.ts";
import { BPS_POWER, DIFF_PRICE_EXPONENT } from "./constants.ts";
import { feeOn } from "./fees.ts";
import { scalePrice } from "./oracle.ts";
import type { CustodyLike, IntLike, OraclePrice, PositionLike, PricingParamsLike } from "./types.ts";

export interface LiquidationInput {
  side: TradeSide;
  /** Entry (or limit) price; the result carries its exponent. */
  entryPrice: OraclePrice;
  sizeAmount: bigint;
  sizeDecimals: number;
  sizeUsd: bigint;
  collateralUsd: bigint;
  /** fees.close_position of the target custody (RATE). */
  closePositionRate: bigint;
  /** Maintenance leverage (BPS): pricing.max_leverage, or max_degen_leverage for degen positions. */
  maxLeverage: IntLike;
  /** Accrued lock fee + unsettled fees (0 for a new position or a resting order). */
  borrowFeeUsd: bigint;
}

/**
 * liabilities L = ⌊size_usd·10^4 / max_leverage⌋ + exit fee(size_usd) + borrow fee;  C = collateral_usd
 * C ≥ L: Δ = ⌊(C − L)·10^(size_decimals+3) / size_amount⌋ at exponent −9, rescaled (truncating) to the entry
 *        exponent; long E − Δ, short E + Δ.
 * C < L: Δ from (L − C); long E + Δ, short E − Δ.   A result below 0 is 0.
 *
 * Choices: (1) PROTOCOL-v2 §5.10 mentions an older correlated-long formula using the position's collateral
 * *amount*; it was dropped from the vendor's program reader with "margin engine v2" (positions no longer carry a
 * collateral amount) and SDK 15.17.2 does not use it, so every market uses the formula above. (2) The exit fee uses
 * the program's rounding (ceil, see fees.ts). (3) A zero price keeps the entry exponent (the SDK returns exponent 0),
 * so it renders with the market's precision. (4) An empty position (size_amount = 0) has liquidation price 0.
 */
export function liquidationPrice(input: LiquidationInput): OraclePrice {
  const e = input.entryPrice.exponent;
  if (input.sizeAmount === 0n) return { price: 0n, exponent: e };
  const maxLev = big(input.maxLeverage);
  if (maxLev <= 0n) throw new RangeError("max leverage must be positive");
  const liabilities = floorDiv(input.sizeUsd * BPS_POWER, maxLev) + feeOn(input.sizeUsd, input.closePositionRate) +
    input.borrowFeeUsd;
  const solvent = input.collateralUsd >= liabilities;
  const gap = solvent ? input.collateralUsd - liabilities : liabilities - input.collateralUsd;
  const diff = scalePrice(
    { price: floorDiv(gap * pow10(input.sizeDecimals + 3), input.sizeAmount), exponent: DIFF_PRICE_EXPONENT },
    e,
  ).price;
  // solvent: the price has to move against the position; insolvent: it must move in its favour.
  const moveUp = (input.side === "Long") !== solvent;
  const p = moveUp ? input.entryPrice.price + diff : input.entryPrice.price - diff;
  return { price: p < 0n ? 0n : p, exponent: e };
}

/** Degen mode ⇔ degen_size_usd ≥ size_usd (for a non-empty position). */
export function isDegen(position: Pick<PositionLike, "degenSizeUsd" | "sizeUsd">): boolean {
  return position.sizeUsd > 0n && position.degenSizeUsd >= position.sizeUsd;
}

/**
 * The maintenance leverage of a position.
 *
 * Choice (PROTOCOL-v2 §8 item 8, degen leverage in liquidation): SDK1 always uses max_leverage. Degen positions are
 * opened above max_leverage (up to max_init_degen_leverage); with max_leverage as the maintenance level every such
 * position would be liquidatable the moment it opens, which the program evidently does not do. So degen positions
 * use max_degen_leverage (when set) and all others max_leverage.
 */
export function maintenanceLeverage(
  position: Pick<PositionLike, "degenSizeUsd" | "sizeUsd">,
  pricing: Pick<PricingParamsLike, "maxLeverage" | "maxDegenLeverage">,
): IntLike {
  return isDegen(position) && big(pricing.maxDegenLeverage) > 0n ? pricing.maxDegenLeverage : pricing.maxLeverage;
}

/** Liquidation price of a stored (or hypothetical) position on its target custody. */
export function positionLiquidationPrice(
  position: Pick<
    PositionLike,
    "entryPrice" | "sizeAmount" | "sizeDecimals" | "sizeUsd" | "collateralUsd" | "degenSizeUsd"
  >,
  side: TradeSide,
  targetCustody: {
    fees: Pick<CustodyLike["fees"], "closePosition">;
    pricing: Pick<PricingParamsLike, "maxLeverage" | "maxDegenLeverage">;
  },
  borrowFeeUsd: bigint,
): OraclePrice {
  return liquidationPrice({
    side,
    entryPrice: position.entryPrice,
    sizeAmount: position.sizeAmount,
    sizeDecimals: position.sizeDecimals,
    sizeUsd: position.sizeUsd,
    collateralUsd: position.collateralUsd,
    closePositionRate: targetCustody.fees.closePosition,
    maxLeverage: maintenanceLeverage(position, targetCustody.pricing),
    borrowFeeUsd,
  });
}
