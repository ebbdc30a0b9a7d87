/** POST /transaction-builder/reverse-position (earlier interface): close + open of the opposite side, one transaction. */
import type { EarlierHandler } from "./handler.ts";
import { reversePositionTransaction } from "../../domain/builders/earlier/reverse-position.ts";
import { snapshotOf } from "../context.ts";
import { tokenStakeAccountOf } from "../shared/answers.ts";
import { answerQuoteBuilder } from "../shared/builder-answers.ts";

export const reversePosition: EarlierHandler<"reversePosition"> = (c) => {
  const body = c.req.valid("json");
  return answerQuoteBuilder(
    c,
    "reversePosition",
    reversePositionTransaction(snapshotOf(c, "earlier"), {
      ...body,
      tokenStakeTokenAccount: tokenStakeAccountOf(body),
    }),
    (quoted) => quoted.plan,
    ({ dto }, transactionBase64) => ({ ...dto, transactionBase64 }),
  );
};
