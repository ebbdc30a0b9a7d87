/** POST /v2/transaction-builder/decrease-position (ext): size removed from an open position, proceeds to the basket. */
import type { V2Handler } from "./handler.ts";
import { decreasePositionTransaction } from "../../domain/builders/v2/decrease-position.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, requireTradeSigner, slippageBpsOf } from "../shared/trade-answers.ts";

export const v2DecreasePosition: V2Handler<"v2DecreasePosition"> = (c) => {
  const body = c.req.valid("json");
  const snapshot = snapshotOf(c, "v2");
  const signer = requireTradeSigner(c, "v2DecreasePosition", snapshot, body);
  const { owner, marketSymbol, side, sizeAmountUi, withdrawTokenSymbol } = body;
  return answerBuilder(c, "v2DecreasePosition", () =>
    decreasePositionTransaction(
      snapshot,
      { position: { owner, marketSymbol, side }, sizeAmountUi, withdrawTokenSymbol },
      signer,
      slippageBpsOf(body),
    ));
};
