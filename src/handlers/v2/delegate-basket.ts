/** POST /v2/transaction-builder/delegate-basket: the owner's basket handed to the rollup, paid by `payer` (default the owner). */
import type { V2Handler } from "./handler.ts";
import { buildDelegateBasket } from "../../domain/builders/v2/delegate-basket.ts";
import { snapshotOf } from "../context.ts";
import { fundsPlan, fundsTransaction } from "./funds.ts";

export const v2DelegateBasket: V2Handler<"v2DelegateBasket"> = (c) => {
  const body = c.req.valid("json");
  const plan = fundsPlan(
    c,
    "v2DelegateBasket",
    () => buildDelegateBasket(snapshotOf(c, "v2"), c.var.services.accounts, body),
  );
  const transactionBase64 = fundsTransaction(c, "v2DelegateBasket", plan);
  return c.json({ transactionBase64, unmetPreconditions: plan.unmetPreconditions }, 200);
};
