/** GET /positions/owner/{owner} and /orders/owner/{owner}: the owner's enriched positions and order records. */
import type { AppEnv } from "../../services.ts";
import type { RouteHandler } from "@hono/zod-openapi";
import type * as routes from "../../../gen/earlier/routes.ts";
import { ordersByOwner, positionsByOwner } from "../../domain/views/owner.ts";
import { snapshotOf } from "../context.ts";

export const getPositionsByOwner: RouteHandler<typeof routes.getPositionsByOwner, AppEnv> = (c) => {
  const { owner } = c.req.valid("param");
  const { includePnlInLeverageDisplay } = c.req.valid("query");
  return c.json(positionsByOwner(snapshotOf(c, "earlier"), owner, includePnlInLeverageDisplay), 200);
};

export const getOrdersByOwner: RouteHandler<typeof routes.getOrdersByOwner, AppEnv> = (c) => {
  const { owner } = c.req.valid("param");
  return c.json(ordersByOwner(snapshotOf(c, "earlier"), owner), 200);
};
