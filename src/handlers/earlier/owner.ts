/**
 * GET /positions/owner/{owner} and /orders/owner/{owner}: the owner's enriched positions and order records, served
 * from the owner view cache as the same bytes the owner stream sends.
 */
import type { EarlierHandler } from "./handler.ts";
import type { OrderDataUiDto } from "../../domain/views/order-metrics.ts";
import type { PositionTableDataUiDto } from "../../domain/views/position-metrics.ts";
import { answerJsonText } from "../shared/answers.ts";

export const getPositionsByOwner: EarlierHandler<"getPositionsByOwner"> = (c) => {
  const { owner } = c.req.valid("param");
  const { includePnlInLeverageDisplay } = c.req.valid("query");
  const listing = c.var.services.deployments.earlier.owners.positions(owner, includePnlInLeverageDisplay);
  return answerJsonText<PositionTableDataUiDto[]>(c, listing.json);
};

export const getOrdersByOwner: EarlierHandler<"getOrdersByOwner"> = (c) => {
  const { owner } = c.req.valid("param");
  return answerJsonText<OrderDataUiDto[]>(c, c.var.services.deployments.earlier.owners.orders(owner).json);
};
