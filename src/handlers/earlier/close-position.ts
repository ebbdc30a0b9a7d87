/** POST /transaction-builder/close-position (earlier interface): the close quote and its unsigned transaction. */
import type { EarlierHandler } from "./handler.ts";
import { closePositionTransaction } from "../../domain/builders/earlier/close-position.ts";
import { snapshotOf } from "../context.ts";
import { tokenStakeAccountOf } from "../shared/answers.ts";
import { answerQuoteBuilder } from "../shared/builder-answers.ts";

export const closePosition: EarlierHandler<"closePosition"> = (c) => {
  const body = c.req.valid("json");
  return answerQuoteBuilder(
    c,
    "closePosition",
    closePositionTransaction(snapshotOf(c, "earlier"), { ...body, tokenStakeTokenAccount: tokenStakeAccountOf(body) }),
    (quoted) => quoted.plan,
    ({ dto }, transactionBase64) => ({ ...dto, transactionBase64, err: null }),
  );
};
