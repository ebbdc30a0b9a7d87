/** POST /v2/transaction-builder/decrease-position (ext): size removed from an open position, proceeds to the basket. */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { decreasePositionTransaction } from "../../domain/builders/v2/decrease-position.ts";
import { slippageBps } from "../../domain/builders/slippage.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, requireTradeSigner } from "../shared/builder-answers.ts";

export const v2DecreasePosition: V2Handler<"v2DecreasePosition"> = (c) => {
  const body = c.req.valid("json");
  const snapshot = snapshotOf(c, "v2");
  const signer = requireTradeSigner(c, "v2DecreasePosition", snapshot, body);
  const { owner, marketSymbol, side, collateralSymbol, sizeAmountUi, withdrawTokenSymbol } = body;
  return answerBuilder(
    c,
    "v2DecreasePosition",
    attempt(() =>
      decreasePositionTransaction(
        snapshot,
        { position: { owner, marketSymbol, side, collateralSymbol }, sizeAmountUi, withdrawTokenSymbol },
        signer,
        slippageBps(body.slippagePercentage),
      )
    ),
  );
};
