/**
 * Quote and builder outcomes as values (DECISIONS 3.2): a quote, preview or transaction builder either succeeds or
 * refuses the request with a stable code from the service's registry, a specific text and, when one request field
 * is at fault, its name. Inside the domain a refusal is raised with {@link fail} (or {@link failField}) and turned
 * into a value by {@link runQuote} (quotes: any other exception is COMPUTE_FAILED) or {@link attempt} (transaction
 * steps: any other exception is a bug and propagates). How a refusal is answered (200 `{err, code}` or an error
 * status) is the contract's choice per endpoint, made in `src/handlers/shared/builder-answers.ts`.
 */

/**
 * The registry codes (src/http/errors.ts) a refusal may carry. The order group is raised by the trigger and limit
 * order rules (DECISIONS 3.3, 5.8); the setup group by the v2 setup and funds builders: a request that can never
 * work whatever the client does next (an unknown token, an amount that cannot be moved exactly, a fee payer equal to
 * the owner, a withdrawal for an owner who never deposited). What an earlier step of the same flow will fix is not a
 * refusal but an unmet precondition (`builders/v2/funds-state.ts`).
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
  | "ORDER_SIZE_INVALID"
  // Setup and funds requests (issue 9): answered 400 with the field at fault.
  | "INVALID_DECIMAL"
  | "VALIDATION_FAILED"
  | "FEE_PAYER_CONFLICT"
  | "SETUP_ALREADY_DONE"
  | "DEPOSIT_LEDGER_NOT_FOUND";

export interface QuoteFailure {
  ok: false;
  code: QuoteErrorCode;
  err: string;
  /** The request field at fault, as `body.<name>` (only when the refusal names one). */
  field?: string;
}

export interface QuoteSuccess<T> {
  ok: true;
  value: T;
}

export type QuoteResult<T> = QuoteSuccess<T> | QuoteFailure;

export class QuoteError extends Error {
  constructor(
    readonly code: QuoteErrorCode,
    message: string,
    /** The request field at fault, as `body.<name>` (absent when no single field is). */
    readonly field?: string,
  ) {
    super(message);
    this.name = "QuoteError";
  }

  /** The refusal as a value (`field` only when there is one, so failures compare equal to literals). */
  toFailure(): QuoteFailure {
    const failure: QuoteFailure = { ok: false, code: this.code, err: this.message };
    if (this.field !== undefined) failure.field = this.field;
    return failure;
  }
}

export function fail(code: QuoteErrorCode, err: string): never {
  throw new QuoteError(code, err);
}

/** Refuses naming a request body field: the text reads `body.<field> <message>`. */
export function failField(code: QuoteErrorCode, field: string, message: string): never {
  throw new QuoteError(code, `body.${field} ${message}`, `body.${field}`);
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
    if (error instanceof QuoteError) return error.toFailure();
    return { ok: false, code: "COMPUTE_FAILED", err: COMPUTE_FAILED_TEXT };
  }
}

/**
 * Runs a transaction step (a domain builder): its refusal becomes a value like {@link runQuote}'s, but any other
 * exception propagates. A builder works on a quote's terms that were already computed, so an unexpected exception
 * there is a bug to surface (500), not a figure the request could not be computed for.
 */
export function attempt<T>(build: () => T): QuoteResult<T> {
  try {
    return { ok: true, value: build() };
  } catch (error) {
    if (error instanceof QuoteError) return error.toFailure();
    throw error;
  }
}

/** The value of a successful result; a failure is raised again (for composing quotes inside {@link runQuote}). */
export function unwrapQuote<T>(result: QuoteResult<T>): T {
  if (!result.ok) throw new QuoteError(result.code, result.err, result.field);
  return result.value;
}
