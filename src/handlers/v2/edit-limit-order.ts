/** POST /v2/transaction-builder/edit-limit-order: keep/remove semantics of the v2 document's order-slot rules. */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { editLimitOrderTransaction } from "../../domain/builders/v2/edit-limit-order.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, requireTradeSigner } from "../shared/builder-answers.ts";

export const v2EditLimitOrder: V2Handler<"v2EditLimitOrder"> = (c) => {
  const body = c.req.valid("json");
  const snapshot = snapshotOf(c, "v2");
  const signer = requireTradeSigner(c, "v2EditLimitOrder", snapshot, body);
  return answerBuilder(c, "v2EditLimitOrder", attempt(() => editLimitOrderTransaction(snapshot, body, signer)));
};
