/** POST /v2/transaction-builder/deposit-direct: a deposit from the owner's (or `fundingOwner`'s) token account, no setup. */
import type { V2Handler } from "./handler.ts";
import { buildDepositDirect } from "../../domain/builders/v2/deposit-direct.ts";
import { snapshotOf } from "../context.ts";
import { fundsPlan, fundsTransaction } from "./funds.ts";

export const v2DepositDirect: V2Handler<"v2DepositDirect"> = (c) => {
  const body = c.req.valid("json");
  const plan = fundsPlan(
    c,
    "v2DepositDirect",
    () => buildDepositDirect(snapshotOf(c, "v2"), c.var.services.accounts, body),
  );
  const transactionBase64 = fundsTransaction(c, "v2DepositDirect", plan);
  return c.json({ transactionBase64, unmetPreconditions: plan.unmetPreconditions }, 200);
};
