/**
 * Everything a handler may use, assembled once at boot (src/boot.ts) or by a test.
 * Handlers read state through these objects and never reach for globals.
 */
import type { Config } from "./config/env.ts";
import type { DeploymentIndex } from "./config/deployment-index.ts";
import type { ProgramVersion } from "./protocol/accounts/index.ts";
import type { AccountStore } from "./state/account-store.ts";
import type { BlockhashCaches } from "./state/blockhash-cache.ts";
import type { Clock } from "./state/clock.ts";
import type { PriceStore } from "./state/price-store.ts";
import type { ProgramView } from "./state/program-view.ts";
import type { IngestStatus } from "./ingest/status.ts";
import type { PoolStatsCache } from "./runtime/pool-stats-cache.ts";
import type { ServiceMetrics } from "./http/metrics.ts";
import type { ServiceLimits } from "./limits/mod.ts";

/** One interface's deployment: its configuration lookups and the decoded view of its program's accounts. */
export interface Deployment {
  version: ProgramVersion;
  index: DeploymentIndex;
  view: ProgramView;
  poolStats: PoolStatsCache;
}

export interface Services {
  config: Config;
  clock: Clock;
  deployments: Record<ProgramVersion, Deployment>;
  accounts: AccountStore;
  prices: PriceStore;
  blockhashes: BlockhashCaches;
  ingest: IngestStatus;
  metrics: ServiceMetrics;
  /** Rate-limit buckets and WebSocket connection slots (shared through Redis when REDIS_URL is set). */
  limits: ServiceLimits;
}
