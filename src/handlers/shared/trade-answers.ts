/**
 * How the v2 trading and order builder handlers answer (DECISIONS 3.2, 3.3, 5.13), shared so each handler stays a
 * few lines: the signer of the request (owner, or session key), a domain builder's refusal as the contract answers
 * it, and the built instructions as `transactionBase64` (through `buildTransaction`: ER blockhash, compute budget,
 * size check, builder-failure metric).
 *
 * - Quote builders (open, close, reverse, add/remove collateral): a refusal is 200 `{err, code}` like a quote
 *   failure, except the order rules (slot range, full or empty slot, trigger or limit price against the mark, order
 *   size), which are 400 `{error, code}` on every builder (DECISIONS 3.3).
 * - Simple builders (increase/decrease, orders): every refusal is 400 `{error, code}`.
 *
 * Every refusal is counted in `builder_failures_total` by its code. A failure that is not a domain refusal (a bug)
 * is not caught here: it reaches the app's error handler as a 500.
 */
import type { AppEnv } from "../../services.ts";
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { ApiError } from "../../http/errors.ts";
import type { OperationId } from "../../http/metrics.ts";
import { QuoteError, type QuoteErrorCode, type QuoteFailure, type QuoteResult } from "../../domain/quotes/result.ts";
import {
  type BuiltTrade,
  isSessionRefusal,
  type TradeSigner,
  tradeSigner,
} from "../../domain/builders/v2/trade-accounts.ts";
import { slippagePercentToBps } from "../../domain/math/spread.ts";
import type { DeploymentSnapshot } from "../../domain/views/context.ts";
import { answerQuote, computeError, type ComputeErrorBody } from "./answers.ts";
import { builderError, buildTransaction } from "./transactions.ts";

/** The order rules: 400 on every builder, quote builders included. */
const ORDER_RULE_CODES: ReadonlySet<QuoteErrorCode> = new Set([
  "ORDER_SLOT_INVALID",
  "ORDER_SLOTS_FULL",
  "ORDER_NOT_FOUND",
  "TRIGGER_PRICE_INVALID",
  "ORDER_SIZE_INVALID",
]);

type Json200<T> = Response & TypedResponse<JSONParsed<T>, 200, "json">;

/** The session fields every trading and order request may carry. */
export interface SessionFields {
  owner: string;
  signer?: string;
  sessionToken?: string;
}

/**
 * Who signs the request's transaction: the owner, or the session key (`signer` + `sessionToken`, both or neither,
 * the token being the session key's for this owner and program). Otherwise 400 VALIDATION_FAILED naming the field.
 */
export function requireTradeSigner(
  c: Context<AppEnv>,
  operation: OperationId,
  snapshot: DeploymentSnapshot,
  body: SessionFields,
): TradeSigner {
  const signer = tradeSigner(snapshot.programId, body.owner, body.signer, body.sessionToken);
  if (!isSessionRefusal(signer)) return signer;
  const field = `body.${signer.field}`;
  throw builderError(c, operation, new ApiError(400, "VALIDATION_FAILED", `${field} ${signer.message}`, field));
}

/**
 * Without an owner (open-position preview) nothing is signed, but the pair rule still holds: `signer` and
 * `sessionToken` both or neither (400 VALIDATION_FAILED).
 */
export function requireSessionPair(
  c: Context<AppEnv>,
  operation: OperationId,
  body: Omit<SessionFields, "owner">,
): void {
  if ((body.signer === undefined) === (body.sessionToken === undefined)) return;
  const field = body.signer === undefined ? "body.signer" : "body.sessionToken";
  const other = body.signer === undefined ? "sessionToken" : "signer";
  throw builderError(
    c,
    operation,
    new ApiError(400, "VALIDATION_FAILED", `${field} is required together with ${other}`, field),
  );
}

/** `slippagePercentage` ("0.5" = 0.5 %) in basis points (the schema bounds it to 0..100 and fills the default). */
export function slippageBpsOf(body: { slippagePercentage?: string }): bigint {
  return slippagePercentToBps(body.slippagePercentage ?? "0.5");
}

/** Runs a domain builder; a refusal (`fail`) becomes a value, anything else propagates. */
function attempt(build: () => BuiltTrade): { ok: true; built: BuiltTrade } | QuoteFailure {
  try {
    return { ok: true, built: build() };
  } catch (error) {
    if (error instanceof QuoteError) return { ok: false, code: error.code, err: error.message };
    throw error;
  }
}

function refusal(c: Context<AppEnv>, operation: OperationId, failure: QuoteFailure): ApiError {
  return builderError(c, operation, new ApiError(400, failure.code, failure.err));
}

/**
 * A quote builder's answer without a transaction (open-position preview-only mode): the quote or its failure as
 * `answerQuote` gives them, except the order rules, which are 400 here too.
 */
export function answerQuoteOnly<Q, R>(
  c: Context<AppEnv>,
  operation: OperationId,
  quote: QuoteResult<Q>,
  shape: (value: Q) => R,
): Json200<R> | Json200<ComputeErrorBody> {
  if (!quote.ok && ORDER_RULE_CODES.has(quote.code)) throw refusal(c, operation, quote);
  return answerQuote(c, quote, shape);
}

/**
 * A quote builder's answer: the quote's failure, or the built transaction's refusal, as 200 `{err, code}` (order
 * rules: 400); else 200 with `shape(quote, transactionBase64)`.
 */
export function answerQuoteBuilder<Q, R>(
  c: Context<AppEnv>,
  operation: OperationId,
  quote: QuoteResult<Q>,
  build: (value: Q) => BuiltTrade,
  shape: (value: Q, transactionBase64: string) => R,
): Json200<R> | Json200<ComputeErrorBody> {
  const outcome = quote.ok ? attempt(() => build(quote.value)) : quote;
  if (!outcome.ok) {
    if (ORDER_RULE_CODES.has(outcome.code)) throw refusal(c, operation, outcome);
    c.var.services.metrics.builderFailed(operation, outcome.code);
    return c.json(computeError(outcome), 200);
  }
  const { built } = outcome;
  const transactionBase64 = buildTransaction(c, operation, {
    chain: "er",
    feePayer: built.feePayer,
    instructions: built.instructions,
  });
  return c.json(shape((quote as { value: Q }).value, transactionBase64), 200);
}

/** A simple builder's answer: 200 `{transactionBase64}`, or its refusal as 400 `{error, code}`. */
export function answerBuilder(
  c: Context<AppEnv>,
  operation: OperationId,
  build: () => BuiltTrade,
): Json200<{ transactionBase64: string }> {
  const outcome = attempt(build);
  if (!outcome.ok) throw refusal(c, operation, outcome);
  const transactionBase64 = buildTransaction(c, operation, {
    chain: "er",
    feePayer: outcome.built.feePayer,
    instructions: outcome.built.instructions,
  });
  return c.json({ transactionBase64 }, 200);
}
