/** POST /v2/transaction-builder/custody-settlement: a settlement request for the token's custody, and its receipt. */
import type { V2Handler } from "./handler.ts";
import { buildCustodySettlement } from "../../domain/builders/v2/custody-settlement.ts";
import { snapshotOf } from "../context.ts";
import { fundsPlan, fundsTransaction } from "./funds.ts";

export const v2CustodySettlement: V2Handler<"v2CustodySettlement"> = (c) => {
  const body = c.req.valid("json");
  const plan = fundsPlan(
    c,
    "v2CustodySettlement",
    () => buildCustodySettlement(snapshotOf(c, "v2"), c.var.services.accounts, body),
  );
  return c.json({
    transactionBase64: fundsTransaction(c, "v2CustodySettlement", plan),
    receipt: plan.receipt,
    unmetPreconditions: plan.unmetPreconditions,
  }, 200);
};
