/** POST /v2/transaction-builder/place-trigger-order: one take-profit or stop-loss on a position. */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { placeTriggerOrderTransaction } from "../../domain/builders/v2/place-trigger-order.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, requireTradeSigner } from "../shared/builder-answers.ts";

export const v2PlaceTriggerOrder: V2Handler<"v2PlaceTriggerOrder"> = (c) => {
  const body = c.req.valid("json");
  const snapshot = snapshotOf(c, "v2");
  const signer = requireTradeSigner(c, "v2PlaceTriggerOrder", snapshot, body);
  const { owner, marketSymbol, side, collateralSymbol, triggerPriceUi, sizeAmountUi, isStopLoss } = body;
  return answerBuilder(
    c,
    "v2PlaceTriggerOrder",
    attempt(() =>
      placeTriggerOrderTransaction(
        snapshot,
        { position: { owner, marketSymbol, side, collateralSymbol }, triggerPriceUi, sizeAmountUi, isStopLoss },
        signer,
      )
    ),
  );
};
