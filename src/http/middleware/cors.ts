/**
 * CORS for browser apps (DECISIONS 5.14) on every route of both interfaces: hono's `cors` middleware answers the
 * preflights, and every other answer gets the same headers it would set. The service's edge
 * (src/http/fast-path/edge.ts) uses both, before and around everything else.
 *
 * A preflight (`OPTIONS`) is answered 204 on any path without counting against the limit, without a log line and
 * without ever meeting a 400, 404 or 501. Every other answer to an allowed origin carries
 * `Access-Control-Allow-Origin`, errors included, so a page can read a 400 or a 429 and its `Retry-After`.
 *
 * The YAML documents these headers once per interface (`x-cors` → `CorsPreflight` and the header components in
 * openapi/shared.yaml); the values below are the ones it gives.
 */
import { Hono } from "hono";
import { cors } from "hono/cors";
import { type AllowedOrigins, isAllowedOrigin } from "../../config/cors-origins.ts";
import { REQUEST_ID_HEADER } from "./observe.ts";
import { RATE_LIMIT_HEADERS, RETRY_AFTER_HEADER } from "./rate-limit.ts";

/** The only methods the contract serves. */
export const CORS_ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;
/** Request headers a page may send beyond the CORS-safelisted ones (`Content-Type: application/json` is not one). */
export const CORS_ALLOWED_HEADERS = ["Content-Type", REQUEST_ID_HEADER, "If-None-Match"] as const;
/**
 * Response headers a page reads beyond the CORS-safelisted ones: all exposed by CORS_EXPOSED_HEADERS (a real browser
 * reads each of them in tests/e2e/client-browser.test.ts).
 */
export const CORS_READABLE_HEADERS = [...RATE_LIMIT_HEADERS, RETRY_AFTER_HEADER, REQUEST_ID_HEADER, "ETag"] as const;
/**
 * What `Access-Control-Expose-Headers` says: `*`, every header of the answer. For a request without credentials the
 * wildcard exposes the same headers as listing CORS_READABLE_HEADERS would (and the rest of what the service sends,
 * none of it private), and the service answers no other kind: it never sends `Access-Control-Allow-Credentials`, so a
 * browser refuses a credentialed request's answer whatever this says. Why not the list: it is 82 bytes longer on every
 * answer, and on Deno 2.9.6 an answer of at most 512 bytes in all (head and body) leaves in one send call, a longer one
 * in two (head, then body). With the list, a health answer or a margin preview (about 235 bytes of JSON) took two;
 * with `*`, one, and `/health` served 64-69k requests/s instead of 44-47k (README, Performance).
 */
export const CORS_EXPOSED_HEADERS = ["*"] as const;
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
 * the request, its headers can no longer be read). The labels are set on the finished answer: hono's middleware sets
 * them on a placeholder first, which costs a copy of every response (tests/http/middleware/cors.test.ts compares the
 * headers).
 */
export function corsAnswerLabel(origins: AllowedOrigins): CorsAnswerLabel {
  const exposed = CORS_EXPOSED_HEADERS.join(",");
  const label = (headers: Headers, origin: string | undefined) => {
    const allowed = allowedOriginFor(origins, origin);
    if (allowed) headers.set("Access-Control-Allow-Origin", allowed);
    headers.set("Access-Control-Expose-Headers", exposed);
    if (origins !== "*") headers.append("Vary", "Origin");
  };
  return Object.assign(label, { sameForEveryOrigin: origins === "*" });
}

/** Sets the CORS headers of an answer to a request from `origin` (none: the request sent no `Origin`). */
export interface CorsAnswerLabel {
  (headers: Headers, origin: string | undefined): void;
  /**
   * Whether the labels are the same whatever the origin (`CORS_ORIGINS=*`): then an answer built once may carry them
   * (src/http/fast-path/answer-templates.ts).
   */
  readonly sameForEveryOrigin: boolean;
}

/** `*` when every origin is allowed, the caller's own origin when the list holds it, otherwise none. */
function allowedOriginFor(origins: AllowedOrigins, origin: string | undefined): string | null {
  return origins === "*" ? "*" : origin && isAllowedOrigin(origin, origins) ? origin : null;
}

/**
 * The answerer of CORS preflights (`OPTIONS` on any path): hono's middleware answers them in full, 204 with the allowed
 * methods, headers and max age, and `Access-Control-Allow-Origin` for an allowed origin. The service's edge sends it
 * every preflight (src/http/fast-path/edge.ts), so a preflight never meets the rate limit, routing or validation.
 */
export function corsPreflights({ origins, onPreflight }: CorsOptions): (request: Request) => Promise<Response> {
  const preflights = new Hono();
  preflights.use(cors({
    // `*` as such (no `Vary: Origin` needed); a list answers with the caller's own origin when it is listed.
    origin: origins === "*" ? "*" : (origin) => allowedOriginFor(origins, origin),
    allowMethods: [...CORS_ALLOWED_METHODS],
    allowHeaders: [...CORS_ALLOWED_HEADERS],
    exposeHeaders: [...CORS_EXPOSED_HEADERS],
    maxAge: CORS_MAX_AGE_SECONDS,
  }));
  return async (request) => {
    onPreflight?.(isAllowedOrigin(request.headers.get("origin"), origins));
    return await preflights.fetch(request);
  };
}
