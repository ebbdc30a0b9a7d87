/**
 * CORS for browser apps (DECISIONS 5.14) on every route of both interfaces: hono's `cors` middleware answers the
 * preflights, and every other answer gets the same headers it would set.
 *
 * It runs before request observation, the rate limit, routing and validation (src/server.ts), so a preflight
 * (`OPTIONS`) is answered 204 on any path without counting against the limit, without a log line and without
 * ever meeting a 400, 404 or 501. Every other answer to an allowed origin carries `Access-Control-Allow-Origin`,
 * errors included, so a page can read a 400 or a 429 and its `Retry-After`.
 *
 * The YAML documents these headers once per interface (`x-cors` → `CorsPreflight` and the header components in
 * openapi/shared.yaml); the values below are the ones it gives.
 */
import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { type AllowedOrigins, isAllowedOrigin } from "../../config/cors-origins.ts";
import type { AppEnv } from "../../services.ts";
import { REQUEST_ID_HEADER } from "./observe.ts";
import { RATE_LIMIT_HEADERS, RETRY_AFTER_HEADER } from "./rate-limit.ts";
import { labelAnswer } from "./answer-headers.ts";

/** The only methods the contract serves. */
export const CORS_ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;
/** Request headers a page may send beyond the CORS-safelisted ones (`Content-Type: application/json` is not one). */
export const CORS_ALLOWED_HEADERS = ["Content-Type", REQUEST_ID_HEADER, "If-None-Match"] as const;
/** Response headers a page may read beyond the CORS-safelisted ones. */
export const CORS_EXPOSED_HEADERS = [...RATE_LIMIT_HEADERS, RETRY_AFTER_HEADER, REQUEST_ID_HEADER, "ETag"] as const;
/** How long a browser may reuse a preflight answer, seconds (Chromium caps it at 7200). */
export const CORS_MAX_AGE_SECONDS = 600;

export interface CorsOptions {
  origins: AllowedOrigins;
  /** Told of every preflight: whether its origin is allowed (a cheap counter; preflights are not otherwise observed). */
  onPreflight?: (allowed: boolean) => void;
}

/**
 * The CORS headers of every answer that is not a preflight, as hono's middleware would give it: a function of the
 * configured origins, then of the request's `Origin` (read before the route runs: once a WebSocket upgrade has taken
 * the request, its headers can no longer be read). Shared by the middleware below and by the plain reads answered
 * before the app (src/http/read-edge.ts), so both label an answer the same way.
 */
export function corsAnswerLabel(origins: AllowedOrigins): (headers: Headers, origin: string | undefined) => void {
  const exposed = CORS_EXPOSED_HEADERS.join(",");
  return (headers, origin) => {
    const allowed = allowedOriginFor(origins, origin);
    if (allowed) headers.set("Access-Control-Allow-Origin", allowed);
    headers.set("Access-Control-Expose-Headers", exposed);
    if (origins !== "*") headers.append("Vary", "Origin");
  };
}

/** `*` when every origin is allowed, the caller's own origin when the list holds it, otherwise none. */
function allowedOriginFor(origins: AllowedOrigins, origin: string | undefined): string | null {
  return origins === "*" ? "*" : origin && isAllowedOrigin(origin, origins) ? origin : null;
}

export function corsForBrowsers({ origins, onPreflight }: CorsOptions): MiddlewareHandler<AppEnv> {
  // Preflights: hono's middleware answers them in full.
  const preflight = cors({
    // `*` as such (no `Vary: Origin` needed); a list answers with the caller's own origin when it is listed.
    origin: origins === "*" ? "*" : (origin) => allowedOriginFor(origins, origin),
    allowMethods: [...CORS_ALLOWED_METHODS],
    allowHeaders: [...CORS_ALLOWED_HEADERS],
    exposeHeaders: [...CORS_EXPOSED_HEADERS],
    maxAge: CORS_MAX_AGE_SECONDS,
  });
  const label = corsAnswerLabel(origins);
  return async (c, next) => {
    if (c.req.method === "OPTIONS") {
      onPreflight?.(isAllowedOrigin(c.req.header("origin"), origins));
      return await preflight(c, next);
    }
    const origin = c.req.header("origin");
    await next();
    // Every other answer gets the headers hono's middleware would give it (tests/http/cors.test.ts compares them),
    // but set on the finished response: hono's sets them on a placeholder first, which costs a copy of every
    // response (a third of the throughput of a small GET in-process). A WebSocket upgrade (101) is not a CORS answer:
    // the stream routes check the origin themselves, and labelAnswer leaves it alone.
    labelAnswer(c, (headers) => label(headers, origin));
  };
}
