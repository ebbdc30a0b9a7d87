/**
 * How a transaction builder answers what the domain decided (written for the earlier interface, usable by any
 * builder):
 *
 * - a quote builder's failure is 200 `{err, code}` (DECISIONS 3.2), counted in `builder_failures_total` when a
 *   transaction was asked for (a preview-only quote is not a builder failure);
 * - a simple builder's refusal (trigger orders, DECISIONS 3.3) is an error status: 404 for a missing account, 503
 *   for a missing price, 400 for everything else, naming the field at fault when the code says which it is;
 * - request checks the schema cannot express (an amount that must be above zero; the vendor's alias of a field).
 */
import type { AppEnv } from "../../services.ts";
import type { Context } from "hono";
import { ApiError } from "../../http/errors.ts";
import type { OperationId } from "../../http/metrics.ts";
import type { QuoteFailure, QuoteResult } from "../../domain/quotes/result.ts";
import { computeError, missingField } from "./answers.ts";
import { builderError } from "./transactions.ts";

/**
 * A quote builder's result as the contract answers it: 200 with `map(value)` (which builds the transaction), or 200
 * `{err, code}`, counted as a builder failure when `counted`.
 */
export function answerBuild<T, R>(
  c: Context<AppEnv>,
  operation: OperationId,
  result: QuoteResult<T>,
  map: (value: T) => R,
  counted = true,
) {
  if (!result.ok) {
    if (counted) c.var.services.metrics.builderFailed(operation, result.code);
    return c.json(computeError(result), 200);
  }
  return c.json(map(result.value), 200);
}

/** The request field a refusal is about, by its code (trigger-order requests). */
const FIELD_OF_CODE: Partial<Record<QuoteFailure["code"], string>> = {
  TRIGGER_PRICE_INVALID: "body.triggerPriceUi",
  ORDER_SIZE_INVALID: "body.sizeAmountUi",
  ORDER_NOT_FOUND: "body.orderId",
  ORDER_SLOT_INVALID: "body.orderId",
};

/** The value of a simple builder's result, or the error status its refusal is answered with (thrown, counted). */
export function requireBuilt<T>(c: Context<AppEnv>, operation: OperationId, result: QuoteResult<T>): T {
  if (result.ok) return result.value;
  const status = result.code === "NOT_FOUND" ? 404 : result.code === "PRICE_UNAVAILABLE" ? 503 : 400;
  throw builderError(c, operation, new ApiError(status, result.code, result.err, FIELD_OF_CODE[result.code]));
}

/** 400 INVALID_DECIMAL when an amount that must be positive is zero (the schema only checks the syntax). */
export function requirePositiveAmount(field: string, value: string): void {
  if (!/[1-9]/.test(value)) {
    throw new ApiError(400, "INVALID_DECIMAL", `body.${field} must be greater than zero`, `body.${field}`);
  }
}

/**
 * `tokenStakeTokenAccount`, also accepted under the vendor's name `tokenStakeFafAccount` (DECISIONS 2.3); both
 * sent and different is 400.
 */
export function tokenStakeAccountOf(body: { tokenStakeTokenAccount?: string; tokenStakeFafAccount?: string }) {
  const { tokenStakeTokenAccount: neutral, tokenStakeFafAccount: vendor } = body;
  if (neutral !== undefined && vendor !== undefined && neutral !== vendor) {
    throw missingField("tokenStakeFafAccount", "must equal tokenStakeTokenAccount when both are sent");
  }
  return neutral ?? vendor;
}
