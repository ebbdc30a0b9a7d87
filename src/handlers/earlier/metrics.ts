import type { AppEnv } from "../../services.ts";
import type { RouteHandler } from "@hono/zod-openapi";
import type { routes } from "../../../gen/earlier/routes.ts";

/** GET /metrics: Prometheus text exposition (DECISIONS 1.7). */
export const getMetrics: RouteHandler<typeof routes.getMetrics, AppEnv> = async (c) => {
  const { contentType, body } = await c.var.services.metrics.exposition();
  return c.text(body, 200, { "content-type": contentType });
};
