/** POST /v2/transaction-builder/cancel-trigger-order: one trigger slot, or 255 for all of the market and side. */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { cancelTriggerOrderTransaction } from "../../domain/builders/v2/cancel-trigger-order.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, requireTradeSigner } from "../shared/builder-answers.ts";

export const v2CancelTriggerOrder: V2Handler<"v2CancelTriggerOrder"> = (c) => {
  const body = c.req.valid("json");
  const snapshot = snapshotOf(c, "v2");
  const signer = requireTradeSigner(c, "v2CancelTriggerOrder", snapshot, body);
  return answerBuilder(c, "v2CancelTriggerOrder", attempt(() => cancelTriggerOrderTransaction(snapshot, body, signer)));
};
