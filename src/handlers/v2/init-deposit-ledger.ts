/** POST /v2/transaction-builder/init-deposit-ledger: the owner's deposit ledger, paid by `payer` (default the owner). */
import type { V2Handler } from "./handler.ts";
import { buildInitDepositLedger } from "../../domain/builders/v2/init-deposit-ledger.ts";
import { snapshotOf } from "../context.ts";
import { fundsPlan, fundsTransaction } from "./funds.ts";

export const v2InitDepositLedger: V2Handler<"v2InitDepositLedger"> = (c) => {
  const body = c.req.valid("json");
  const plan = fundsPlan(
    c,
    "v2InitDepositLedger",
    () => buildInitDepositLedger(snapshotOf(c, "v2"), c.var.services.accounts, body),
  );
  const transactionBase64 = fundsTransaction(c, "v2InitDepositLedger", plan);
  return c.json({ transactionBase64, unmetPreconditions: plan.unmetPreconditions }, 200);
};
