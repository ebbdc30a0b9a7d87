/** GET /positions/owner/{owner} and /orders/owner/{owner}: the owner's enriched positions and order records. */
import type { EarlierHandler } from "./handler.ts";
import { ordersByOwner, positionsByOwner } from "../../domain/views/owner.ts";
import { snapshotOf } from "../context.ts";

export const getPositionsByOwner: EarlierHandler<"getPositionsByOwner"> = (c) => {
  const { owner } = c.req.valid("param");
  const { includePnlInLeverageDisplay } = c.req.valid("query");
  return c.json(positionsByOwner(snapshotOf(c, "earlier"), owner, includePnlInLeverageDisplay), 200);
};

export const getOrdersByOwner: EarlierHandler<"getOrdersByOwner"> = (c) => {
  const { owner } = c.req.valid("param");
  return c.json(ordersByOwner(snapshotOf(c, "earlier"), owner), 200);
};
