/** POST /v2/transaction-builder/edit-trigger-order: new price and size for a trigger slot. */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { editTriggerOrderTransaction } from "../../domain/builders/v2/edit-trigger-order.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, requireTradeSigner } from "../shared/builder-answers.ts";

export const v2EditTriggerOrder: V2Handler<"v2EditTriggerOrder"> = (c) => {
  const body = c.req.valid("json");
  const snapshot = snapshotOf(c, "v2");
  const signer = requireTradeSigner(c, "v2EditTriggerOrder", snapshot, body);
  return answerBuilder(c, "v2EditTriggerOrder", attempt(() => editTriggerOrderTransaction(snapshot, body, signer)));
};
