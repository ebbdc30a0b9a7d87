import type { EarlierHandler } from "./handler.ts";

/** GET /metrics: Prometheus text exposition (DECISIONS 1.7). */
export const getMetrics: EarlierHandler<"getMetrics"> = async (c) => {
  const { contentType, body } = await c.get("services").metrics.exposition();
  return c.text(body, 200, { "content-type": contentType });
};
