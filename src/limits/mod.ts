/**
 * The service's shared limits, assembled from the configuration: the REST rate-limit buckets and the
 * WebSocket connection slots, in memory for one process, in Redis (`REDIS_URL`) for several replicas.
 */
import type { Config } from "../config/env.ts";
import type { Logger } from "../http/logger.ts";
import type { LimitStoreName } from "../http/metrics.ts";
import type { Clock } from "../state/clock.ts";
import { type ConnectionLimitStore, MemoryConnectionStore, RedisConnectionStore } from "./connection-store.ts";
import { MemoryRateLimitStore, type RateLimitStore, RedisRateLimitStore } from "./rate-limit-store.ts";
import { SharedRedis } from "./redis.ts";

export type { AcquireResult, ConnectionLimitStore, ConnectionSlot, SlotRefusal } from "./connection-store.ts";
export type { RateLimitStore, TakeResult } from "./rate-limit-store.ts";

export interface ServiceLimits {
  /** REST rate-limit buckets (DECISIONS 4.1). */
  requests: RateLimitStore;
  /** WebSocket slots per owner and in all (DECISIONS 4.2). */
  connections: ConnectionLimitStore;
}

export interface LimitsOptions {
  logger: Logger;
  /** A Redis call failed and the limit failed open (wired to `limit_store_errors_total`). */
  onFailure?: (store: LimitStoreName, operation: string) => void;
  clock?: Clock;
}

/** The limits of one process (no Redis). */
export function memoryLimits(config: Config): ServiceLimits {
  return {
    requests: new MemoryRateLimitStore({
      ratePerSecond: config.RATE_LIMIT_RPS,
      burst: config.RATE_LIMIT_BURST,
      maxClients: config.RATE_LIMIT_MAX_CLIENTS,
    }),
    connections: new MemoryConnectionStore({ perOwner: config.WS_MAX_PER_OWNER, global: config.WS_MAX_GLOBAL }),
  };
}

export async function createLimits(
  config: Config,
  options: LimitsOptions,
): Promise<{ limits: ServiceLimits; close: () => Promise<void> }> {
  const buckets = { ratePerSecond: config.RATE_LIMIT_RPS, burst: config.RATE_LIMIT_BURST };
  const connectionLimits = { perOwner: config.WS_MAX_PER_OWNER, global: config.WS_MAX_GLOBAL };
  if (!config.REDIS_URL) return { limits: memoryLimits(config), close: () => Promise.resolve() };
  const redis = new SharedRedis({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX, logger: options.logger });
  await redis.connect();
  const connections = new RedisConnectionStore(redis, {
    limits: connectionLimits,
    leaseMs: config.WS_SLOT_LEASE_MS,
    clock: options.clock,
    onFailure: (operation) => options.onFailure?.("redis", operation),
  });
  return {
    limits: { requests: new RedisRateLimitStore(redis, buckets), connections },
    close: async () => {
      await connections.close();
      await redis.close();
    },
  };
}
