/** POST /v2/transaction-builder/delegate-basket: the owner's basket handed to the rollup, paid by `payer` (default the owner). */
import type { V2Handler } from "./handler.ts";
import { attempt } from "../../domain/quotes/result.ts";
import { delegateBasketTransaction } from "../../domain/builders/v2/delegate-basket.ts";
import { snapshotOf } from "../context.ts";
import { answerBuilder, withPreconditions } from "../shared/builder-answers.ts";

export const v2DelegateBasket: V2Handler<"v2DelegateBasket"> = (c) => {
  const body = c.req.valid("json");
  return answerBuilder(
    c,
    "v2DelegateBasket",
    attempt(() => delegateBasketTransaction(snapshotOf(c, "v2"), c.get("services").accounts, body)),
    withPreconditions,
  );
};
