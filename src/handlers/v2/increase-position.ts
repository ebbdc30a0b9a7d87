/** POST /v2/transaction-builder/increase-position (ext): size (and collateral) added to an open position. */
import type { V2Handler } from "./handler.ts";
import { increasePositionTransaction } from "../../domain/builders/v2/increase-position.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, requireTradeSigner, slippageBpsOf } from "../shared/trade-answers.ts";

export const v2IncreasePosition: V2Handler<"v2IncreasePosition"> = (c) => {
  const body = c.req.valid("json");
  const snapshot = snapshotOf(c, "v2");
  const signer = requireTradeSigner(c, "v2IncreasePosition", snapshot, body);
  const { owner, marketSymbol, side, sizeAmountUi, collateralAmountUi, collateralTokenSymbol } = body;
  return answerBuilder(c, "v2IncreasePosition", () =>
    increasePositionTransaction(
      snapshot,
      { position: { owner, marketSymbol, side }, sizeAmountUi, collateralAmountUi, collateralTokenSymbol },
      signer,
      slippageBpsOf(body),
    ));
};
