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
  /** Paths never limited (documentation and metrics). */
  isExempt?: (path: string) => boolean;
  onReject?: (store: LimitStoreName) => void;
  onStoreError?: (error: unknown) => void;
}

/** The headers this limit answers with (every limited answer carries the `RateLimit-*` ones; a 429 all four). */
export const RATE_LIMIT_HEADERS = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"] as const;
export const RETRY_AFTER_HEADER = "Retry-After";

/** Longest client key kept (an IPv6 address is at most 45 characters); a longer header value is cut. */
const MAX_CLIENT_KEY = 64;

export const isRateLimitExempt = (path: string) =>
  path === "/metrics" || path.startsWith("/docs") || path.startsWith("/api-docs/") ||
  path.startsWith("/v2/api-docs/");

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for");
    if (forwarded) {
      const last = forwarded.slice(forwarded.lastIndexOf(",") + 1).trim();
      if (last) return last.length > MAX_CLIENT_KEY ? last.slice(0, MAX_CLIENT_KEY) : last;
    }
  }
  const remote = (c.env as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr;
  return remote?.hostname ?? "local";
}

export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const isExempt = options.isExempt ?? isRateLimitExempt;
  const clock = options.clock ?? systemClock;
  const buckets = { ratePerSecond: options.ratePerSecond, burst: options.burst };
  const fallback = new MemoryRateLimitStore(buckets);
  const store = options.store ?? fallback;

  const take = async (key: string, nowMs: number): Promise<{ result: TakeResult; store: LimitStoreName }> => {
    if (store === fallback) return { result: fallback.take(key, nowMs), store: fallback.name };
    try {
      return { result: await store.take(key, nowMs), store: store.name };
    } catch (error) {
      options.onStoreError?.(error);
      return { result: fallback.take(key, nowMs), store: fallback.name };
    }
  };

  return async (c, next) => {
    if (options.ratePerSecond <= 0 || isExempt(c.req.path)) return await next();
    const { result, store: counted } = await take(clientAddress(c, options.trustProxy), clock.nowMs());
    if (!result.allowed) {
      options.onReject?.(counted);
      const body: ErrorBody = { error: "too many requests, slow down", code: "RATE_LIMITED" };
      const refused = c.json(body, 429);
      refused.headers.set(RETRY_AFTER_HEADER, String(result.retryAfterSeconds));
      setRateLimitHeaders(refused.headers, options.burst, 0, result.retryAfterSeconds);
      return refused;
    }
    await next();
    labelAnswer(c, (headers) => setRateLimitHeaders(headers, options.burst, result.remaining, result.resetSeconds));
  };
}

function setRateLimitHeaders(headers: Headers, limit: number, remaining: number, resetSeconds: number) {
  const [limitHeader, remainingHeader, resetHeader] = RATE_LIMIT_HEADERS;
  headers.set(limitHeader, String(limit));
  headers.set(remainingHeader, String(remaining));
  headers.set(resetHeader, String(resetSeconds));
}
