/** POST /v2/transaction-builder/add-collateral: the add-collateral quote and its transaction (any pool token). */
import type { V2Handler } from "./handler.ts";
import { addCollateralQuote } from "../../domain/quotes/collateral.ts";
import { addCollateralTransaction } from "../../domain/builders/v2/add-collateral.ts";
import { snapshotOf } from "../context.ts";
import { answerQuoteBuilder, requireTradeSigner } from "../shared/builder-answers.ts";

export const v2AddCollateral: V2Handler<"v2AddCollateral"> = (c) => {
  const body = c.req.valid("json");
  const snapshot = snapshotOf(c, "v2");
  const signer = requireTradeSigner(c, "v2AddCollateral", snapshot, body);
  const { owner, marketSymbol, side, collateralSymbol, depositAmountUi, depositTokenSymbol } = body;
  return answerQuoteBuilder(
    c,
    "v2AddCollateral",
    addCollateralQuote(snapshot, {
      position: { owner, marketSymbol, side, collateralSymbol },
      depositAmountUi,
      depositTokenSymbol,
    }),
    (q) => addCollateralTransaction(snapshot, q.terms, signer),
    (q, transactionBase64) => ({ ...q.dto, transactionBase64 }),
  );
};
