/**
 * How every transaction builder handler answers, for both interfaces, so each handler stays a few lines: it calls
 * its domain builder (`src/domain/builders/{v2,earlier}/<endpoint>.ts`), which raises its refusals with `fail` /
 * `failField` (a `QuoteResult` failure once run), and hands the outcome to one of these:
 *
 * - `answerQuoteBuilder` (open, close, reverse, add / remove collateral): 200 with the quote and its
 *   `transactionBase64`, or the refusal as 200 `{err, code}` like a quote failure (DECISIONS 3.2);
 * - `answerQuotePreview` (open-position without an owner): the quote alone, `{err, code}` as above;
 * - `answerBuilder` (every other builder): 200 with `{transactionBase64}` (or the handler's shape of the plan), or the
 *   refusal as an error status;
 * - `requireTradeSigner` / `requireSessionPair` (v2 trading and order builders): the session fields checked before
 *   anything is quoted, a refusal being an error status.
 *
 * The error status of a refusal is the contract's, which differs between the interfaces (`REFUSAL_ANSWERS`):
 * - v2: 400 `{error, code, field?}` for every refusal of a simple builder, and inside a quote builder for the order
 *   rules (DECISIONS 3.3: slot range, full or empty slot, trigger or limit price, order size);
 * - earlier: 404 for a missing account, 503 for a missing price, else 400, naming the trigger-order request field
 *   the code is about; the routes document `{err, code, field?}`, which the app writes (`src/http/app.ts`). Inside a
 *   quote builder every refusal is 200 `{err, code}` (the earlier document has no 400 for them).
 *
 * Counting rule of `builder_failures_total{operation, code}`: every refusal of a request that asks for a transaction
 * is counted once, by the code it is answered with, whatever its status (200 `{err}`, 4xx, or 500 from assembly:
 * `transactions.ts`): the quote's, the domain builder's, the signer check's, the blockhash's and the size check's. Not
 * counted: a preview-only quote (no transaction was asked for), the request checks a handler makes before the domain
 * is asked (`missingField`, `requirePositiveAmount`, …: malformed requests, like those the schema rejects), and an
 * unexpected exception (a bug: 500 INTERNAL, logged by the app).
 */
import type { AppEnv } from "../../services.ts";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { interfaceOf } from "../../http/mounts.ts";
import { ApiError } from "../../http/errors.ts";
import type { OperationId } from "../../http/metrics.ts";
import type { ProgramVersion } from "../../protocol/vocabulary.ts";
import { attempt, type QuoteErrorCode, type QuoteFailure, type QuoteResult } from "../../domain/quotes/result.ts";
import type { TransactionPlan } from "../../domain/builders/plan.ts";
import { sessionPair, type TradeSigner, tradeSigner } from "../../domain/builders/v2/trade-accounts.ts";
import type { FundsTransactionPlan } from "../../domain/builders/v2/funds-plan.ts";
import type { DeploymentSnapshot } from "../../domain/deployment-snapshot.ts";
import { answerQuote, computeError, type ComputeErrorBody, type Json200 } from "./answers.ts";
import { buildTransaction } from "./transactions.ts";

/** How one interface's contract answers a refusal with an error status. */
interface RefusalAnswers {
  /** The status of a refusal inside a quote builder; undefined: 200 `{err, code}`. */
  inQuoteBuilder(code: QuoteErrorCode): ContentfulStatusCode | undefined;
  /** The status of a simple builder's refusal (and of a refused signer). */
  status(code: QuoteErrorCode): ContentfulStatusCode;
  /** The request field the answer names. */
  field(failure: QuoteFailure): string | undefined;
}

/** The order rules (DECISIONS 3.3, 5.8): 400 on every v2 builder, quote builders included. */
const ORDER_RULE_CODES: ReadonlySet<QuoteErrorCode> = new Set([
  "ORDER_SLOT_INVALID",
  "ORDER_SLOTS_FULL",
  "ORDER_NOT_FOUND",
  "TRIGGER_PRICE_INVALID",
  "ORDER_SIZE_INVALID",
]);

/** The trigger-order request field an earlier-interface refusal is about, by its code. */
const EARLIER_FIELD_OF_CODE: Partial<Record<QuoteErrorCode, string>> = {
  TRIGGER_PRICE_INVALID: "body.triggerPriceUi",
  ORDER_SIZE_INVALID: "body.sizeAmountUi",
  ORDER_NOT_FOUND: "body.orderId",
  ORDER_SLOT_INVALID: "body.orderId",
};

/**
 * Apart because the two contracts differ (the v2 builders document 400 only; the earlier trigger-order builders
 * 400 / 404 / 503), not because the refusals do: both interfaces' domain builders raise them the same way.
 */
const REFUSAL_ANSWERS: Record<ProgramVersion, RefusalAnswers> = {
  v2: {
    // VALIDATION_FAILED is a request the contract refuses whatever is quoted (a payout token the program cannot pay
    // out in, DECISIONS 5.17): 400, as everywhere.
    inQuoteBuilder: (code) => (ORDER_RULE_CODES.has(code) || code === "VALIDATION_FAILED" ? 400 : undefined),
    status: () => 400,
    field: (failure) => failure.field,
  },
  earlier: {
    inQuoteBuilder: () => undefined,
    status: (code) => (code === "NOT_FOUND" ? 404 : code === "PRICE_UNAVAILABLE" ? 503 : 400),
    field: (failure) => failure.field ?? EARLIER_FIELD_OF_CODE[failure.code],
  },
};

function answersOf(operation: OperationId): RefusalAnswers {
  return REFUSAL_ANSWERS[interfaceOf(operation)];
}

function refusalError(status: ContentfulStatusCode, failure: QuoteFailure, answers: RefusalAnswers): ApiError {
  return new ApiError(status, failure.code, failure.err, answers.field(failure));
}

function countFailure(c: Context<AppEnv>, operation: OperationId, failure: QuoteFailure): void {
  c.get("services").metrics.builderFailed(operation, failure.code);
}

/**
 * The value of a step a builder cannot go on without (the domain builder's plan, the request's signer), or its
 * refusal thrown as the simple builders' error status, counted.
 */
export function requireAccepted<T>(c: Context<AppEnv>, operation: OperationId, outcome: QuoteResult<T>): T {
  if (outcome.ok) return outcome.value;
  countFailure(c, operation, outcome);
  const answers = answersOf(operation);
  throw refusalError(answers.status(outcome.code), outcome, answers);
}

/**
 * A quote builder's answer: the quote's failure, or the plan's refusal, as 200 `{err, code}` (or the error status the
 * interface gives it inside a quote builder), counted; else 200 with `shape(quote, transactionBase64)`. `plan` turns
 * the quote into the transaction plan: the domain builder's call (v2), or the plan the domain already built
 * (earlier, whose builders quote and build in one function because the privilege grant feeds the quote).
 */
export function answerQuoteBuilder<Q, R>(
  c: Context<AppEnv>,
  operation: OperationId,
  quote: QuoteResult<Q>,
  plan: (value: Q) => TransactionPlan,
  shape: (value: Q, transactionBase64: string) => R,
): Json200<R> | Json200<ComputeErrorBody> {
  const outcome = quote.ok ? attempt(() => ({ quoted: quote.value, plan: plan(quote.value) })) : quote;
  if (!outcome.ok) {
    countFailure(c, operation, outcome);
    const answers = answersOf(operation);
    const status = answers.inQuoteBuilder(outcome.code);
    if (status !== undefined) throw refusalError(status, outcome, answers);
    return c.json(computeError(outcome), 200);
  }
  const { quoted } = outcome.value;
  return c.json(shape(quoted, buildTransaction(c, operation, outcome.value.plan)), 200);
}

/**
 * A quote builder asked for no transaction (open-position without an owner): the quote or its failure as
 * `answerQuote` gives them, except what the interface answers with an error status inside a quote builder. Nothing
 * is counted: no transaction was asked for.
 */
export function answerQuotePreview<Q, R>(
  c: Context<AppEnv>,
  operation: OperationId,
  quote: QuoteResult<Q>,
  shape: (value: Q) => R,
): Json200<R> | Json200<ComputeErrorBody> {
  if (!quote.ok) {
    const answers = answersOf(operation);
    const status = answers.inQuoteBuilder(quote.code);
    if (status !== undefined) throw refusalError(status, quote, answers);
  }
  return answerQuote(c, quote, shape);
}

/**
 * A simple builder's answer: 200 with `{transactionBase64}`, or with `shape(plan, transactionBase64)` when the
 * contract returns more (receipts, preconditions, created accounts); its refusal as the error status, counted.
 */
export function answerBuilder<P extends TransactionPlan>(
  c: Context<AppEnv>,
  operation: OperationId,
  outcome: QuoteResult<P>,
): Json200<{ transactionBase64: string }>;
export function answerBuilder<P extends TransactionPlan, R>(
  c: Context<AppEnv>,
  operation: OperationId,
  outcome: QuoteResult<P>,
  shape: (plan: P, transactionBase64: string) => R,
): Json200<R>;
export function answerBuilder<P extends TransactionPlan, R>(
  c: Context<AppEnv>,
  operation: OperationId,
  outcome: QuoteResult<P>,
  shape?: (plan: P, transactionBase64: string) => R,
) {
  const plan = requireAccepted(c, operation, outcome);
  const transactionBase64 = buildTransaction(c, operation, plan);
  return c.json(shape ? shape(plan, transactionBase64) : { transactionBase64 }, 200);
}

/** The answer of a v2 setup or funds builder: its transaction and the preconditions it still waits for. */
export function withPreconditions(plan: Pick<FundsTransactionPlan, "unmetPreconditions">, transactionBase64: string) {
  return { transactionBase64, unmetPreconditions: plan.unmetPreconditions };
}

/** The session fields every v2 trading and order request may carry (DECISIONS 5.13). */
export interface SessionFields {
  owner: string;
  signer?: string;
  sessionToken?: string;
}

/**
 * Who signs the request's transaction: the owner, or the session key (`signer` + `sessionToken`, both or neither,
 * the token being the session key's for this owner and program). Otherwise 400 VALIDATION_FAILED naming the field,
 * before anything is quoted.
 */
export function requireTradeSigner(
  c: Context<AppEnv>,
  operation: OperationId,
  snapshot: DeploymentSnapshot,
  body: SessionFields,
): TradeSigner {
  return requireAccepted(
    c,
    operation,
    attempt(() => tradeSigner(snapshot.programId, body.owner, body.signer, body.sessionToken)),
  );
}

/**
 * Without an owner (open-position preview) nothing is signed, but the pair rule still holds: `signer` and
 * `sessionToken` both or neither (400 VALIDATION_FAILED, not counted: no transaction was asked for).
 */
export function requireSessionPair(
  operation: OperationId,
  body: Omit<SessionFields, "owner">,
): void {
  const outcome = attempt(() => sessionPair(body.signer, body.sessionToken));
  if (outcome.ok) return;
  const answers = answersOf(operation);
  throw refusalError(answers.status(outcome.code), outcome, answers);
}
