/**
 * Assembles the running services from a validated configuration.
 *
 * Replay mode (no RPC_URL): the recording in REPLAY_DIR is served by loopback replay servers (JSON-RPC for the
 * base chain and the ER, and an oracle stream) and ingested by the very same live sources used in production.
 * Live mode: the sources point at RPC_URL / ER_RPC_URL / ORACLE_URL. Endpoint resolution is `endpoints.ts`, source
 * creation `sources.ts`; the endpoints stay in `services.endpoints`, the blockhashes fetched from them in
 * `services.blockhashes`.
 */
import type { ProgramVersion } from "../protocol/vocabulary.ts";
import { join } from "node:path";
import { type Config, ConfigError, isLiveMode } from "../config/env.ts";
import { DeploymentIndex } from "../config/deployment-index.ts";
import { type DeploymentConfig, loadDeploymentConfig, PoolConfigError } from "../config/pool-config.ts";
import { ServiceMetrics } from "../http/metrics.ts";
import { memoryLimits, type ServiceLimits } from "../limits/mod.ts";
import { IngestStatus } from "../ingest/status.ts";
import { errorMessage } from "../ingest/util.ts";
import { readRecording } from "../replay/format.ts";
import { type ReplayHandle, startReplay } from "../replay/harness.ts";
import { AccountStore } from "../state/account-store.ts";
import { createBlockhashCaches } from "../state/blockhash-cache.ts";
import { type Clock, liveClock, type ServiceClock, VirtualClock } from "../state/clock.ts";
import { PriceStore } from "../state/price-store.ts";
import { ProgramAccounts } from "../state/program-accounts.ts";
import type { Deployment, Services } from "../services.ts";
import { PoolStatsCache } from "./pool-stats-cache.ts";
import { PriceMapCache } from "./price-map-cache.ts";
import { TokenListCache } from "./token-list-cache.ts";
import { AccountCountsCache } from "./account-counts-cache.ts";
import { QuoteAnswerCache } from "./quote-answer-cache.ts";
import { OwnerViewCache } from "./owner-view-cache.ts";
import { DeploymentSnapshot } from "../domain/deployment-snapshot.ts";
import { TOKEN_LISTS } from "../domain/views/tokens.ts";
import { POOL_STATS } from "../domain/views/pool-stats.ts";
import { type Endpoints, resolveEndpoints } from "./endpoints.ts";
import { StreamHub, type TickReport } from "../streams/hub.ts";
import { v2BasketStream } from "../streams/v2-basket.ts";
import { earlierOwnerStream } from "../streams/earlier-owner.ts";
import { createChainSources, createOracleSource, inProcessReplay } from "./sources.ts";

export const BUNDLED_WORLD_DIR = "fixtures/world";
const FIRST_LOAD_TIMEOUT_MS = 120_000;
const FIRST_PRICE_TIMEOUT_MS = 10_000;

export interface Runtime {
  services: Services;
  /**
   * Starts ingestion and resolves once the first full load is in the stores (or its time limit passed, or `stop()` was
   * called: then nothing else is started).
   */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Closes every stream socket with 1001 (going away); `stop()` does it too. First step of a graceful shutdown. */
  closeStreams(): void;
  /** The replay servers, in replay mode. */
  replay?: ReplayHandle;
}

export interface BootOptions {
  /**
   * Live mode: the clock to compute with (default: the wall clock). Virtual replay: a VirtualClock to drive (default:
   * one at the recording's start). A realtime replay always computes on the recording's timeline.
   */
  clock?: Clock;
  /** Realtime replay: the wall clock its timeline runs on (default: the system clock; tests pass a manual one). */
  replayWall?: Clock;
  log?: (message: string) => void;
  /** Upstream problems (ingest errors, a first load not complete in time). Default: `log`. */
  warn?: (message: string) => void;
  /**
   * Replay mode only. `realtime` (default) plays the recording on timers; `virtual` leaves the replay at its start
   * until a test moves it with `runtime.replay.replayer.advanceTo(ms)` (deterministic end-to-end tests).
   */
  replayMode?: "realtime" | "virtual";
  /** Shared limit stores (src/limits; Redis when configured). Default: this process's memory. */
  limits?: ServiceLimits;
  /** Told of every tick of the streams' periodic messages (benchmarks). */
  onStreamTick?: (report: TickReport) => void;
  /** How long `start()` waits for the first full load before serving what arrived. Default 120 s. */
  firstLoadTimeoutMs?: number;
}

/** `nowUnix` is the wall clock's: `loadedAtUnix` says when this process loaded the configuration. */
async function loadDeployments(config: Config, replayDir: string, nowUnix: number) {
  const load = async (variable: "POOL_CONFIG_V2" | "POOL_CONFIG_EARLIER", file: string) => {
    const explicit = config[variable];
    try {
      return explicit
        ? await loadDeploymentConfig(explicit, { nowUnix })
        : await loadDeploymentConfig(join(replayDir, file), { bundled: replayDir === BUNDLED_WORLD_DIR, nowUnix });
    } catch (error) {
      // Named by the variable that chose the file (or REPLAY_DIR, whose recording carries it).
      if (error instanceof PoolConfigError) {
        throw new ConfigError(`${explicit ? variable : "REPLAY_DIR"}: ${error.message}`);
      }
      throw error;
    }
  };
  return {
    v2: await load("POOL_CONFIG_V2", "pool-config.v2.json"),
    earlier: await load("POOL_CONFIG_EARLIER", "pool-config.earlier.json"),
  } satisfies Record<ProgramVersion, DeploymentConfig>;
}

/** The stores, the deployments over them and the service-wide objects, before anything is ingested. */
function createServices(
  config: Config,
  clock: ServiceClock,
  configs: Record<ProgramVersion, DeploymentConfig>,
  endpoints: Endpoints,
  limits: ServiceLimits,
  onStreamTick?: (report: TickReport) => void,
): Services {
  const accounts = new AccountStore();
  const prices = new PriceStore();
  const ingest = new IngestStatus();
  const deployment = <V extends ProgramVersion>(version: V): Deployment<V> => {
    const index = new DeploymentIndex(configs[version]);
    const programId = configs[version].programId;
    const programAccounts = new ProgramAccounts(version, programId, accounts);
    // The same snapshot a request computes on (handlers/context.ts), at a given clock reading.
    const snapshotAt = (nowMs: number) =>
      new DeploymentSnapshot({
        version,
        programId,
        config: index,
        accounts: programAccounts,
        priceOfFeed: (feedId) => prices.get(feedId),
        nowMs,
        priceMaxAgeMs: config.PRICE_MAX_AGE_MS,
      });
    return {
      version,
      index,
      accounts: programAccounts,
      poolStats: new PoolStatsCache(index, programAccounts, prices, config.POOL_STATS_INTERVAL_MS, POOL_STATS[version]),
      priceMap: new PriceMapCache(index, prices),
      tokenList: new TokenListCache(index, TOKEN_LISTS[version]),
      owners: new OwnerViewCache(programId, accounts, prices, clock, snapshotAt),
      counts: new AccountCountsCache(programAccounts, accounts),
    };
  };
  const deployments = { v2: deployment("v2"), earlier: deployment("earlier") };
  const metrics = new ServiceMetrics({ ingest, prices, clock });
  const hubOptions = {
    limits: limits.connections,
    metrics,
    accounts,
    maxBufferedBytes: config.WS_MAX_BUFFERED_BYTES,
    onTick: onStreamTick,
  };
  return {
    config,
    clock,
    endpoints,
    deployments,
    accounts,
    prices,
    blockhashes: createBlockhashCaches(),
    quotes: new QuoteAnswerCache(accounts, prices, clock),
    ingest,
    metrics,
    limits,
    streams: {
      v2: new StreamHub(v2BasketStream(deployments.v2.owners, configs.v2.programId), hubOptions),
      earlier: new StreamHub(earlierOwnerStream(deployments.earlier.owners, configs.earlier.programId), hubOptions),
    },
  };
}

/**
 * Boot in three steps: where the data comes from (a replay started on loopback, or the live endpoints), the services
 * over empty stores, and the sources that will fill them once `start()` runs.
 */
export async function boot(config: Config, options: BootOptions = {}): Promise<Runtime> {
  const log = options.log ?? (() => {});
  const live = isLiveMode(config);
  const virtual = !live && options.replayMode === "virtual";
  const recording = live ? undefined : await readReplayDir(config.REPLAY_DIR);
  const configs = await loadDeployments(
    config,
    live ? BUNDLED_WORLD_DIR : config.REPLAY_DIR,
    Math.floor(Date.now() / 1000),
  );

  let replay: ReplayHandle | undefined;
  if (recording) {
    log(`replaying ${config.REPLAY_DIR} (speed ${config.REPLAY_SPEED}, loop ${config.REPLAY_LOOP})`);
    replay = await startReplay(recording, {
      mode: virtual ? "virtual" : "realtime",
      clock: virtual && options.clock instanceof VirtualClock ? options.clock : undefined,
      wall: options.replayWall,
      speed: config.REPLAY_SPEED,
      loop: config.REPLAY_LOOP,
    });
  }
  // DECISIONS 5.15: in replay mode the whole service computes on the recording's timeline (the replay's clock), so
  // recorded accounts, prices and the clock agree as they did at the recorded moment, in every loop.
  const clock: ServiceClock = replay ? replay.replayer.clock : liveClock(options.clock);
  const endpoints = resolveEndpoints(config, replay);
  const services = createServices(
    config,
    clock,
    configs,
    endpoints,
    options.limits ?? memoryLimits(config),
    options.onStreamTick,
  );
  // A looping replay takes the clock back by the recording's duration: the readings kept from before move with it,
  // so every age (slot lag, blockhash, oracle) stays continuous across the loop.
  clock.onRewind((byMs) => {
    services.ingest.shiftReadings(-byMs);
    services.prices.shiftReadings(-byMs);
    for (const cache of Object.values(services.blockhashes)) cache.shiftReadings(-byMs);
  });
  // Upstream errors are problems an operator filtering on `warn` must see (each is counted once in the status too).
  const warn = options.warn ?? log;
  const onError = (message: string) => warn(`ingest: ${message}`);
  const sources = createChainSources(services, endpoints, onError, replay && inProcessReplay(replay));
  const oracle = createOracleSource(services, endpoints, onError);

  const caches: { start(): void; stop(): void }[] = Object.values(services.deployments).flatMap((d) => [
    d.priceMap,
    d.tokenList,
    d.poolStats,
    d.owners,
    d.counts,
  ]);
  caches.push(services.quotes);
  const hubs = Object.values(services.streams);
  // Ends `start()`'s waits when `stop()` comes first (a shutdown during a boot that waits on an upstream).
  const stopping = new AbortController();
  return {
    services,
    replay,
    async start() {
      for (const source of sources) source.start();
      oracle?.start();
      const firstLoads = Promise.all(sources.map((s) => s.firstLoad()));
      const outcome = await settledWithin(
        firstLoads,
        options.firstLoadTimeoutMs ?? FIRST_LOAD_TIMEOUT_MS,
        stopping.signal,
      );
      if (outcome === "timeout") {
        warn("ingest: first load still incomplete; serving what arrived");
        // The pool statistics were computed over what arrived: recomputed as each chain's first load lands, rather
        // than at their next period (the pool reads would answer empty pools until then).
        for (const source of sources) {
          void source.firstLoad().then(() => {
            if (stopping.signal.aborted) return;
            log(`ingest: ${source.chain} first load complete`);
            for (const deployment of Object.values(services.deployments)) deployment.poolStats.refresh();
          });
        }
      }
      // A virtual replay publishes nothing until the test advances it, so there is no first price to wait for.
      if (oracle && !virtual) {
        await waitFor(() => services.prices.size > 0, FIRST_PRICE_TIMEOUT_MS, stopping.signal);
        if (services.prices.size === 0 && !stopping.signal.aborted) {
          warn("ingest: no oracle price yet; serving without");
        }
      }
      if (stopping.signal.aborted) return;
      for (const cache of caches) cache.start();
      for (const hub of hubs) hub.start();
      // Copies per chain: the count of effective accounts walks every key (0.05 s at 100,000 owners, before ready).
      const { accounts } = services;
      log(
        `ready: ${accounts.size("base")} base and ${accounts.size("er")} ER accounts, ${services.prices.size} prices`,
      );
    },
    closeStreams() {
      for (const hub of hubs) hub.stop();
    },
    async stop() {
      stopping.abort();
      // Sockets first (1001, going away), while the caches still answer their last messages' reads.
      for (const hub of hubs) hub.stop();
      for (const cache of caches) cache.stop();
      await Promise.all([...sources.map((s) => s.stop()), oracle?.stop()]);
      await replay?.stop();
    },
  };
}

/** The recording `REPLAY_DIR` names; one it cannot read is a configuration error naming the variable. */
async function readReplayDir(dir: string) {
  try {
    return await readRecording(dir);
  } catch (error) {
    throw new ConfigError(`REPLAY_DIR: no readable recording in ${dir} (${errorMessage(error)})`);
  }
}

/** Whether `promise` settled within `ms`, or the wait was cut short by `signal`; no timer outlives the answer. */
async function settledWithin(
  promise: Promise<unknown>,
  ms: number,
  signal: AbortSignal,
): Promise<"done" | "timeout" | "stopped"> {
  if (signal.aborted) return "stopped";
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = () => {};
  const timeout = new Promise<"timeout">((resolve) => timer = setTimeout(() => resolve("timeout"), ms));
  const stopped = new Promise<"stopped">((resolve) => {
    onAbort = () => resolve("stopped");
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([promise.then(() => "done" as const), timeout, stopped]);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", onAbort);
  }
}

async function waitFor(condition: () => boolean, ms: number, signal: AbortSignal): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && !signal.aborted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}
