/** POST /transaction-builder/add-collateral and /remove-collateral (earlier interface): quote and transaction. */
import type { EarlierHandler } from "./handler.ts";
import { addCollateralTransaction } from "../../domain/builders/earlier/add-collateral.ts";
import { removeCollateralTransaction } from "../../domain/builders/earlier/remove-collateral.ts";
import { snapshotOf } from "../context.ts";
import { requirePositiveAmount } from "../shared/answers.ts";
import { answerQuoteBuilder } from "../shared/builder-answers.ts";

export const addCollateral: EarlierHandler<"addCollateral"> = (c) => {
  const body = c.req.valid("json");
  requirePositiveAmount("depositAmountUi", body.depositAmountUi);
  return answerQuoteBuilder(
    c,
    "addCollateral",
    addCollateralTransaction(snapshotOf(c, "earlier"), body),
    (quoted) => quoted.plan,
    ({ dto }, transactionBase64) => ({ ...dto, transactionBase64 }),
  );
};

export const removeCollateral: EarlierHandler<"removeCollateral"> = (c) => {
  const body = c.req.valid("json");
  requirePositiveAmount("withdrawAmountUsdUi", body.withdrawAmountUsdUi);
  return answerQuoteBuilder(
    c,
    "removeCollateral",
    removeCollateralTransaction(snapshotOf(c, "earlier"), body),
    (quoted) => quoted.plan,
    ({ dto }, transactionBase64) => ({ ...dto, transactionBase64 }),
  );
};
