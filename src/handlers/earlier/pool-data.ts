/** GET /pool-data, /pool-data/{pool_pubkey}, /pool-data/status/initialized: cached pool statistics. */
import type { EarlierHandler } from "./handler.ts";
import { ApiError } from "../../http/errors.ts";
import { answerJsonBytes } from "../shared/answers.ts";
import type { PoolStatsDto } from "../../domain/views/pool-stats.ts";

/** The earlier snapshot has no per-market figures (those are v2's addition, DECISIONS 2.9). */
const withoutMarkets = ({ marketStats: _, ...stats }: PoolStatsDto) => stats;

/** The answer's shape over the kept snapshot (one function, so the cache serializes it once per snapshot). */
const allPools = (pools: readonly PoolStatsDto[]) => ({ pools: pools.map(withoutMarkets) });

export const getPoolData: EarlierHandler<"getPoolData"> = (c) =>
  answerJsonBytes(c, c.get("services").deployments.earlier.poolStats.json(allPools));

export const getPoolDataByPool: EarlierHandler<"getPoolDataByPool"> = (c) => {
  const { pool_pubkey } = c.req.valid("param");
  const stats = c.get("services").deployments.earlier.poolStats.pool(pool_pubkey);
  if (!stats) throw new ApiError(404, "NOT_FOUND", `pool data for ${pool_pubkey} not found`);
  return c.json(withoutMarkets(stats), 200);
};

export const getPoolDataInitialized: EarlierHandler<"getPoolDataInitialized"> = (c) =>
  c.json({ initialized: c.get("services").deployments.earlier.poolStats.initialized }, 200);
