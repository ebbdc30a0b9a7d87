/**
 * POST /transaction-builder/open-position (earlier interface): the quote, and with an `owner` the unsigned base-chain
 * transaction (open_position / swap_and_open with TP/SL, place_limit_order, or swap). Without an owner: every quote
 * field with `transactionBase64: null`. A quote or build failure is 200 `{err, code}`.
 */
import type { EarlierHandler } from "./handler.ts";
import { openPositionBuild } from "../../domain/builders/earlier/open-position.ts";
import { snapshotOf } from "../context.ts";
import { missingField } from "../shared/answers.ts";
import { answerBuild, requirePositiveAmount, tokenStakeAccountOf } from "../shared/builder-answers.ts";
import { buildTransaction } from "../shared/transactions.ts";

export const openPosition: EarlierHandler<"openPosition"> = (c) => {
  const body = c.req.valid("json");
  requirePositiveAmount("inputAmountUi", body.inputAmountUi);
  if (body.tradeType !== "SWAP" && body.orderType === "LIMIT" && body.limitPrice === undefined) {
    throw missingField("limitPrice", "is required when orderType is LIMIT");
  }
  const result = openPositionBuild(snapshotOf(c, "earlier"), {
    ...body,
    tokenStakeTokenAccount: tokenStakeAccountOf(body),
  });
  return answerBuild(c, "openPosition", result, ({ dto, build }) => ({
    ...dto,
    transactionBase64: build ? buildTransaction(c, "openPosition", { chain: "base", ...build }) : null,
    err: null,
  }), body.owner !== undefined);
};
