/**
 * POST /v2/transaction-builder/request-withdrawal: variant B (with `feePayer`) builds the withdrawal request;
 * variant A is 400 FEE_PAYER_REQUIRED (see the domain builder for why).
 */
import type { V2Handler } from "./handler.ts";
import { buildRequestWithdrawal } from "../../domain/builders/v2/request-withdrawal.ts";
import { snapshotOf } from "../context.ts";
import { fundsPlan, fundsTransaction } from "./funds.ts";

export const v2RequestWithdrawal: V2Handler<"v2RequestWithdrawal"> = (c) => {
  const body = c.req.valid("json");
  const plan = fundsPlan(
    c,
    "v2RequestWithdrawal",
    () => buildRequestWithdrawal(snapshotOf(c, "v2"), c.var.services.accounts, body),
  );
  return c.json({
    transactionBase64: fundsTransaction(c, "v2RequestWithdrawal", plan),
    receipt: plan.receipt,
    unmetPreconditions: plan.unmetPreconditions,
  }, 200);
};
