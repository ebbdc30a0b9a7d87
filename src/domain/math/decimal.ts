/**
 * Exact conversions between decimal strings and scaled integers. No floating point is involved anywhere.
 */
import { pow10 } from "./bigint.ts";

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?$/;

export class DecimalParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DecimalParseError";
  }
}

export interface ParseDecimalOptions {
  /** Accept a leading `-` (default false: amounts and prices are unsigned). */
  allowNegative?: boolean;
}

/**
 * Parses a plain decimal string ("12", "0.5", ".5", "-3.25") into an integer scaled by 10^decimals, truncating extra
 * fraction digits toward zero (the SDK's `uiDecimalsToNative` rounds down the same way). Exponent notation, spaces,
 * thousands separators, "NaN" and "Infinity" are rejected.
 */
export function parseDecimal(text: string, decimals: number, options: ParseDecimalOptions = {}): bigint {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`decimals must be ≥ 0, got ${decimals}`);
  const match = DECIMAL_RE.exec(text);
  if (match === null) throw new DecimalParseError(`not a decimal number: ${JSON.stringify(text)}`);
  const [, sign, whole = "", fraction = ""] = match;
  if (whole === "" && fraction === "") throw new DecimalParseError(`not a decimal number: ${JSON.stringify(text)}`);
  if (sign === "-" && !options.allowNegative) {
    throw new DecimalParseError(`negative value not allowed: ${JSON.stringify(text)}`);
  }
  const kept = fraction.slice(0, decimals).padEnd(decimals, "0");
  // whole · 10^decimals + kept, as one parse: `kept` has exactly `decimals` digits.
  const magnitude = BigInt((whole === "" ? "0" : whole) + kept);
  return sign === "-" ? -magnitude : magnitude;
}

/** True when `text` is accepted by {@link parseDecimal}. */
export function isDecimalString(text: string, options: ParseDecimalOptions = {}): boolean {
  const match = DECIMAL_RE.exec(text);
  if (match === null) return false;
  if ((match[2] ?? "") === "" && (match[3] ?? "") === "") return false;
  return match[1] !== "-" || options.allowNegative === true;
}

/**
 * True when `text` is a decimal string whose every digit is zero ("0", "0.00", ".0"): the amount asked for is zero,
 * whatever it would parse to. A non-zero amount below the field's precision ("0.0000001" USD) also parses to 0 but
 * is not zero, which matters where zero has a meaning of its own (a close of "0" closes everything).
 */
export function isZeroDecimal(text: string): boolean {
  return isDecimalString(text, { allowNegative: true }) && !/[1-9]/.test(text);
}

/**
 * Renders value·10^-decimals with exactly `precision` fraction digits, truncating toward zero. A negative value gets
 * a leading "-" unless it truncates to zero (no "-0.00").
 */
export function toFixedDecimal(value: bigint, decimals: number, precision: number): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`decimals must be ≥ 0, got ${decimals}`);
  if (!Number.isInteger(precision) || precision < 0) throw new RangeError(`precision must be ≥ 0, got ${precision}`);
  const negative = value < 0n;
  let magnitude = negative ? -value : value;
  // Bring the magnitude to `precision` fraction digits (truncating).
  if (precision < decimals) magnitude = magnitude / pow10(decimals - precision);
  else if (precision > decimals) magnitude = magnitude * pow10(precision - decimals);
  const digits = magnitude.toString().padStart(precision + 1, "0");
  const whole = digits.slice(0, digits.length - precision);
  const text = precision === 0 ? whole : `${whole}.${digits.slice(digits.length - precision)}`;
  return negative && magnitude !== 0n ? `-${text}` : text;
}

/** Exact decimal rendering of value·10^-decimals with trailing fraction zeros removed ("1.5", "2", "-0.000001"). */
export function toExactDecimal(value: bigint, decimals: number): string {
  const full = toFixedDecimal(value, decimals, decimals);
  const dot = full.indexOf(".");
  if (dot < 0) return full;
  // Trailing fraction zeros off, then the point if nothing is left after it (a loop: cheaper than two regexes).
  let end = full.length;
  while (full.charCodeAt(end - 1) === 48 /* "0" */) end--;
  if (end - 1 === dot) end--;
  return end === full.length ? full : full.slice(0, end);
}
