/** POST /transaction-builder/reverse-position (earlier interface): close + open of the opposite side, one transaction. */
import type { EarlierHandler } from "./handler.ts";
import { reversePositionBuild } from "../../domain/builders/earlier/reverse-position.ts";
import { snapshotOf } from "../context.ts";
import { answerBuild, tokenStakeAccountOf } from "../shared/builder-answers.ts";
import { buildTransaction } from "../shared/transactions.ts";

export const reversePosition: EarlierHandler<"reversePosition"> = (c) => {
  const body = c.req.valid("json");
  const result = reversePositionBuild(snapshotOf(c, "earlier"), {
    ...body,
    tokenStakeTokenAccount: tokenStakeAccountOf(body),
  });
  return answerBuild(c, "reversePosition", result, ({ dto, build }) => ({
    ...dto,
    transactionBase64: buildTransaction(c, "reversePosition", { chain: "base", ...build }),
  }));
};
