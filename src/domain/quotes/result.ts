/**
 * Quote outcomes as values (DECISIONS 3.2): a quote or preview either succeeds or fails with a stable code from the
 * service's registry and a specific text. Inside a quote a failure is raised with {@link fail} and turned into a
 * value by {@link runQuote}, the only entry point handlers use, so bad user input never escapes as an exception.
 */

/**
 * The registry codes (src/http/errors.ts) a compute failure may carry. The last group is raised by the earlier
 * interface's transaction builders (a trigger order or TP/SL that the program would refuse; an account the
 * transaction needs that does not exist): quote builders answer them as 200 `err`, the trigger-order builders as
 * their 400 / 404 (DECISIONS 3.3).
 */
export type QuoteErrorCode =
  | "COMPUTE_FAILED"
  | "UNKNOWN_SYMBOL"
  | "UNKNOWN_MARKET"
  | "POSITION_NOT_FOUND"
  | "BASKET_NOT_FOUND"
  | "PRICE_UNAVAILABLE"
  | "INSUFFICIENT_COLLATERAL"
  | "UNSUPPORTED_TRADE_TYPE"
  | "MARKET_CLOSED"
  | "NOT_FOUND"
  // Order-slot and order-price rules (DECISIONS 3.3, 5.8): always 400, also inside a quote builder.
  | "ORDER_SLOT_INVALID"
  | "ORDER_SLOTS_FULL"
  | "ORDER_NOT_FOUND"
  | "TRIGGER_PRICE_INVALID"
  | "ORDER_SIZE_INVALID";

export interface QuoteFailure {
  ok: false;
  code: QuoteErrorCode;
  err: string;
}

export interface QuoteSuccess<T> {
  ok: true;
  value: T;
}

export type QuoteResult<T> = QuoteSuccess<T> | QuoteFailure;

export class QuoteError extends Error {
  constructor(readonly code: QuoteErrorCode, message: string) {
    super(message);
    this.name = "QuoteError";
  }
}

export function fail(code: QuoteErrorCode, err: string): never {
  throw new QuoteError(code, err);
}

/** The generic text of a computation the math refused (corrupt or inconsistent account data). */
export const COMPUTE_FAILED_TEXT = "computation failed: check symbols, prices and account data";

/**
 * Runs a quote. A {@link QuoteError} becomes its failure value; any other exception (the math rejecting account
 * data, e.g. a zero price or max leverage) becomes COMPUTE_FAILED with the generic text.
 */
export function runQuote<T>(compute: () => T): QuoteResult<T> {
  try {
    return { ok: true, value: compute() };
  } catch (error) {
    if (error instanceof QuoteError) return { ok: false, code: error.code, err: error.message };
    return { ok: false, code: "COMPUTE_FAILED", err: COMPUTE_FAILED_TEXT };
  }
}

/** The value of a successful result; a failure is raised again (for composing quotes inside {@link runQuote}). */
export function unwrapQuote<T>(result: QuoteResult<T>): T {
  if (!result.ok) fail(result.code, result.err);
  return result.value;
}
