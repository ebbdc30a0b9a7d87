/** POST /transaction-builder/close-position (earlier interface): the close quote and its unsigned transaction. */
import type { EarlierHandler } from "./handler.ts";
import { closePositionBuild } from "../../domain/builders/earlier/close-position.ts";
import { snapshotOf } from "../context.ts";
import { answerBuild, tokenStakeAccountOf } from "../shared/builder-answers.ts";
import { buildTransaction } from "../shared/transactions.ts";

export const closePosition: EarlierHandler<"closePosition"> = (c) => {
  const body = c.req.valid("json");
  const result = closePositionBuild(snapshotOf(c, "earlier"), {
    ...body,
    tokenStakeTokenAccount: tokenStakeAccountOf(body),
  });
  return answerBuild(c, "closePosition", result, ({ dto, build }) => ({
    ...dto,
    transactionBase64: buildTransaction(c, "closePosition", { chain: "base", ...build }),
    err: null,
  }));
};
