/**
 * A user-entered limit or trigger price as an order instruction carries it: at the target oracle's exponent (the
 * program rejects another: ExponentMismatch), truncating digits that exponent cannot hold, non-zero and within a
 * u64 mantissa. A price that breaks this is an order rule (TRIGGER_PRICE_INVALID: 400 on every v2 builder,
 * DECISIONS 3.3).
 */
import type { OraclePrice } from "../math/types.ts";
import { parseUiPrice } from "./request-numbers.ts";

export function parseOrderPrice(text: string, exponent: number, field: string): OraclePrice {
  return parseUiPrice(text, exponent, field, "TRIGGER_PRICE_INVALID");
}
