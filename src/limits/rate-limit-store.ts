/**
 * Where the REST rate limit's token buckets live (DECISIONS 4.1: `ratePerSecond` tokens per second, burst
 * `burst`, one bucket per client). In memory for one process; in Redis (one atomic script per request, keys
 * that expire once the bucket would be full again) when several replicas must share the limit.
 *
 * Time is the caller's clock (milliseconds), so tests run on a virtual clock; replicas' wall clocks are
 * assumed to agree within a few milliseconds (NTP), which is far below the 100 ms a token takes.
 */
import type { LimitStoreName } from "../http/metrics.ts";
import { RedisScript, type SharedRedis } from "./redis.ts";

export interface BucketOptions {
  ratePerSecond: number;
  burst: number;
}

export interface TakeResult {
  allowed: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Seconds until one token is available again (only meaningful when refused). */
  retryAfterSeconds: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
}

export interface RateLimitStore {
  readonly name: LimitStoreName;
  /** Takes one token from `client`'s bucket if it has one. */
  take(client: string, nowMs: number): TakeResult | Promise<TakeResult>;
}

/** The answer for a bucket holding `tokens` (fractional) after the request was allowed or refused. */
export function takeResult(options: BucketOptions, allowed: boolean, tokens: number): TakeResult {
  const rate = options.ratePerSecond;
  return {
    allowed,
    remaining: Math.max(0, Math.floor(tokens)),
    retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / rate)),
    resetSeconds: Math.max(0, Math.ceil((options.burst - tokens) / rate)),
  };
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/** Default bound on the buckets one process keeps (~100 bytes each). */
export const DEFAULT_MAX_TRACKED_CLIENTS = 100_000;

/**
 * Buckets in two generations of Maps (least-recently-used in O(1), without scanning): a client seen again moves
 * to the current generation; when the current one holds half the bound, it becomes the previous one and the
 * old previous generation is dropped whole. Memory is therefore bounded by `maxClients` under any flood of
 * distinct addresses. A dropped bucket belongs to a client not seen for at least half the bound's worth of other
 * clients; if it had not refilled yet, that client starts again with a full bucket: the limiter errs toward
 * serving, never toward unbounded memory or a per-request scan.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly name = "memory" as const;
  #current = new Map<string, Bucket>();
  #previous = new Map<string, Bucket>();
  readonly #generationSize: number;

  constructor(readonly options: BucketOptions & { maxClients?: number }) {
    this.#generationSize = Math.max(1, Math.ceil((options.maxClients ?? DEFAULT_MAX_TRACKED_CLIENTS) / 2));
  }

  /** Buckets currently held (for tests and the memory bound). */
  get size(): number {
    return this.#current.size + this.#previous.size;
  }

  take(client: string, nowMs: number): TakeResult {
    const { ratePerSecond, burst } = this.options;
    let bucket = this.#current.get(client);
    if (!bucket) {
      bucket = this.#previous.get(client);
      if (bucket) this.#previous.delete(client);
      else bucket = { tokens: burst, updatedMs: nowMs };
      this.#current.set(client, bucket);
      if (this.#current.size >= this.#generationSize) {
        this.#previous = this.#current;
        this.#current = new Map();
      }
    }
    const elapsed = Math.max(0, nowMs - bucket.updatedMs) / 1000;
    bucket.tokens = Math.min(burst, bucket.tokens + elapsed * ratePerSecond);
    bucket.updatedMs = Math.max(bucket.updatedMs, nowMs);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    return takeResult(this.options, allowed, bucket.tokens);
  }
}

/**
 * The same bucket in a Redis hash `{t: tokens, u: updatedMs}`, read, refilled, taken and written back by one
 * script, so concurrent requests on different replicas cannot both spend the last token. The key expires when
 * the bucket would have refilled completely, so idle clients cost nothing.
 */
const TAKE_SCRIPT = new RedisScript(`
local now = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 't', 'u')
local tokens = tonumber(state[1])
local updated = tonumber(state[2])
if tokens == nil or updated == nil then
  tokens = burst
  updated = now
elseif now > updated then
  tokens = math.min(burst, tokens + (now - updated) * rate / 1000)
  updated = now
end
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'u', tostring(updated))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {allowed, tostring(tokens)}
`);

export class RedisRateLimitStore implements RateLimitStore {
  readonly name = "redis" as const;
  readonly #ttlMs: number;

  constructor(private readonly redis: SharedRedis, readonly options: BucketOptions) {
    // After burst / rate seconds an untouched bucket is full again and carries no information.
    this.#ttlMs = Math.ceil((options.burst / options.ratePerSecond) * 1000) + 1_000;
  }

  keyOf(client: string): string {
    return `${this.redis.keyPrefix}rl:${client}`;
  }

  async take(client: string, nowMs: number): Promise<TakeResult> {
    const reply = await this.redis.run(TAKE_SCRIPT, [this.keyOf(client)], [
      Math.floor(nowMs),
      this.options.ratePerSecond,
      this.options.burst,
      this.#ttlMs,
    ]) as [number, string];
    return takeResult(this.options, reply[0] === 1, Number(reply[1]));
  }
}
