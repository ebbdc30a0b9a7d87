/** POST /v2/transaction-builder/place-tp-sl: a take-profit and/or a stop-loss in one transaction. */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { placeTpSlTransaction } from "../../domain/builders/v2/place-tp-sl.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, requireTradeSigner } from "../shared/builder-answers.ts";

export const v2PlaceTpSl: V2Handler<"v2PlaceTpSl"> = (c) => {
  const body = c.req.valid("json");
  const snapshot = snapshotOf(c, "v2");
  const signer = requireTradeSigner(c, "v2PlaceTpSl", snapshot, body);
  const { owner, marketSymbol, side, collateralSymbol, sizeAmountUi, takeProfitUi, stopLossUi } = body;
  return answerBuilder(
    c,
    "v2PlaceTpSl",
    attempt(() =>
      placeTpSlTransaction(
        snapshot,
        { position: { owner, marketSymbol, side, collateralSymbol }, sizeAmountUi, takeProfitUi, stopLossUi },
        signer,
      )
    ),
  );
};
