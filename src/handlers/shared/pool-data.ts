/**
 * The pool-data answers' shapes over the cached pool statistics, for both interfaces: the handlers answer with them,
 * and so does the fast path's plain read (src/http/fast-path/plain-reads.ts). One function each, so the cache
 * serializes each shape once per statistics value; the earlier interface has no per-market figures (those are v2's
 * addition, DECISIONS 2.9).
 */
import type { PoolStatsDto } from "../../domain/views/pool-stats.ts";
import type { Services } from "../../services.ts";

const v2AllPools = <T>(pools: readonly T[]) => ({ pools: [...pools] });
/** One pool's statistics as the earlier interface gives them. */
export const withoutMarkets = ({ marketStats: _, ...stats }: PoolStatsDto) => stats;
const earlierAllPools = (pools: readonly PoolStatsDto[]) => ({ pools: pools.map(withoutMarkets) });

/** `GET /v2/pool-data`'s cached JSON. */
export const v2PoolDataJson = (services: Services) => services.deployments.v2.poolStats.json(v2AllPools);
/** `GET /pool-data`'s cached JSON. */
export const earlierPoolDataJson = (services: Services) => services.deployments.earlier.poolStats.json(earlierAllPools);
