/** GET /pool-data, /pool-data/{pool_pubkey}, /pool-data/status/initialized: cached pool statistics. */
import type { EarlierHandler } from "./handler.ts";
import { ApiError } from "../../http/errors.ts";
import type { PoolStatsDto } from "../../domain/views/pool-stats.ts";

/** The earlier snapshot has no per-market figures (those are v2's addition, DECISIONS 2.9). */
const withoutMarkets = ({ marketStats: _, ...stats }: PoolStatsDto) => stats;

export const getPoolData: EarlierHandler<"getPoolData"> = (c) =>
  c.json({ pools: c.var.services.deployments.earlier.poolStats.pools.map(withoutMarkets) }, 200);

export const getPoolDataByPool: EarlierHandler<"getPoolDataByPool"> = (c) => {
  const { pool_pubkey } = c.req.valid("param");
  const stats = c.var.services.deployments.earlier.poolStats.pool(pool_pubkey);
  if (!stats) throw new ApiError(404, "NOT_FOUND", `pool data for ${pool_pubkey} not found`);
  return c.json(withoutMarkets(stats), 200);
};

export const getPoolDataInitialized: EarlierHandler<"getPoolDataInitialized"> = (c) =>
  c.json({ initialized: c.var.services.deployments.earlier.poolStats.initialized }, 200);
