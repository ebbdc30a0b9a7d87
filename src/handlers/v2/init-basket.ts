/** POST /v2/transaction-builder/init-basket: the owner's basket, paid by `payer` (default the owner). */
import type { V2Handler } from "./handler.ts";
import { buildInitBasket } from "../../domain/builders/v2/init-basket.ts";
import { snapshotOf } from "../context.ts";
import { fundsPlan, fundsTransaction } from "./funds.ts";

export const v2InitBasket: V2Handler<"v2InitBasket"> = (c) => {
  const body = c.req.valid("json");
  const plan = fundsPlan(c, "v2InitBasket", () => buildInitBasket(snapshotOf(c, "v2"), c.var.services.accounts, body));
  const transactionBase64 = fundsTransaction(c, "v2InitBasket", plan);
  return c.json({ transactionBase64, unmetPreconditions: plan.unmetPreconditions }, 200);
};
