/** POST /v2/transaction-builder/close-position: the close quote and its full or partial close (DECISIONS 5.6). */
import type { V2Handler } from "./handler.ts";
import { closePositionQuote } from "../../domain/quotes/close.ts";
import { closePositionTransaction } from "../../domain/builders/v2/close-position.ts";
import { slippageBps } from "../../domain/builders/slippage.ts";
import { snapshotOf } from "../context.ts";
import { answerQuoteBuilder, requireTradeSigner } from "../shared/builder-answers.ts";

export const v2ClosePosition: V2Handler<"v2ClosePosition"> = (c) => {
  const body = c.req.valid("json");
  const snapshot = snapshotOf(c, "v2");
  const signer = requireTradeSigner(c, "v2ClosePosition", snapshot, body);
  const { owner, marketSymbol, side, collateralSymbol, inputUsdUi, closeAll, withdrawTokenSymbol } = body;
  return answerQuoteBuilder(
    c,
    "v2ClosePosition",
    closePositionQuote(snapshot, {
      position: { owner, marketSymbol, side, collateralSymbol },
      inputUsdUi,
      closeAll,
      withdrawTokenSymbol,
    }),
    (q) =>
      closePositionTransaction(snapshot, q.terms, signer, slippageBps(body.slippagePercentage), withdrawTokenSymbol),
    (q, transactionBase64) => ({ ...q.dto, transactionBase64, err: null }),
  );
};
