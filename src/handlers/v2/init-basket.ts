/** POST /v2/transaction-builder/init-basket: the owner's basket, paid by `payer` (default the owner). */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { initBasketTransaction } from "../../domain/builders/v2/init-basket.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, withPreconditions } from "../shared/builder-answers.ts";

export const v2InitBasket: V2Handler<"v2InitBasket"> = (c) => {
  const body = c.req.valid("json");
  return answerBuilder(
    c,
    "v2InitBasket",
    attempt(() => initBasketTransaction(snapshotOf(c, "v2"), c.get("services").accounts, body)),
    withPreconditions,
  );
};
