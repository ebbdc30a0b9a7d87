/** POST /v2/transaction-builder/reverse-position: close, cleanup, reopen on the other side (DECISIONS 5.7). */
import type { V2Handler } from "./handler.ts";
import { reversePositionQuote } from "../../domain/quotes/reverse.ts";
import { reversePositionTransaction } from "../../domain/builders/v2/reverse-position.ts";
import { slippageBps } from "../../domain/builders/slippage.ts";
import { snapshotOf } from "../context.ts";
import { answerQuoteBuilder, requireTradeSigner } from "../shared/builder-answers.ts";

export const v2ReversePosition: V2Handler<"v2ReversePosition"> = (c) => {
  const body = c.req.valid("json");
  const snapshot = snapshotOf(c, "v2");
  const signer = requireTradeSigner(c, "v2ReversePosition", snapshot, body);
  const { owner, marketSymbol, side, collateralSymbol, leverage } = body;
  return answerQuoteBuilder(
    c,
    "v2ReversePosition",
    reversePositionQuote(snapshot, { position: { owner, marketSymbol, side, collateralSymbol }, leverage }),
    (q) => reversePositionTransaction(snapshot, q.terms, signer, slippageBps(body.slippagePercentage)),
    (q, transactionBase64) => ({ ...q.dto, transactionBase64 }),
  );
};
