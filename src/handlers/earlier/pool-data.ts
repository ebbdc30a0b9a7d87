/** GET /pool-data, /pool-data/{pool_pubkey}, /pool-data/status/initialized: cached pool statistics. */
import type { EarlierHandler } from "./handler.ts";
import { ApiError } from "../../http/errors.ts";
import { answerCachedJson } from "../shared/answers.ts";
import { earlierPoolDataJson, withoutMarkets } from "../shared/pool-data.ts";

export const getPoolData: EarlierHandler<"getPoolData"> = (c) =>
  answerCachedJson(c, earlierPoolDataJson(c.get("services")));

export const getPoolDataByPool: EarlierHandler<"getPoolDataByPool"> = (c) => {
  const { pool_pubkey } = c.req.valid("param");
  const stats = c.get("services").deployments.earlier.poolStats.pool(pool_pubkey);
  if (!stats) throw new ApiError(404, "NOT_FOUND", `pool data for ${pool_pubkey} not found`);
  return c.json(withoutMarkets(stats), 200);
};

export const getPoolDataInitialized: EarlierHandler<"getPoolDataInitialized"> = (c) =>
  c.json({ initialized: c.get("services").deployments.earlier.poolStats.initialized }, 200);
