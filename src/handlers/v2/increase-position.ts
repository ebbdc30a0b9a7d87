/** POST /v2/transaction-builder/increase-position (ext): size (and collateral) added to an open position. */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { increasePositionTransaction } from "../../domain/builders/v2/increase-position.ts";
import { slippageBps } from "../../domain/builders/slippage.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, requireTradeSigner } from "../shared/builder-answers.ts";

export const v2IncreasePosition: V2Handler<"v2IncreasePosition"> = (c) => {
  const body = c.req.valid("json");
  const snapshot = snapshotOf(c, "v2");
  const signer = requireTradeSigner(c, "v2IncreasePosition", snapshot, body);
  const { owner, marketSymbol, side, collateralSymbol, sizeAmountUi, collateralAmountUi, collateralTokenSymbol } = body;
  return answerBuilder(
    c,
    "v2IncreasePosition",
    attempt(() =>
      increasePositionTransaction(
        snapshot,
        {
          position: { owner, marketSymbol, side, collateralSymbol },
          sizeAmountUi,
          collateralAmountUi,
          collateralTokenSymbol,
        },
        signer,
        slippageBps(body.slippagePercentage),
      )
    ),
  );
};
