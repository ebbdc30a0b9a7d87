/**
 * UI strings (DECISIONS 2.10) from native bigint values and their decimals, never through floating point:
 * USD with 2 decimals; token amounts at the token's `tokenPrecision`; prices at the market's price precision
 * (`usdPrecision` of the target token); percentages with 2 decimals; everything truncated toward zero; a negative
 * value carries a leading "-"; "-" for unset values; "Infinity" for unbounded leverage.
 */
import { USD_DECIMALS } from "../math/constants.ts";
import { pow10 } from "../math/bigint.ts";
import { toFixedDecimal } from "../math/decimal.ts";
import { INFINITE_LEVERAGE, type LeverageBps } from "../math/leverage.ts";
import type { OraclePrice } from "../math/types.ts";

/** Text of an unset value (e.g. an absent TP/SL price). */
export const UNSET_UI = "-";
/** Text of an unbounded leverage (margin ≤ 0). */
export const INFINITY_UI = "Infinity";

/** Decimals of every USD string. */
export const USD_UI_DECIMALS = 2;
/** Decimals of every percentage string. */
export const PERCENT_UI_DECIMALS = 2;

/** value·10^-decimals with `precision` fraction digits, truncated toward zero ("-" sign kept, no "-0.00"). */
export function formatDecimal(value: bigint, decimals: number, precision: number): string {
  return toFixedDecimal(value, decimals, precision);
}

/** USD-6 → "1234.56". */
export function formatUsd(usd: bigint): string {
  return toFixedDecimal(usd, USD_DECIMALS, USD_UI_DECIMALS);
}

/** Token native amount → string with `tokenPrecision` decimals. */
export function formatTokenAmount(amount: bigint, decimals: number, tokenPrecision: number): string {
  return toFixedDecimal(amount, decimals, tokenPrecision);
}

/** Oracle price → string with `usdPrecision` decimals (price × 10^exponent, truncated). */
export function formatPrice(price: OraclePrice, usdPrecision: number): string {
  if (price.exponent <= 0) return toFixedDecimal(price.price, -price.exponent, usdPrecision);
  return toFixedDecimal(price.price * 10n ** BigInt(price.exponent), 0, usdPrecision);
}

/** Hundredths of a percent (1234n) → "12.34". */
export function formatPercentBps(bps: bigint): string {
  return toFixedDecimal(bps, 2, PERCENT_UI_DECIMALS);
}

/** part / whole as a percentage with 2 decimals, truncated toward zero; "0.00" when whole is 0. */
export function formatRatioPercent(part: bigint, whole: bigint): string {
  if (whole === 0n) return toFixedDecimal(0n, 0, PERCENT_UI_DECIMALS);
  const negative = (part < 0n) !== (whole < 0n);
  const abs = (x: bigint) => (x < 0n ? -x : x);
  const bps = (abs(part) * 10_000n) / abs(whole);
  return formatPercentBps(negative ? -bps : bps);
}

/** A RATE-scaled rate (10^9 = 100 %) as a percentage: rate / 10^7 with `precision` decimals (default 2). */
export function formatRatePercent(rate: bigint, precision: number = PERCENT_UI_DECIMALS): string {
  return toFixedDecimal(rate, 7, precision);
}

/** Leverage in BPS → "5.00", or "Infinity". */
export function formatLeverage(leverage: LeverageBps): string {
  if (leverage === INFINITE_LEVERAGE) return INFINITY_UI;
  return toFixedDecimal(leverage, 4, 2);
}

const KMB_STEPS: readonly { digits: number; suffix: string }[] = [
  { digits: 9, suffix: "B" },
  { digits: 6, suffix: "M" },
  { digits: 3, suffix: "K" },
];

/**
 * Abbreviated amount: below 1 000 the plain value with 2 decimals; then thousands "K", millions "M", billions "B",
 * each with 2 decimals, truncated toward zero ("12345.678" → "12.34K", "999999.99" → "999.99K"). The unit is chosen
 * from the exact magnitude. Negative values carry a leading "-".
 */
export function formatKmb(value: bigint, decimals: number): string {
  const magnitude = value < 0n ? -value : value;
  for (const { digits, suffix } of KMB_STEPS) {
    if (magnitude >= pow10(digits + decimals)) {
      return `${toFixedDecimal(value, decimals + digits, 2)}${suffix}`;
    }
  }
  return toFixedDecimal(value, decimals, 2);
}

/** `format(value)` or "-" when the value is unset (null/undefined). */
export function formatOptional<T>(value: T | null | undefined, format: (v: T) => string): string {
  return value === null || value === undefined ? UNSET_UI : format(value);
}

/** A price that is unset when its mantissa is 0 (absent TP/SL slots): "-" or the formatted price. */
export function formatOptionalPrice(price: OraclePrice | null | undefined, usdPrecision: number): string {
  return price === null || price === undefined || price.price === 0n ? UNSET_UI : formatPrice(price, usdPrecision);
}
