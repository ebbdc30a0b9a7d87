/**
 * Small building blocks shared by the views and quotes: the contract's `OraclePriceDto`, and leverage/rate strings
 * for fields the contract types as plain decimals.
 */
import { toExactDecimal } from "../math/decimal.ts";
import { INFINITE_LEVERAGE, type LeverageBps } from "../math/leverage.ts";
import type { OraclePrice } from "../math/types.ts";
import { formatLeverage } from "../format/ui.ts";

/** `{price, exponent, confidence, timestamp}`, every member a decimal string (DECISIONS 2.8). */
export interface OraclePriceDto {
  price: string;
  exponent: string;
  confidence: string;
  timestamp: string;
}

/** A stored or computed price as the contract's OraclePriceDto; confidence is 0 (Lazer publishes none). */
export function oraclePriceDto(p: OraclePrice, timestampSec: bigint = 0n): OraclePriceDto {
  return { price: String(p.price), exponent: String(p.exponent), confidence: "0", timestamp: String(timestampSec) };
}

/**
 * Leverage for a field typed as a plain decimal string (quote DTOs): "5.00", or undefined when unbounded
 * (margin ≤ 0), which such fields cannot express; the caller decides whether to omit the field or fail.
 */
export function leverageDecimal(leverage: LeverageBps): string | undefined {
  return leverage === INFINITE_LEVERAGE ? undefined : formatLeverage(leverage);
}

/**
 * A RATE-scaled rate (10^9 = 100 %) as an exact percentage: rate / 10^7 with trailing zeros dropped
 * (360 000 → "0.036", 12 000 → "0.0012").
 *
 * Choice (DECISIONS 2.10 "percentages 2 decimals" vs the contract's examples `marginFeePercentage: "0.0012"`,
 * `borrowRateUi: "0.0012"`): fee and borrow *rates* are printed exactly. Hourly borrow rates are typically below
 * 0.01 %, so two decimals would print "0.00" for every market; PnL and ratio percentages keep two decimals.
 */
export function ratePercent(rate: bigint): string {
  return toExactDecimal(rate < 0n ? 0n : rate, 7);
}

/** Basis points as an exact percentage ("0", "12.5"): discounts. */
export function bpsPercent(bps: bigint): string {
  return toExactDecimal(bps, 2);
}

/**
 * Largest |exponent| a stored price may have to be computed with. Oracle exponents are small (−8, −10); an account
 * holding anything far outside that is corrupt, and scaling by 10^(2^31) would stall the process, so views skip
 * such entries instead of computing them.
 */
export const MAX_PRICE_EXPONENT = 64;
/**
 * Largest positive exponent: a u64 mantissa (20 digits) scaled by 10^40 still prints within the contract's
 * 64-character decimal strings; a larger one cannot come from an oracle and could not be shown.
 */
export const MAX_POSITIVE_PRICE_EXPONENT = 40;

export const plausiblePrice = (p: OraclePrice): boolean =>
  p.exponent >= -MAX_PRICE_EXPONENT && p.exponent <= MAX_POSITIVE_PRICE_EXPONENT;

/** A position whose stored prices can be computed with (see {@link MAX_PRICE_EXPONENT}). */
export const plausiblePosition = (p: { entryPrice: OraclePrice; referencePrice: OraclePrice }): boolean =>
  plausiblePrice(p.entryPrice) && plausiblePrice(p.referencePrice);

/**
 * A position that belongs to its market's tokens: its size is recorded in the target custody's decimals. The
 * program writes `size_decimals` from that custody, so a mismatch is a corrupt (or foreign) entry whose figures
 * would be meaningless; views leave it out and quotes refuse it.
 */
export const positionFitsMarket = (
  p: { entryPrice: OraclePrice; referencePrice: OraclePrice; sizeDecimals: number },
  targetDecimals: number,
): boolean => plausiblePosition(p) && p.sizeDecimals === targetDecimals;

/** Runs a computation over account data; a value the math rejects (corrupt account) yields undefined. */
export function tryCompute<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
