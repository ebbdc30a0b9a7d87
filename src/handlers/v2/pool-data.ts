/** GET /v2/pool-data and /v2/pool-data/{pool_pubkey}: the cached pool statistics (recomputed every 15 s). */
import type { V2Handler } from "./handler.ts";
import { ApiError } from "../../http/errors.ts";
import { answerCachedJson } from "../shared/answers.ts";
import { v2PoolDataJson } from "../shared/pool-data.ts";

export const v2GetPoolData: V2Handler<"v2GetPoolData"> = (c) => answerCachedJson(c, v2PoolDataJson(c.get("services")));

export const v2GetPoolDataByPool: V2Handler<"v2GetPoolDataByPool"> = (c) => {
  const { pool_pubkey } = c.req.valid("param");
  const stats = c.get("services").deployments.v2.poolStats.pool(pool_pubkey);
  if (!stats) throw new ApiError(404, "NOT_FOUND", `pool data for ${pool_pubkey} not found`);
  return c.json(stats, 200);
};
