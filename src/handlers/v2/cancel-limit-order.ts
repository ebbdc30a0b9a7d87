/** POST /v2/transaction-builder/cancel-limit-order: the slot's reserve returns to the basket. */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { cancelLimitOrderTransaction } from "../../domain/builders/v2/cancel-limit-order.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, requireTradeSigner } from "../shared/builder-answers.ts";

export const v2CancelLimitOrder: V2Handler<"v2CancelLimitOrder"> = (c) => {
  const body = c.req.valid("json");
  const snapshot = snapshotOf(c, "v2");
  const signer = requireTradeSigner(c, "v2CancelLimitOrder", snapshot, body);
  return answerBuilder(c, "v2CancelLimitOrder", attempt(() => cancelLimitOrderTransaction(snapshot, body, signer)));
};
