/** GET /pool-data, /pool-data/{pool_pubkey}, /pool-data/status/initialized: cached pool statistics. */
import type { AppEnv } from "../../services.ts";
import type { RouteHandler } from "@hono/zod-openapi";
import type { routes } from "../../../gen/earlier/routes.ts";
import { ApiError } from "../../http/errors.ts";
import type { PoolStatsDto } from "../../domain/views/pool-stats.ts";

/** The earlier snapshot has no per-market figures (those are v2's addition, DECISIONS 2.9). */
const withoutMarkets = ({ marketStats: _, ...stats }: PoolStatsDto) => stats;

export const getPoolData: RouteHandler<typeof routes.getPoolData, AppEnv> = (c) =>
  c.json({ pools: c.var.services.deployments.earlier.poolStats.pools.map(withoutMarkets) }, 200);

export const getPoolDataByPool: RouteHandler<typeof routes.getPoolDataByPool, AppEnv> = (c) => {
  const { pool_pubkey } = c.req.valid("param");
  const stats = c.var.services.deployments.earlier.poolStats.pool(pool_pubkey);
  if (!stats) throw new ApiError(404, "NOT_FOUND", `pool data for ${pool_pubkey} not found`);
  return c.json(withoutMarkets(stats), 200);
};

export const getPoolDataInitialized: RouteHandler<typeof routes.getPoolDataInitialized, AppEnv> = (c) =>
  c.json({ initialized: c.var.services.deployments.earlier.poolStats.initialized }, 200);
