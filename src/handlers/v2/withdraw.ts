/** POST /v2/transaction-builder/withdraw: the withdrawal request (owner and `feePayer` co-sign) and its details. */
import type { V2Handler } from "./handler.ts";
import { buildWithdraw } from "../../domain/builders/v2/withdraw.ts";
import { snapshotOf } from "../context.ts";
import { fundsPlan, fundsTransaction } from "./funds.ts";

export const v2Withdraw: V2Handler<"v2Withdraw"> = (c) => {
  const body = c.req.valid("json");
  const plan = fundsPlan(c, "v2Withdraw", () => buildWithdraw(snapshotOf(c, "v2"), c.var.services.accounts, body));
  return c.json({
    transactionBase64: fundsTransaction(c, "v2Withdraw", plan),
    receipt: plan.receipt,
    custodySettlementRequired: plan.custodySettlementRequired,
    isNativeSol: plan.isNativeSol,
    unmetPreconditions: plan.unmetPreconditions,
  }, 200);
};
