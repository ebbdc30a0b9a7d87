/** POST /v2/transaction-builder/withdraw: the withdrawal request (owner and `feePayer` co-sign) and its details. */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { withdrawTransaction } from "../../domain/builders/v2/withdraw.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder } from "../shared/builder-answers.ts";

export const v2Withdraw: V2Handler<"v2Withdraw"> = (c) => {
  const body = c.req.valid("json");
  return answerBuilder(
    c,
    "v2Withdraw",
    attempt(() => withdrawTransaction(snapshotOf(c, "v2"), c.get("services").accounts, body)),
    (plan, transactionBase64) => ({
      transactionBase64,
      receipt: plan.receipt,
      custodySettlementRequired: plan.custodySettlementRequired,
      isNativeSol: plan.isNativeSol,
      unmetPreconditions: plan.unmetPreconditions,
    }),
  );
};
