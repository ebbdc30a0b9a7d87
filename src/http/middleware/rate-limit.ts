/**
 * REST rate limit (DECISIONS 4.1): a token bucket per client address, `ratePerSecond` tokens per second with a
 * burst of `burst`. Over the limit: 429 `{error, code: RATE_LIMITED}` with `Retry-After` and `RateLimit-*` headers.
 * The client address is the connection's, or the first `X-Forwarded-For` hop when `trustProxy` is set.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Clock } from "../../state/clock.ts";
import type { AppEnv } from "../../services.ts";
import type { ErrorBody } from "../errors.ts";

export interface RateLimitOptions {
  ratePerSecond: number;
  burst: number;
  trustProxy: boolean;
  clock: Clock;
  /** Paths never limited (documentation and metrics). */
  isExempt?: (path: string) => boolean;
  onReject?: () => void;
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

const MAX_TRACKED_CLIENTS = 50_000;

export const isRateLimitExempt = (path: string) =>
  path === "/metrics" || path.startsWith("/docs") || path.startsWith("/api-docs/") ||
  path.startsWith("/v2/api-docs/");

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const remote = (c.env as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr;
  return remote?.hostname ?? "local";
}

export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const buckets = new Map<string, Bucket>();
  const isExempt = options.isExempt ?? isRateLimitExempt;

  const refill = (bucket: Bucket, nowMs: number) => {
    const elapsed = Math.max(0, nowMs - bucket.updatedMs) / 1000;
    bucket.tokens = Math.min(options.burst, bucket.tokens + elapsed * options.ratePerSecond);
    bucket.updatedMs = nowMs;
  };

  const evictIdle = (nowMs: number) => {
    // A bucket that has refilled completely carries no information: forget it.
    for (const [key, bucket] of buckets) {
      refill(bucket, nowMs);
      if (bucket.tokens >= options.burst) buckets.delete(key);
    }
  };

  return async (c, next) => {
    if (options.ratePerSecond <= 0 || isExempt(c.req.path)) return await next();
    const nowMs = options.clock.nowMs();
    const key = clientAddress(c, options.trustProxy);
    let bucket = buckets.get(key);
    if (!bucket) {
      if (buckets.size >= MAX_TRACKED_CLIENTS) evictIdle(nowMs);
      bucket = { tokens: options.burst, updatedMs: nowMs };
      buckets.set(key, bucket);
    } else {
      refill(bucket, nowMs);
    }
    const resetSeconds = Math.ceil((options.burst - bucket.tokens) / options.ratePerSecond);
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / options.ratePerSecond));
      options.onReject?.();
      c.header("Retry-After", String(retryAfter));
      c.header("RateLimit-Limit", String(options.burst));
      c.header("RateLimit-Remaining", "0");
      c.header("RateLimit-Reset", String(retryAfter));
      const body: ErrorBody = { error: "too many requests, slow down", code: "RATE_LIMITED" };
      return c.json(body, 429);
    }
    bucket.tokens -= 1;
    await next();
    c.header("RateLimit-Limit", String(options.burst));
    c.header("RateLimit-Remaining", String(Math.floor(bucket.tokens)));
    c.header("RateLimit-Reset", String(Math.max(0, resetSeconds)));
  };
}
