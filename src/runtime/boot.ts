/**
 * Assembles the running services from a validated configuration.
 *
 * Replay mode (no RPC_URL): the recording in REPLAY_DIR is served by loopback replay servers (JSON-RPC for the
 * base chain and the ER, and an oracle stream) and ingested by the very same live sources used in production.
 * Live mode: the sources point at RPC_URL / ER_RPC_URL / ORACLE_URL.
 */
import { join } from "node:path";
import { type Config, isLiveMode } from "../config/env.ts";
import { DeploymentIndex } from "../config/deployment-index.ts";
import { type DeploymentConfig, loadDeploymentConfig } from "../config/pool-config.ts";
import { ServiceMetrics } from "../http/metrics.ts";
import { memoryLimits, type ServiceLimits } from "../limits/mod.ts";
import { ChainSource, type ChainSourceConfig } from "../ingest/chain-source.ts";
import { OracleSource } from "../ingest/oracle-source.ts";
import { IngestStatus } from "../ingest/status.ts";
import { DISCRIMINATORS, type ProgramVersion } from "../protocol/accounts/index.ts";
import { readRecording } from "../replay/format.ts";
import { type ReplayHandle, startReplay } from "../replay/harness.ts";
import { AccountStore } from "../state/account-store.ts";
import { createBlockhashCaches } from "../state/blockhash-cache.ts";
import { type Clock, systemClock, VirtualClock } from "../state/clock.ts";
import { PriceStore } from "../state/price-store.ts";
import { ProgramView } from "../state/program-view.ts";
import type { Deployment, Services } from "../services.ts";
import { PoolStatsCache } from "./pool-stats-cache.ts";

export const BUNDLED_WORLD_DIR = "fixtures/world";
const SYNC_TIMEOUT_MS = 120_000;
const FIRST_PRICE_TIMEOUT_MS = 10_000;

export interface Runtime {
  services: Services;
  /** Starts ingestion and resolves once the first full load is in the stores (or its time limit passed). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The replay servers, in replay mode. */
  replay?: ReplayHandle;
}

export interface BootOptions {
  clock?: Clock;
  log?: (message: string) => void;
  /**
   * Replay mode only. `realtime` (default) plays the recording on timers; `virtual` leaves the replay at its start
   * until a test moves it with `runtime.replay.replayer.advanceTo(ms)` (deterministic end-to-end tests).
   */
  replayMode?: "realtime" | "virtual";
  /** Shared limit stores (src/limits; Redis when configured). Default: this process's memory. */
  limits?: ServiceLimits;
}

interface Endpoints {
  baseRpc: string;
  baseWs?: string;
  erRpc?: string;
  erWs?: string;
  oracle?: string;
  oracleToken: string;
}

async function loadDeployments(config: Config, replayDir: string, nowUnix: number) {
  const load = (explicit: string | undefined, file: string) =>
    explicit
      ? loadDeploymentConfig(explicit, { nowUnix })
      : loadDeploymentConfig(join(replayDir, file), { bundled: replayDir === BUNDLED_WORLD_DIR, nowUnix });
  return {
    v2: await load(config.POOL_CONFIG_V2, "pool-config.v2.json"),
    earlier: await load(config.POOL_CONFIG_EARLIER, "pool-config.earlier.json"),
  } satisfies Record<ProgramVersion, DeploymentConfig>;
}

/** Accounts outside the program that the service reads: lookup tables, token mints, LP mints. */
function extraAccountsOf(configs: DeploymentConfig[]): string[] {
  const keys = new Set<string>();
  for (const config of configs) {
    for (const pool of config.pools) {
      pool.addressLookupTableAddresses.forEach((k) => keys.add(k));
      if (pool.stakedLpTokenMint) keys.add(pool.stakedLpTokenMint);
      pool.tokens.forEach((t) => keys.add(t.mintKey));
    }
  }
  return [...keys];
}

export async function boot(config: Config, options: BootOptions = {}): Promise<Runtime> {
  const log = options.log ?? (() => {});
  const live = isLiveMode(config);
  const virtual = !live && options.replayMode === "virtual";
  const recording = live ? undefined : await readRecording(config.REPLAY_DIR);
  // A virtual replay keeps the recording's own time: the whole service reads that clock, so recorded prices are as
  // fresh as when they were recorded and time moves only when the test advances the replay.
  const virtualClock = virtual
    ? (options.clock instanceof VirtualClock ? options.clock : new VirtualClock(recording!.meta.startedAtMs))
    : undefined;
  const clock: Clock = virtualClock ?? options.clock ?? systemClock;
  const configs = await loadDeployments(
    config,
    live ? BUNDLED_WORLD_DIR : config.REPLAY_DIR,
    Math.floor(clock.nowMs() / 1000),
  );

  const accounts = new AccountStore();
  const prices = new PriceStore();
  const blockhashes = createBlockhashCaches();
  const ingest = new IngestStatus();
  const metrics = new ServiceMetrics({ ingest, prices, clock });
  const deployment = (version: ProgramVersion): Deployment => {
    const index = new DeploymentIndex(configs[version]);
    const view = new ProgramView(version, configs[version].programId, accounts);
    return { version, index, view, poolStats: new PoolStatsCache(index, view, prices, config.POOL_STATS_INTERVAL_MS) };
  };
  const deployments = { v2: deployment("v2"), earlier: deployment("earlier") };
  const limits = options.limits ?? memoryLimits(config);
  const services: Services = { config, clock, deployments, accounts, prices, blockhashes, ingest, metrics, limits };

  let replay: ReplayHandle | undefined;
  let endpoints: Endpoints;
  if (live) {
    endpoints = {
      baseRpc: config.RPC_URL!,
      baseWs: config.RPC_WS_URL,
      erRpc: config.ER_RPC_URL,
      erWs: config.ER_RPC_WS_URL,
      oracle: config.ORACLE_URL,
      oracleToken: config.ORACLE_TOKEN ?? "",
    };
  } else {
    log(`replaying ${config.REPLAY_DIR} (speed ${config.REPLAY_SPEED}, loop ${config.REPLAY_LOOP})`);
    replay = await startReplay(recording!, {
      mode: virtual ? "virtual" : "realtime",
      clock: virtualClock,
      speed: config.REPLAY_SPEED,
      loop: config.REPLAY_LOOP,
    });
    endpoints = {
      baseRpc: `http://127.0.0.1:${replay.base.port}`,
      erRpc: `http://127.0.0.1:${replay.er.port}`,
      oracle: replay.oracle.url,
      oracleToken: "replay",
    };
  }

  const programIds = [...new Set(Object.values(configs).map((c) => c.programId))];
  const chainCommon: Omit<ChainSourceConfig, "chain" | "rpcUrl" | "programIds"> = {
    blockhashIntervalMs: config.BLOCKHASH_REFRESH_MS,
    // Only the account kinds the service decodes, each loaded and watched on its own ...
    discriminatorFilters: Object.values(DISCRIMINATORS).map((d) => d.hex),
    // ... and the per-wallet kinds, which grow with the user count, fetched by key in batches.
    batchedKinds: [
      DISCRIMINATORS.Basket.hex,
      DISCRIMINATORS.UserDepositLedger.hex,
      DISCRIMINATORS.Position.hex,
      DISCRIMINATORS.Order.hex,
    ],
  };
  const onError = (message: string) => log(`ingest: ${message}`);
  const sources: ChainSource[] = [
    new ChainSource(
      {
        ...chainCommon,
        chain: "base",
        rpcUrl: endpoints.baseRpc,
        wsUrl: endpoints.baseWs,
        programIds,
        extraAccounts: extraAccountsOf(Object.values(configs)),
      },
      { store: accounts, blockhash: blockhashes.base, status: ingest.chains.base, clock, onError },
    ),
  ];
  if (endpoints.erRpc) {
    sources.push(
      new ChainSource(
        {
          ...chainCommon,
          chain: "er",
          rpcUrl: endpoints.erRpc,
          wsUrl: endpoints.erWs,
          programIds: [configs.v2.programId],
        },
        { store: accounts, blockhash: blockhashes.er, status: ingest.chains.er, clock, onError },
      ),
    );
  }
  const feedIds = [...new Set([...deployments.v2.index.feedIds(), ...deployments.earlier.index.feedIds()])];
  const oracle = endpoints.oracle
    ? new OracleSource(
      { urls: [endpoints.oracle], token: endpoints.oracleToken, feedIds },
      { prices, status: ingest.oracle, clock, onError },
    )
    : undefined;

  const caches = Object.values(deployments).map((d) => d.poolStats);
  return {
    services,
    replay,
    async start() {
      for (const source of sources) source.start();
      oracle?.start();
      const synced = Promise.all(sources.map((s) => s.synced()));
      await withTimeout(
        synced,
        SYNC_TIMEOUT_MS,
        () => log("ingest: first load still incomplete; serving what arrived"),
      );
      // A virtual replay publishes nothing until the test advances it, so there is no first price to wait for.
      if (oracle && !virtual) await waitFor(() => prices.size > 0, FIRST_PRICE_TIMEOUT_MS);
      for (const cache of caches) cache.start();
      log(`ready: ${accounts.size()} accounts, ${prices.size} prices`);
    },
    async stop() {
      for (const cache of caches) cache.stop();
      await Promise.all([...sources.map((s) => s.stop()), oracle?.stop()]);
      await replay?.stop();
    },
  };
}

async function withTimeout(promise: Promise<unknown>, ms: number, onTimeout: () => void): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => timer = setTimeout(() => resolve("timeout"), ms));
  const outcome = await Promise.race([promise.then(() => "done" as const), timeout]);
  clearTimeout(timer);
  if (outcome === "timeout") onTimeout();
}

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}
