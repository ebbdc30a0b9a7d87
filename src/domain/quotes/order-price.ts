/**
 * A user-entered limit or trigger price as an order instruction carries it: at the target oracle's exponent (the
 * program rejects another: ExponentMismatch), truncating digits that exponent cannot hold, non-zero and within a
 * u64 mantissa. A price that breaks this is an order rule (TRIGGER_PRICE_INVALID: 400 on every v2 builder,
 * DECISIONS 3.3).
 */
import { parsePrice } from "../math/oracle.ts";
import type { OraclePrice } from "../math/types.ts";
import { U64_MAX } from "../../protocol/constants.ts";
import { fail } from "./result.ts";

export function parseOrderPrice(text: string, exponent: number, field: string): OraclePrice {
  let price: OraclePrice;
  try {
    price = parsePrice(text, exponent);
  } catch {
    return fail("TRIGGER_PRICE_INVALID", `${field} is not a decimal price`);
  }
  if (price.price === 0n) fail("TRIGGER_PRICE_INVALID", `${field} must be greater than zero`);
  if (price.price > U64_MAX) fail("TRIGGER_PRICE_INVALID", `${field} is beyond the largest price the program holds`);
  return price;
}
