/**
 * REST rate limit (DECISIONS 4.1): a token bucket per client address, `ratePerSecond` tokens per second with a
 * burst of `burst`. Over the limit: 429 `{error, code: RATE_LIMITED}` with `Retry-After` and `RateLimit-*` headers.
 * The buckets live in a RateLimitStore (src/limits): memory, or Redis when replicas share the limit.
 *
 * The client address is the connection's; with `trustProxy` it is the last `X-Forwarded-For` entry, the address
 * the (single, trusted) proxy in front of the service saw. Earlier entries are whatever the client sent and
 * would let anyone pick a fresh bucket per request.
 *
 * A store that fails (Redis down or slow) never turns a request into a 500: the request is counted in the
 * `fallback` store (this replica's memory) instead, and `onStoreError` is told.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Clock } from "../../state/clock.ts";
import { systemClock } from "../../state/clock.ts";
import type { AppEnv } from "../../services.ts";
import type { ErrorBody } from "../errors.ts";
import type { LimitStoreName } from "../metrics.ts";
import { MemoryRateLimitStore, type RateLimitStore, type TakeResult } from "../../limits/rate-limit-store.ts";
import { labelAnswer } from "./answer-headers.ts";

export interface RateLimitOptions {
  ratePerSecond: number;
  burst: number;
  trustProxy: boolean;
  /** Wall clock by default: limits are about real time even while a replay runs on its recording's clock. */
  clock?: Clock;
  /** Default: an in-memory store with the same rate and burst. */
  store?: RateLimitStore;
  /**
   * Paths never limited. Default: none. The documents and the docs page are limited like every route (one page load
   * is four requests, within the burst): their answers are the largest, so a client must not fetch them freely.
   */
  isExempt?: (path: string) => boolean;
  onReject?: (store: LimitStoreName) => void;
  onStoreError?: (error: unknown) => void;
}

/** The headers this limit answers with (every limited answer carries the `RateLimit-*` ones; a 429 all four). */
export const RATE_LIMIT_HEADERS = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"] as const;
export const RETRY_AFTER_HEADER = "Retry-After";

/** Longest client key kept (an IPv6 address is at most 45 characters); a longer header value is cut. */
const MAX_CLIENT_KEY = 64;

export function clientAddress(c: Context, trustProxy: boolean): string {
  const remote = (c.env as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr;
  return clientKey(trustProxy ? c.req.header("x-forwarded-for") : undefined, remote?.hostname, trustProxy);
}

/** The bucket key of a request from its `X-Forwarded-For` (read only behind a trusted proxy) and its peer address. */
export function clientKey(
  forwardedFor: string | null | undefined,
  remoteHostname: string | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy && forwardedFor) {
    const last = forwardedFor.slice(forwardedFor.lastIndexOf(",") + 1).trim();
    if (last) return last.length > MAX_CLIENT_KEY ? last.slice(0, MAX_CLIENT_KEY) : last;
  }
  return remoteHostname ?? "local";
}

/** A request's token: whether it was allowed, and which store counted it. */
export interface Admission {
  result: TakeResult;
  store: LimitStoreName;
}

/**
 * The limit as the middleware below applies it, and as the plain reads answered before the app do
 * (src/http/fast-path/edge.ts): which paths it covers, a token per request, the 429 and the headers of an allowed
 * answer.
 */
export interface RequestLimiter {
  /** Off (a rate of 0) or an exempt path: the request takes no token and gets no headers. */
  covers(path: string): boolean;
  /** Takes one token from `client`'s bucket: synchronously when the store answers so (memory), else a promise. */
  take(client: string): Admission | Promise<Admission>;
  /** The 429 of a refused admission (the refusal is counted through `onReject`). */
  refusal(admission: Admission): Response;
  /** The `RateLimit-*` headers of an allowed answer. */
  label(headers: Headers, admission: Admission): void;
}

export function requestLimiter(options: RateLimitOptions): RequestLimiter {
  const isExempt = options.isExempt ?? (() => false);
  const clock = options.clock ?? systemClock;
  const buckets = { ratePerSecond: options.ratePerSecond, burst: options.burst };
  const fallback = new MemoryRateLimitStore(buckets);
  const store = options.store ?? fallback;
  const fromFallback = (client: string, nowMs: number): Admission => ({
    result: fallback.take(client, nowMs),
    store: fallback.name,
  });
  return {
    covers: (path) => options.ratePerSecond > 0 && !isExempt(path),
    take(client) {
      const nowMs = clock.nowMs();
      if (store === fallback) return fromFallback(client, nowMs);
      return (async () => {
        try {
          return { result: await store.take(client, nowMs), store: store.name };
        } catch (error) {
          options.onStoreError?.(error);
          return fromFallback(client, nowMs);
        }
      })();
    },
    refusal({ result, store: counted }) {
      options.onReject?.(counted);
      const body: ErrorBody = { error: "too many requests, slow down", code: "RATE_LIMITED" };
      const refused = Response.json(body, { status: 429 });
      refused.headers.set(RETRY_AFTER_HEADER, String(result.retryAfterSeconds));
      setRateLimitHeaders(refused.headers, options.burst, 0, result.retryAfterSeconds);
      return refused;
    },
    label: (headers, { result }) => setRateLimitHeaders(headers, options.burst, result.remaining, result.resetSeconds),
  };
}

/** The limit as middleware; `limiter` is shared with the plain reads when the service passes its own. */
export function rateLimit(options: RateLimitOptions, limiter = requestLimiter(options)): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!limiter.covers(c.req.path)) return await next();
    const admission = await limiter.take(clientAddress(c, options.trustProxy));
    if (!admission.result.allowed) return limiter.refusal(admission);
    await next();
    labelAnswer(c, (headers) => limiter.label(headers, admission));
  };
}

function setRateLimitHeaders(headers: Headers, limit: number, remaining: number, resetSeconds: number) {
  const [limitHeader, remainingHeader, resetHeader] = RATE_LIMIT_HEADERS;
  headers.set(limitHeader, String(limit));
  headers.set(remainingHeader, String(remaining));
  headers.set(resetHeader, String(resetSeconds));
}
