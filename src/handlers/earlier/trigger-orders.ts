/**
 * POST /transaction-builder/{place,edit,cancel}-trigger-order and /cancel-all-trigger-orders (earlier interface):
 * `{transactionBase64}`, or a refusal as `{err, code}` with 400 / 404 / 503 (the routes' ErrBody, DECISIONS 3.3).
 */
import type { EarlierHandler } from "./handler.ts";
import { cancelAllTriggerOrdersTransaction } from "../../domain/builders/earlier/cancel-all-trigger-orders.ts";
import { cancelTriggerOrderTransaction } from "../../domain/builders/earlier/cancel-trigger-order.ts";
import { editTriggerOrderTransaction } from "../../domain/builders/earlier/edit-trigger-order.ts";
import { placeTriggerOrderTransaction } from "../../domain/builders/earlier/place-trigger-order.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder } from "../shared/builder-answers.ts";

export const placeTriggerOrder: EarlierHandler<"placeTriggerOrder"> = (c) =>
  answerBuilder(c, "placeTriggerOrder", placeTriggerOrderTransaction(snapshotOf(c, "earlier"), c.req.valid("json")));

export const editTriggerOrder: EarlierHandler<"editTriggerOrder"> = (c) =>
  answerBuilder(c, "editTriggerOrder", editTriggerOrderTransaction(snapshotOf(c, "earlier"), c.req.valid("json")));

export const cancelTriggerOrder: EarlierHandler<"cancelTriggerOrder"> = (c) =>
  answerBuilder(c, "cancelTriggerOrder", cancelTriggerOrderTransaction(snapshotOf(c, "earlier"), c.req.valid("json")));

export const cancelAllTriggerOrders: EarlierHandler<"cancelAllTriggerOrders"> = (c) =>
  answerBuilder(
    c,
    "cancelAllTriggerOrders",
    cancelAllTriggerOrdersTransaction(snapshotOf(c, "earlier"), c.req.valid("json")),
  );
