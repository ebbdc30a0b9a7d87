/**
 * POST /transaction-builder/{place,edit,cancel}-trigger-order and /cancel-all-trigger-orders (earlier interface):
 * `{transactionBase64}`, or a refusal as `{err, code}` with 400 / 404 / 503 (the routes' ErrBody, DECISIONS 3.3).
 */
import type { EarlierHandler } from "./handler.ts";
import { cancelAllTriggerOrdersBuild } from "../../domain/builders/earlier/cancel-all-trigger-orders.ts";
import { cancelTriggerOrderBuild } from "../../domain/builders/earlier/cancel-trigger-order.ts";
import { editTriggerOrderBuild } from "../../domain/builders/earlier/edit-trigger-order.ts";
import { placeTriggerOrderBuild } from "../../domain/builders/earlier/place-trigger-order.ts";
import { snapshotOf } from "../context.ts";
import { requireBuilt } from "../shared/builder-answers.ts";
import { buildTransaction } from "../shared/transactions.ts";

export const placeTriggerOrder: EarlierHandler<"placeTriggerOrder"> = (c) => {
  const build = requireBuilt(
    c,
    "placeTriggerOrder",
    placeTriggerOrderBuild(snapshotOf(c, "earlier"), c.req.valid("json")),
  );
  return c.json({ transactionBase64: buildTransaction(c, "placeTriggerOrder", { chain: "base", ...build }) }, 200);
};

export const editTriggerOrder: EarlierHandler<"editTriggerOrder"> = (c) => {
  const build = requireBuilt(
    c,
    "editTriggerOrder",
    editTriggerOrderBuild(snapshotOf(c, "earlier"), c.req.valid("json")),
  );
  return c.json({ transactionBase64: buildTransaction(c, "editTriggerOrder", { chain: "base", ...build }) }, 200);
};

export const cancelTriggerOrder: EarlierHandler<"cancelTriggerOrder"> = (c) => {
  const result = cancelTriggerOrderBuild(snapshotOf(c, "earlier"), c.req.valid("json"));
  const build = requireBuilt(c, "cancelTriggerOrder", result);
  return c.json({ transactionBase64: buildTransaction(c, "cancelTriggerOrder", { chain: "base", ...build }) }, 200);
};

export const cancelAllTriggerOrders: EarlierHandler<"cancelAllTriggerOrders"> = (c) => {
  const result = cancelAllTriggerOrdersBuild(snapshotOf(c, "earlier"), c.req.valid("json"));
  const build = requireBuilt(c, "cancelAllTriggerOrders", result);
  return c.json({ transactionBase64: buildTransaction(c, "cancelAllTriggerOrders", { chain: "base", ...build }) }, 200);
};
