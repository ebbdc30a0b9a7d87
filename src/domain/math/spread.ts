/**
 * Trade spread and the spread-adjusted entry/exit prices (PROTOCOL-v1 §5.2–5.3, PROTOCOL-v2 §5.4, §3.1).
 */
import type { TradeSide } from "../../protocol/vocabulary.ts";
import { ceilDiv, decimalCeilMul, floorDiv } from "./bigint.ts";
import { BPS_DECIMALS, SPREAD_POWER, SPREAD_SLOPE_POWER } from "./constants.ts";
import { parseDecimal } from "./decimal.ts";
import { maxPriceOf, minPriceOf } from "./oracle.ts";
import type { OraclePrice, PriceInput, PricingParamsLike } from "./types.ts";

export type SpreadPricing = Pick<PricingParamsLike, "tradeSpreadMin" | "tradeSpreadMax" | "maxPositionSizeUsd">;

/**
 * Spread (10^-6 of price) for a trade of `sizeUsd` USD-6:
 *   slope = ⌊(max − min)·10^13 / max_position_size_usd⌋;  spread = min + ⌊slope·sizeUsd / 10^13⌋  (no upper clamp).
 *
 * Choice (PROTOCOL-v2 §8 item 8, PROTOCOL-v1 §11.8): the SDK returns 0 whenever max = min (even when both are > 0)
 * and for a zero size; the program code (vendor Rust reader) returns 0 only when trade_spread_max = 0 and otherwise
 * charges at least `min`. We follow the program: a custody configured with min = max > 0 does charge that spread,
 * and an SDK-style 0 would under-quote every trade on it. Degenerate configurations (max < min, or
 * max_position_size_usd = 0) get the flat `min`.
 */
export function tradeSpread(pricing: SpreadPricing, sizeUsd: bigint): bigint {
  const { tradeSpreadMin: min, tradeSpreadMax: max, maxPositionSizeUsd: maxPos } = pricing;
  if (max === 0n) return 0n;
  if (max <= min || maxPos <= 0n || sizeUsd <= 0n) return min;
  const slope = floorDiv((max - min) * SPREAD_SLOPE_POWER, maxPos);
  return min + floorDiv(slope * sizeUsd, SPREAD_SLOPE_POWER);
}

/** Price moved up by the spread, rounded up (protocol-favourable). */
function up(p: OraclePrice, spread: bigint): OraclePrice {
  return { price: p.price + ceilDiv(p.price * spread, SPREAD_POWER), exponent: p.exponent };
}

/** Price moved down by the spread, rounded so the move is not overstated (floor), and never below 0. */
function down(p: OraclePrice, spread: bigint): OraclePrice {
  const d = floorDiv(p.price * spread, SPREAD_POWER);
  return { price: d < p.price ? p.price - d : 0n, exponent: p.exponent };
}

/**
 * Fill price of an open/increase: long = P_max·(1 + spread), short = P_min·(1 − spread). Exponent unchanged.
 *
 * Choice (rounding): the SDK floors the spread term on both sides; the program code rounds the upward move up
 * (`checked_decimal_ceil_mul`) and the downward move down, and saturates at 0. We follow the program so a quoted long
 * entry is never better than the fill. Difference: at most 1 price unit, on longs only.
 */
export function entryPrice(side: TradeSide, price: PriceInput, spread: bigint): OraclePrice {
  return side === "Long" ? up(maxPriceOf(price), spread) : down(minPriceOf(price), spread);
}

/**
 * Fill price of a close/decrease (and the mark used for PnL): long = P_max·(1 − spread), short = P_min·(1 + spread),
 * i.e. the entry price of the opposite side (same rounding choice as {@link entryPrice}; the program computes it
 * that way).
 */
export function exitPrice(side: TradeSide, price: PriceInput, spread: bigint): OraclePrice {
  return side === "Long" ? down(maxPriceOf(price), spread) : up(minPriceOf(price), spread);
}

/** {@link entryPrice} with the spread of a trade of `sizeUsd` on the target custody. */
export function entryPriceForSize(
  side: TradeSide,
  price: PriceInput,
  pricing: SpreadPricing,
  sizeUsd: bigint,
): OraclePrice {
  return entryPrice(side, price, tradeSpread(pricing, sizeUsd));
}

/** {@link exitPrice} with the spread of a trade of `sizeUsd` (a position's size_usd for PnL). */
export function exitPriceForSize(
  side: TradeSide,
  price: PriceInput,
  pricing: SpreadPricing,
  sizeUsd: bigint,
): OraclePrice {
  return exitPrice(side, price, tradeSpread(pricing, sizeUsd));
}

/**
 * The `price_with_slippage` instruction argument: d = ⌈P·bps / 10^4⌉ (exponent unchanged);
 * entry: long P + d, short P − d; exit (close/decrease): long P − d, short P + d; a bound that would go ≤ 0 is 0.
 *
 * Choice (PROTOCOL-v2 §8 item 6, whether the program compares the bound with the raw oracle price or the
 * spread-adjusted fill): callers pass the quoted fill price (entryPrice/exitPrice). That bound is never crossed by
 * the spread alone, so a trade is only rejected for real price movement; against the oracle price the bound differs
 * by at most the spread.
 */
export function priceWithSlippage(
  isEntry: boolean,
  side: TradeSide,
  price: OraclePrice,
  slippageBps: bigint,
): OraclePrice {
  if (slippageBps < 0n) throw new RangeError("slippage must be ≥ 0");
  const d = decimalCeilMul(price.price, price.exponent, slippageBps, -BPS_DECIMALS, price.exponent);
  const raise = isEntry === (side === "Long");
  if (raise) return { price: price.price + d, exponent: price.exponent };
  return { price: d < price.price ? price.price - d : 0n, exponent: price.exponent };
}

/** "0.5" (percent) → 50 bps; extra digits beyond a basis point are truncated. */
export function slippagePercentToBps(percent: string): bigint {
  return parseDecimal(percent, 2);
}

/** BPS of a percentage given as a decimal string or number 0..100 (e.g. `tradingFeeDiscountPercent`). */
export function percentToBps(percent: string | number): bigint {
  const text = typeof percent === "number" ? numberToPlainString(percent) : percent;
  const bps = parseDecimal(text, 2);
  if (bps > 100n * 100n) throw new RangeError(`percentage above 100: ${text}`);
  return bps;
}

/** Plain (non-exponent) decimal text of a finite JS number as given by the request (e.g. 12.5 → "12.5"). */
export function numberToPlainString(x: number): string {
  if (!Number.isFinite(x)) throw new RangeError(`not a finite number: ${x}`);
  // toString keeps the shortest round-trip form; exponent forms only appear far outside request ranges.
  const s = x.toString();
  if (!/e/i.test(s)) return s;
  return x.toFixed(20).replace(/0+$/, "").replace(/\.$/, "");
}
