/**
 * Health (DECISIONS 2.11, 3.5): `ok`, or `degraded` with 503 when ingestion is stale beyond INGEST_STALE_AFTER_MS
 * (all ages on the service clock):
 * - a chain that has not completed its first load;
 * - a chain disconnected for that long (no account write, slot or reload since);
 * - a chain whose slot has not moved for that long (the chain, or the service's view of it, stalls or lags);
 * - a chain whose RPC has not answered a blockhash refresh for that long (HTTP unreachable: builders cannot work);
 * - an oracle stream silent for that long.
 * Both health bodies also carry the clock the service computes with (`clockUnixMs`, and where a replay stands).
 */
import { isLiveMode } from "../../config/env.ts";
import type { Services } from "../../services.ts";
import type { Chain } from "../../state/types.ts";
import type { ReplayPosition } from "../../state/clock.ts";
import type { ProgramVersion } from "../../protocol/vocabulary.ts";

/**
 * Whether the interface's ingestion is stale: `degraded`. Every reading is judged against INGEST_STALE_AFTER_MS, and
 * two against the tighter limit past which the service refuses to use them, so health never says `ok` while requests
 * fail for that reason: the blockhash against the cache's own limit (builders answer BLOCKHASH_UNAVAILABLE past it),
 * the oracle's last frame against PRICE_MAX_AGE_MS (quotes treat older prices as missing).
 */
export function ingestionIsStale(services: Services, chains: Chain[], now = services.clock.nowMs()): boolean {
  const limit = services.config.INGEST_STALE_AFTER_MS;
  const olderThan = (reading: number | null, ms: number) => reading === null || now - reading > ms;
  for (const chain of chains) {
    const status = services.ingest.chains[chain];
    if (status.lastFullLoadMs === null) return true;
    const last = Math.max(status.lastUpdateMs ?? 0, status.lastFullLoadMs);
    if (!status.connected && now - last > limit) return true;
    if (olderThan(status.slotAdvancedAtMs, limit)) return true;
    if (olderThan(status.lastBlockhashMs, Math.min(limit, services.blockhashes[chain].maxAgeMs))) return true;
  }
  return olderThan(services.ingest.oracle.lastFrameMs, Math.min(limit, services.config.PRICE_MAX_AGE_MS));
}

/** The clock fields of both health bodies, read once: the instant every other figure of the answer refers to. */
export function clockFields(services: Services, now: number): { clockUnixMs: number; replay: ReplayPosition | null } {
  // Where the replay stood at `now`, not a moment later: the two fields tell one instant.
  const replay = services.clock.replayPosition(now) ?? null;
  return { clockUnixMs: Math.floor(now), replay: replay && { ...replay, positionMs: Math.max(0, replay.positionMs) } };
}

/** The chains that feed an interface: v2 state lives on the ER with base fallback; the earlier one on base. */
export function chainsOf(services: Services, version: ProgramVersion): Chain[] {
  const hasEr = !isLiveMode(services.config) || services.config.ER_RPC_URL !== undefined;
  return version === "v2" && hasEr ? ["base", "er"] : ["base"];
}

/** What `GET /v2/health` counts: the cached account counts of the v2 program. */
function v2Accounts(services: Services) {
  const counts = services.deployments.v2.counts;
  return {
    pools: counts.of("Pool"),
    custodies: counts.of("Custody"),
    markets: counts.of("Market"),
    baskets: counts.of("Basket"),
    deposit_ledgers: counts.of("UserDepositLedger"),
  };
}

/** The body of `GET /v2/health` at `now`: cached account counts, the pool-configuration provenance, the clock. */
export function v2HealthBody(services: Services, now = services.clock.nowMs()) {
  const { index } = services.deployments.v2;
  const provenance = index.config.provenance;
  const { clockUnixMs, replay } = clockFields(services, now);
  return {
    status: ingestionIsStale(services, chainsOf(services, "v2"), now) ? "degraded" as const : "ok" as const,
    // The live service's health names the deployment this interface serves (issue 12): the v2 program on the
    // MagicBlock ephemeral rollup, always, so a constant (ORACLE-AND-CHAIN §2.3).
    program: "magicblock" as const,
    accounts: v2Accounts(services),
    config: {
      source: provenance.source,
      version: provenance.version,
      env: provenance.env,
      branch: provenance.branch,
      publishedAt: provenance.publishedAt,
      loadedAtUnix: provenance.loadedAtUnix,
      pools: index.pools.length,
      markets: index.marketCount,
      tokens: index.tokens.length,
    },
    clockUnixMs,
    replay,
  };
}

/** The body of `GET /health` at `now`: cached account counts of the earlier program (DECISIONS 2.11), the clock. */
export function earlierHealthBody(services: Services, now = services.clock.nowMs()) {
  const counts = services.deployments.earlier.counts;
  return {
    status: ingestionIsStale(services, chainsOf(services, "earlier"), now) ? "degraded" as const : "ok" as const,
    accounts: {
      perpetuals: counts.of("Perpetuals"),
      pools: counts.of("Pool"),
      custodies: counts.of("Custody"),
      markets: counts.of("Market"),
      positions: counts.of("Position"),
      orders: counts.of("Order"),
    },
    ...clockFields(services, now),
  };
}
