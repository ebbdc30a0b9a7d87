/** POST /v2/transaction-builder/cancel-all-trigger-orders (ext): every trigger of the market and side. */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { cancelAllTriggerOrdersTransaction } from "../../domain/builders/v2/cancel-all-trigger-orders.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, requireTradeSigner } from "../shared/builder-answers.ts";

export const v2CancelAllTriggerOrders: V2Handler<"v2CancelAllTriggerOrders"> = (c) => {
  const body = c.req.valid("json");
  const snapshot = snapshotOf(c, "v2");
  const signer = requireTradeSigner(c, "v2CancelAllTriggerOrders", snapshot, body);
  return answerBuilder(
    c,
    "v2CancelAllTriggerOrders",
    attempt(() => cancelAllTriggerOrdersTransaction(snapshot, body, signer)),
  );
};
