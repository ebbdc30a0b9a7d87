/**
 * POST /v2/transaction-builder/execute-withdrawal: withdrawal-settle's transaction, with the custody settlement
 * included only when `includeCustodySettlement` (default true) asks for it.
 */
import type { V2Handler } from "./handler.ts";
import { buildWithdrawalSettle } from "../../domain/builders/v2/withdrawal-settle.ts";
import { snapshotOf } from "../context.ts";
import { fundsPlan, fundsTransaction } from "./funds.ts";

export const v2ExecuteWithdrawal: V2Handler<"v2ExecuteWithdrawal"> = (c) => {
  const body = c.req.valid("json");
  const plan = fundsPlan(
    c,
    "v2ExecuteWithdrawal",
    () => buildWithdrawalSettle(snapshotOf(c, "v2"), c.var.services.accounts, body),
  );
  const transactionBase64 = fundsTransaction(c, "v2ExecuteWithdrawal", plan);
  return c.json({ transactionBase64, unmetPreconditions: plan.unmetPreconditions }, 200);
};
