/** POST /transaction-builder/add-collateral and /remove-collateral (earlier interface): quote and transaction. */
import type { EarlierHandler } from "./handler.ts";
import { addCollateralBuild } from "../../domain/builders/earlier/add-collateral.ts";
import { removeCollateralBuild } from "../../domain/builders/earlier/remove-collateral.ts";
import { snapshotOf } from "../context.ts";
import { answerBuild, requirePositiveAmount } from "../shared/builder-answers.ts";
import { buildTransaction } from "../shared/transactions.ts";

export const addCollateral: EarlierHandler<"addCollateral"> = (c) => {
  const body = c.req.valid("json");
  requirePositiveAmount("depositAmountUi", body.depositAmountUi);
  const result = addCollateralBuild(snapshotOf(c, "earlier"), body);
  return answerBuild(c, "addCollateral", result, ({ dto, build }) => ({
    ...dto,
    transactionBase64: buildTransaction(c, "addCollateral", { chain: "base", ...build }),
  }));
};

export const removeCollateral: EarlierHandler<"removeCollateral"> = (c) => {
  const body = c.req.valid("json");
  requirePositiveAmount("withdrawAmountUsdUi", body.withdrawAmountUsdUi);
  const result = removeCollateralBuild(snapshotOf(c, "earlier"), body);
  return answerBuild(c, "removeCollateral", result, ({ dto, build }) => ({
    ...dto,
    transactionBase64: buildTransaction(c, "removeCollateral", { chain: "base", ...build }),
  }));
};
