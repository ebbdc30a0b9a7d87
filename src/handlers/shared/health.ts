/**
 * Health (DECISIONS 2.11): `ok`, or `degraded` with 503 when ingestion is stale: a chain that has not completed its
 * first load, or whose last data (account write or slot) is older than INGEST_STALE_AFTER_MS while disconnected,
 * or an oracle stream silent for that long.
 */
import { isLiveMode } from "../../config/env.ts";
import type { Services } from "../../services.ts";
import type { Chain } from "../../state/types.ts";
import type { ProgramVersion } from "../../protocol/vocabulary.ts";

export function ingestionIsStale(services: Services, chains: Chain[]): boolean {
  const now = services.clock.nowMs();
  const limit = services.config.INGEST_STALE_AFTER_MS;
  for (const chain of chains) {
    const status = services.ingest.chains[chain];
    if (status.lastSyncMs === null) return true;
    const last = Math.max(status.lastUpdateMs ?? 0, status.lastSyncMs);
    if (!status.connected && now - last > limit) return true;
  }
  const oracle = services.ingest.oracle;
  if (oracle.lastFrameMs === null || now - oracle.lastFrameMs > limit) return true;
  return false;
}

/** The chains that feed an interface: v2 state lives on the ER with base fallback; the earlier one on base. */
export function chainsOf(services: Services, version: ProgramVersion): Chain[] {
  const hasEr = !isLiveMode(services.config) || services.config.ER_RPC_URL !== undefined;
  return version === "v2" && hasEr ? ["base", "er"] : ["base"];
}
