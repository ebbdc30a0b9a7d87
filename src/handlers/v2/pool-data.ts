/** GET /v2/pool-data and /v2/pool-data/{pool_pubkey}: the cached pool statistics (recomputed every 15 s). */
import type { V2Handler } from "./handler.ts";
import { ApiError } from "../../http/errors.ts";
import { answerJsonBytes } from "../shared/answers.ts";

/** The answer's shape over the kept snapshot (one function, so the cache serializes it once per snapshot). */
const allPools = <T>(pools: readonly T[]) => ({ pools: [...pools] });

export const v2GetPoolData: V2Handler<"v2GetPoolData"> = (c) =>
  answerJsonBytes(c, c.get("services").deployments.v2.poolStats.json(allPools));

export const v2GetPoolDataByPool: V2Handler<"v2GetPoolDataByPool"> = (c) => {
  const { pool_pubkey } = c.req.valid("param");
  const stats = c.get("services").deployments.v2.poolStats.pool(pool_pubkey);
  if (!stats) throw new ApiError(404, "NOT_FOUND", `pool data for ${pool_pubkey} not found`);
  return c.json(stats, 200);
};
