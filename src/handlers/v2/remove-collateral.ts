/** POST /v2/transaction-builder/remove-collateral: the remove-collateral quote and its transaction. */
import type { V2Handler } from "./handler.ts";
import { removeCollateralQuote } from "../../domain/quotes/collateral.ts";
import { removeCollateralTransaction } from "../../domain/builders/v2/remove-collateral.ts";
import { snapshotOf } from "../context.ts";
import { answerQuoteBuilder, requireTradeSigner } from "../shared/builder-answers.ts";

export const v2RemoveCollateral: V2Handler<"v2RemoveCollateral"> = (c) => {
  const body = c.req.valid("json");
  const snapshot = snapshotOf(c, "v2");
  const signer = requireTradeSigner(c, "v2RemoveCollateral", snapshot, body);
  const { owner, marketSymbol, side, collateralSymbol, withdrawAmountUsdUi, withdrawTokenSymbol } = body;
  return answerQuoteBuilder(
    c,
    "v2RemoveCollateral",
    removeCollateralQuote(snapshot, {
      position: { owner, marketSymbol, side, collateralSymbol },
      withdrawAmountUsdUi,
      withdrawTokenSymbol,
    }),
    (q) => removeCollateralTransaction(snapshot, q.terms, signer, withdrawTokenSymbol),
    (q, transactionBase64) => ({ ...q.dto, transactionBase64 }),
  );
};
