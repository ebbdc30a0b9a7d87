/**
 * Everything a handler may use, assembled once at boot (src/runtime/boot.ts) or by a test, and the Hono environment
 * that carries it to every request. Handlers read state through these objects and never reach for globals.
 */
import type { ProgramVersion } from "./protocol/vocabulary.ts";
import type { Config } from "./config/env.ts";
import type { DeploymentIndex } from "./config/deployment-index.ts";
import type { AccountStore } from "./state/account-store.ts";
import type { BlockhashCaches } from "./state/blockhash-cache.ts";
import type { ServiceClock } from "./state/clock.ts";
import type { PriceStore } from "./state/price-store.ts";
import type { ProgramAccounts } from "./state/program-accounts.ts";
import type { IngestStatus } from "./ingest/status.ts";
import type { PoolStatsCache } from "./runtime/pool-stats-cache.ts";
import type { PriceMapCache } from "./runtime/price-map-cache.ts";
import type { TokenListCache } from "./runtime/token-list-cache.ts";
export type { JsonText } from "./runtime/json-cache.ts";
import type { OwnerViewCache } from "./runtime/owner-view-cache.ts";
import type { AccountCountsCache } from "./runtime/account-counts-cache.ts";
import type { QuoteAnswerCache } from "./runtime/quote-answer-cache.ts";
import type { TokenDtoOf } from "./domain/views/tokens.ts";
import type { PoolStatsDtoOf } from "./domain/views/pool-stats.ts";
import type { Endpoints } from "./runtime/endpoints.ts";
import type { ServiceMetrics } from "./http/metrics.ts";
import type { ServiceLimits } from "./limits/mod.ts";
import type { StreamHub } from "./streams/hub.ts";
import type { V2BasketParams } from "./streams/v2-basket.ts";
import type { EarlierOwnerParams } from "./streams/earlier-owner.ts";

/**
 * One interface's deployment: its configuration lookups, the decoded accounts of its program, and the
 * answers cached between requests (each with `start()` / `stop()`, run by the runtime).
 */
export interface Deployment<V extends ProgramVersion = ProgramVersion> {
  version: V;
  index: DeploymentIndex;
  accounts: ProgramAccounts;
  poolStats: PoolStatsCache<PoolStatsDtoOf<V>>;
  priceMap: PriceMapCache;
  tokenList: TokenListCache<TokenDtoOf<V>>;
  /** Owner views (v2 basket view; earlier position and order listings), shared by REST answers and streams. */
  owners: OwnerViewCache;
  /** Account counts by kind (the health endpoints), cached until the next account change. */
  counts: AccountCountsCache;
}

export interface Services {
  config: Config;
  /**
   * The clock every time-dependent figure is computed with: the wall clock live, the recording's timeline in replay
   * mode (DECISIONS 5.15). The rate limit and the connection leases keep the wall clock (src/limits).
   */
  clock: ServiceClock;
  /** Where each chain and the oracle are reached (live endpoints or the replay servers). */
  endpoints: Endpoints;
  deployments: { [V in ProgramVersion]: Deployment<V> };
  accounts: AccountStore;
  prices: PriceStore;
  blockhashes: BlockhashCaches;
  /** The pure quotes' answers cached by request for one moment of the state (previews, preview-only builders). */
  quotes: QuoteAnswerCache;
  ingest: IngestStatus;
  metrics: ServiceMetrics;
  /** Rate-limit buckets and WebSocket connection slots (shared through Redis when REDIS_URL is set). */
  limits: ServiceLimits;
  /** The WebSocket streams: `GET /v2/owner/{owner}/ws` and `GET /owner/{owner}/ws` (started and stopped by the runtime). */
  streams: { v2: StreamHub<V2BasketParams>; earlier: StreamHub<EarlierOwnerParams> };
}

/**
 * Hono environment: every handler reaches the service's dependencies through `c.get("services")`, and the
 * request's id (echoed in `X-Request-Id`, present in every log line of the request) through `c.get("requestId")`.
 * (`c.get`, not `c.var`: hono builds a fresh object of every variable on each read of `c.var`.)
 */
export type AppEnv = { Variables: { services: Services; requestId: string } };
