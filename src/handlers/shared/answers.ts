/**
 * How a handler answers beyond the schema's own validation: a quote outcome as 200 (the value, or the contract's
 * ComputeErrorResponse `{err, code}`, DECISIONS 3.2), and the request checks the schema cannot express (400 naming
 * the field: a mode's input, an amount that must be above zero, the vendor's alias of a field). Transaction builders
 * answer through `builder-answers.ts`, which builds on these.
 */
import type { AppEnv, JsonText } from "../../services.ts";
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { ApiError } from "../../http/errors.ts";
import { cachedJsonResponse, entityTagOf, JSON_CONTENT } from "../../http/entity-tag.ts";
import { markCacheable } from "../../http/fast-path/answer-cache.ts";
import type { PositionTarget } from "../../domain/quotes/position-lookup.ts";
import type { TpSlRequest } from "../../domain/quotes/previews.ts";
import type { QuoteFailure, QuoteResult } from "../../domain/quotes/result.ts";

/** The contract's ComputeErrorResponse. */
export interface ComputeErrorBody {
  err: string;
  code: QuoteFailure["code"];
}

export function computeError(failure: QuoteFailure): ComputeErrorBody {
  return { err: failure.err, code: failure.code };
}

/** A 200 JSON response typed by its body, as `c.json(body, 200)` returns it. */
export type Json200<T> = Response & TypedResponse<JSONParsed<T>, 200, "json">;

/**
 * 200 with JSON text already serialized (a cached answer, e.g. an owner view shared with the streams), typed as the
 * value it encodes so the route's response type still holds. The text must be `JSON.stringify` of a `T`.
 */
export function answerJsonText<T>(c: Context<AppEnv>, json: string): Json200<T> {
  // The body is the JSON of a T; only the type-level brand differs from what `c.json(value)` would return.
  return c.body(json, 200, JSON_CONTENT) as unknown as Json200<T>;
}

/** A 304 without a body, typed as `c.body(null, 304)` returns it. */
export type NotModified = Response & TypedResponse<null, 304, "body">;

/**
 * A cached answer's JSON text (`priceMap.json`, `poolStats.json(shape)`), typed as the value it encodes: 200 with its
 * entity tag, or 304 without a body when the request's `If-None-Match` holds that tag (`cachedJsonResponse`, which the
 * edge answers plain reads with too).
 */
export function answerCachedJson<T>(c: Context<AppEnv>, json: JsonText<T>): Json200<T> | NotModified {
  return cachedJsonResponse(json.text, entityTagOf(json), c.req.header("if-none-match")) as Json200<T> | NotModified;
}

/**
 * A pure quote's outcome as the contract answers it: 200 with the value (shaped by `map`, e.g. a quote's DTO plus the
 * null transaction fields of a preview-only builder), or 200 with `{err, code}`. Only for an answer computed from
 * the request and the state alone (accounts, prices, the clock): it is marked cacheable, so the same request in the
 * same moment of the state is answered from its text (src/http/fast-path/answer-cache.ts). A builder's transaction (a
 * blockhash, a fee payer's state) never goes through here.
 */
export function answerQuote<T>(c: Context<AppEnv>, result: QuoteResult<T>): Json200<T> | Json200<ComputeErrorBody>;
export function answerQuote<T, R>(
  c: Context<AppEnv>,
  result: QuoteResult<T>,
  map: (value: T) => R,
): Json200<R> | Json200<ComputeErrorBody>;
export function answerQuote<T, R>(
  c: Context<AppEnv>,
  result: QuoteResult<T>,
  map?: (value: T) => R,
): Json200<T | R> | Json200<ComputeErrorBody> {
  const text = JSON.stringify(result.ok ? (map ? map(result.value) : result.value) : computeError(result));
  // The body is the JSON of the value or of the failure; only the type-level brand differs from `c.json`'s.
  return markCacheable(c.body(text, 200, JSON_CONTENT), text) as unknown as Json200<T | R> | Json200<ComputeErrorBody>;
}

/** 400 VALIDATION_FAILED naming a body field (a requirement the schema cannot express, e.g. a mode's input). */
export function missingField(field: string, message = "is required"): ApiError {
  return new ApiError(400, "VALIDATION_FAILED", `body.${field} ${message}`, `body.${field}`);
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

/** The input each TP/SL mode needs; the schema cannot tie it to `mode`, so its absence is checked here (400). */
export function requireModeInput(
  body: Pick<TpSlRequest, "mode" | "triggerPriceUi" | "targetPnlUsdUi" | "targetRoiPercent">,
): void {
  if (body.mode === "forward" && body.triggerPriceUi === undefined) throw missingField("triggerPriceUi");
  if (body.mode === "reverse_pnl" && body.targetPnlUsdUi === undefined) throw missingField("targetPnlUsdUi");
  if (body.mode === "reverse_roi" && body.targetRoiPercent === undefined) throw missingField("targetRoiPercent");
}

/** The position a preview request names: `positionKey` (earlier interface) wins over owner + market + side. */
export function positionTargetOf(body: {
  positionKey?: string;
  owner?: string;
  marketSymbol?: string;
  side?: "LONG" | "SHORT";
}): PositionTarget | undefined {
  if (body.positionKey) return { positionKey: body.positionKey };
  if (body.owner && body.marketSymbol && body.side) {
    return { owner: body.owner, marketSymbol: body.marketSymbol, side: body.side };
  }
  return undefined;
}
