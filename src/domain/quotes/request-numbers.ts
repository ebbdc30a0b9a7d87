/**
 * Request strings → native integers: amounts at a token's decimals, USD-6 figures and UI prices at an oracle
 * exponent. The schema already guarantees the syntax; what it cannot see (beyond a u64, zero prices) is refused here.
 */
import { U64_MAX } from "../../protocol/constants.ts";
import { DecimalParseError, parseDecimal } from "../math/decimal.ts";
import { parsePrice } from "../math/oracle.ts";
import type { OraclePrice } from "../math/types.ts";
import { fail, type QuoteErrorCode } from "./result.ts";

/** A decimal request string at `decimals` native digits (the schema already guarantees the syntax). */
export function parseAmount(text: string, decimals: number, field: string): bigint {
  try {
    return parseDecimal(text, decimals);
  } catch (error) {
    if (error instanceof DecimalParseError) fail("COMPUTE_FAILED", `${field} is not a decimal amount`);
    throw error;
  }
}

/**
 * `parseAmount` within a u64, for a figure computed from the amount as the program would hold it: the program keeps
 * every token amount in one, so a larger one can be neither traded nor quoted (and its figures would overflow the
 * contract's strings). Where a larger amount still has a meaning (a close of more than the position: a full close),
 * `parseAmount` reads it.
 */
export function parseU64Amount(text: string, decimals: number, field: string): bigint {
  const amount = parseAmount(text, decimals, field);
  if (amount > U64_MAX) fail("COMPUTE_FAILED", `${field} is beyond the largest amount the program holds`);
  return amount;
}

export const parseUsd = (text: string, field: string) => parseAmount(text, 6, field);

export function parseSignedUsd(text: string, field: string): bigint {
  try {
    return parseDecimal(text, 6, { allowNegative: true });
  } catch {
    return fail("COMPUTE_FAILED", `${field} is not a decimal amount`);
  }
}

/**
 * A user-entered UI price at the oracle exponent; not a decimal, zero, or beyond a u64 mantissa is refused with
 * `code` (a quote's COMPUTE_FAILED; an order rule's TRIGGER_PRICE_INVALID, ./order-price.ts).
 */
export function parseUiPrice(
  text: string,
  exponent: number,
  field: string,
  code: QuoteErrorCode = "COMPUTE_FAILED",
): OraclePrice {
  let p: OraclePrice;
  try {
    p = parsePrice(text, exponent);
  } catch {
    return fail(code, `${field} is not a decimal price`);
  }
  if (p.price <= 0n) fail(code, `${field} must be greater than zero`);
  if (p.price > U64_MAX) fail(code, `${field} is beyond the largest price the program holds`);
  return p;
}
