/** GET /v2/pool-data and /v2/pool-data/{pool_pubkey}: the cached pool statistics (recomputed every 15 s). */
import type { AppEnv } from "../../services.ts";
import type { RouteHandler } from "@hono/zod-openapi";
import type * as routes from "../../../gen/v2/routes.ts";
import { ApiError } from "../../http/errors.ts";

export const v2GetPoolData: RouteHandler<typeof routes.v2GetPoolData, AppEnv> = (c) =>
  c.json({ pools: [...c.var.services.deployments.v2.poolStats.pools] }, 200);

export const v2GetPoolDataByPool: RouteHandler<typeof routes.v2GetPoolDataByPool, AppEnv> = (c) => {
  const { pool_pubkey } = c.req.valid("param");
  const stats = c.var.services.deployments.v2.poolStats.pool(pool_pubkey);
  if (!stats) throw new ApiError(404, "NOT_FOUND", `pool data for ${pool_pubkey} not found`);
  return c.json(stats, 200);
};
