/**
 * Validates a request against its route's zod schemas in one middleware: the query, the path parameters, then the
 * JSON body, each parsed synchronously, each result handed to the handler through `c.req.valid(target)`.
 *
 * It takes the place of the validators `@hono/zod-openapi`'s `openapi()` registers (one middleware per target plus
 * a media-type gate, each an async layer, each parse `safeParseAsync`): the contract's schemas have no asynchronous
 * checks, so a synchronous parse gives the same result for less, and a route costs one layer. What a client sees is
 * unchanged and tested (tests/http/request-validator.test.ts, the contract and fuzz suites):
 *
 * - a body sent with a `Content-Type` other than JSON is refused (415, which the app answers as a 400 on `body`), as
 *   is a body without any `Content-Type`; no body and no type validates `{}` (so each required field is named);
 * - a body that is not JSON is a 400 `INVALID_JSON`;
 * - a repeated query parameter reaches its schema as an array (so a single-valued one fails rather than picking one).
 *
 * A route without a body validates nothing but its URL, so what its URL validates to is cached (bounded, per route):
 * an owner view polled again skips the parse, a sizeable part of such a request's time (bench/HISTORY.md). A cached
 * result is frozen, since every request of that URL shares it.
 *
 * A route with a body reads it as text. When the handler marks its answer cacheable (a pure quote,
 * fast-path/answer-cache.ts), the text is cached by method, URL and body for the current moment of the state, and the
 * same request in that moment is answered from it before anything is parsed: only the content type is checked first,
 * so a request that would be refused is never answered from a cached answer.
 */
import type { RouteConfig, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { BoundedMemo } from "../protocol/memo.ts";
import {
  type AnswerCache,
  bodyReadAtEdge,
  cacheableText,
  cacheTarget,
  type StateStamp,
} from "./fast-path/answer-cache.ts";
import { cachedJsonResponse } from "./entity-tag.ts";
import { readByClient } from "./errors.ts";
import { routeTemplate } from "./middleware/observe.ts";

export type ValidationTarget = "query" | "param" | "json";

/** The answer to a request that fails its schema (the app's documented 400). */
export type InvalidRequest = (target: ValidationTarget, error: z.ZodError, c: Context) => Response;

/** `application/json` and the `+json` types, with parameters (`; charset=utf-8`). */
export const JSON_CONTENT_TYPE = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;

interface Schemas {
  query?: z.ZodType;
  param?: z.ZodType;
  json?: z.ZodType;
}

/** The schemas a route validates, refusing at start-up a request shape this validator does not serve. */
function schemasOf(route: RouteConfig): Schemas {
  const request = route.request;
  if (!request) return {};
  if (request.headers || request.cookies) {
    throw new Error(`${route.method} ${route.path}: header and cookie validation is not supported`);
  }
  const schemas: Schemas = {
    query: request.query as z.ZodType | undefined,
    param: request.params as z.ZodType | undefined,
  };
  const content = request.body?.content;
  if (content) {
    const types = Object.keys(content);
    if (types.length !== 1 || types[0] !== "application/json" || request.body?.required !== true) {
      throw new Error(`${route.method} ${route.path}: only a required application/json body is supported`);
    }
    schemas.json = (content["application/json"] as { schema: z.ZodType }).schema;
  }
  return schemas;
}

/** The query as hono's validator gives it: one value as a string, a repeated parameter as an array. */
function queryValue(c: Context): Record<string, string | string[]> {
  if (!c.req.url.includes("?")) return {};
  const value: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries())) value[key] = values.length === 1 ? values[0] : values;
  return value;
}

/**
 * The request's JSON body as text, or undefined when it has neither a body nor a `Content-Type` (validated as `{}`,
 * so each required field is named). Read as text (what `c.req.json()` parses too) so the text can key a cached answer.
 */
async function bodyText(c: Context): Promise<string | undefined> {
  const contentType = c.req.header("content-type");
  if (contentType === undefined) {
    // No type: fine without a body, refused with one.
    if (c.req.raw.body !== null && (await readByClient(c.req.arrayBuffer())).byteLength > 0) {
      throw new HTTPException(415, { message: "Unsupported Media Type" });
    }
    return undefined;
  }
  if (!JSON_CONTENT_TYPE.test(contentType)) throw new HTTPException(415, { message: "Unsupported Media Type" });
  return bodyReadAtEdge(c) ?? await readByClient(c.req.text());
}

function parsedBody(text: string | undefined): unknown {
  if (text === undefined) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HTTPException(400, { message: "Malformed JSON in request body" });
  }
}

/** URLs whose validated query and parameters are cached per bodyless route. */
export const CACHED_VALIDATED_URLS = 1024;
/** Longer URLs are validated afresh: a cached key should stay small. */
const LONGEST_CACHED_URL = 512;

interface ValidatedUrl {
  query?: object;
  param?: object;
}

/** A validated value shared between requests: frozen, with any array it holds (a repeated query parameter). */
function frozen(value: object): object {
  for (const member of Object.values(value)) if (Array.isArray(member)) Object.freeze(member);
  return Object.freeze(value);
}

/**
 * The route's validating middleware, or undefined when the route has nothing to validate (no layer at all).
 * `answerCache` gives where a request's cacheable answer is cached (fast-path/answer-cache.ts; none: nothing is).
 */
export function requestValidator(
  route: RouteConfig,
  invalid: InvalidRequest,
  answerCache: (c: Context) => AnswerCache | undefined = () => undefined,
): MiddlewareHandler | undefined {
  const { query, param, json } = schemasOf(route);
  if (!query && !param && !json) return undefined;
  const validateUrl = (c: Context) => urlValidation(c, query, param, invalid);
  if (!json) return cachedUrlValidator(validateUrl);
  return async (c, next) => {
    const validated = validateUrl(c);
    if (validated instanceof Response) return validated;
    const text = await bodyText(c);
    // The same method, URL and body in the same moment of the state get the answer cached for them, if any. A body
    // the edge read was looked up there already and missed, so it is not looked up again.
    const lookup = text === undefined ? undefined : cacheLookupFor(c, answerCache(c), text);
    const lookedUpAtEdge = bodyReadAtEdge(c) !== undefined;
    const cached = lookedUpAtEdge ? undefined : lookup?.answers.find(lookup.target, lookup.body, lookup.stamp);
    if (cached !== undefined) return cachedJsonResponse(cached.text);
    hand(c, validated);
    const result = json.safeParse(parsedBody(text));
    if (!result.success) return invalid("json", result.error, c);
    c.req.addValidatedData("json", result.data as object);
    await next();
    const cacheable = lookup && cacheableText(c.res);
    if (lookup && cacheable !== undefined) {
      lookup.answers.cache(lookup.target, lookup.body, { text: cacheable, route: routeTemplate(c) }, lookup.stamp);
    }
  };
}

/** Where a request's answer is looked up and cached: the cache, the moment, and the request's target and body. */
interface CacheLookup {
  answers: AnswerCache;
  stamp: StateStamp;
  target: string;
  body: string;
}

/** The request's cache lookup, or undefined when no answers are cached (no cache given, or not started). */
function cacheLookupFor(c: Context, answers: AnswerCache | undefined, body: string): CacheLookup | undefined {
  const stamp = answers?.stamp();
  return answers && stamp ? { answers, stamp, target: cacheTarget(c.req.method, c.req.url), body } : undefined;
}

/** The request's validated query and path parameters, or the answer refusing them. */
function urlValidation(
  c: Context,
  query: z.ZodType | undefined,
  param: z.ZodType | undefined,
  invalid: InvalidRequest,
): ValidatedUrl | Response {
  const validated: ValidatedUrl = {};
  if (query) {
    const result = query.safeParse(queryValue(c));
    if (!result.success) return invalid("query", result.error, c);
    validated.query = result.data as object;
  }
  if (param) {
    const result = param.safeParse(c.req.param());
    if (!result.success) return invalid("param", result.error, c);
    validated.param = result.data as object;
  }
  return validated;
}

/** Hands validated URL parts to the handler (`c.req.valid("query")`, `c.req.valid("param")`). */
function hand(c: Context, validated: ValidatedUrl): void {
  if (validated.query) c.req.addValidatedData("query", validated.query);
  if (validated.param) c.req.addValidatedData("param", validated.param);
}

/** A bodyless route's validation: of its URL alone, so each URL's outcome is cached once it validates. */
function cachedUrlValidator(validateUrl: (c: Context) => ValidatedUrl | Response): MiddlewareHandler {
  const cached = new BoundedMemo<string, ValidatedUrl>(CACHED_VALIDATED_URLS);
  return async (c, next) => {
    const url = c.req.url;
    let validated = cached.find(url);
    if (validated === undefined) {
      const fresh = validateUrl(c);
      if (fresh instanceof Response) return fresh;
      if (url.length <= LONGEST_CACHED_URL) {
        validated = cached.remember(url, {
          query: fresh.query && frozen(fresh.query),
          param: fresh.param && frozen(fresh.param),
        });
      } else validated = fresh;
    }
    hand(c, validated);
    await next();
  };
}
