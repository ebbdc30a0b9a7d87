/**
 * POST /transaction-builder/open-position (earlier interface): the quote, and with an `owner` the unsigned base-chain
 * transaction (open_position / swap_and_open with TP/SL, place_limit_order, or swap). Without an owner: every quote
 * field with `transactionBase64: null`. A quote or build failure is 200 `{err, code}`.
 */
import type { EarlierHandler } from "./handler.ts";
import { openPositionTransaction } from "../../domain/builders/earlier/open-position.ts";
import { snapshotOf } from "../context.ts";
import { missingField, requirePositiveAmount, tokenStakeAccountOf } from "../shared/answers.ts";
import { answerQuoteBuilder, answerQuotePreview } from "../shared/builder-answers.ts";

export const openPosition: EarlierHandler<"openPosition"> = (c) => {
  const body = c.req.valid("json");
  requirePositiveAmount("inputAmountUi", body.inputAmountUi);
  if (body.tradeType !== "SWAP" && body.orderType === "LIMIT" && body.limitPrice === undefined) {
    throw missingField("limitPrice", "is required when orderType is LIMIT");
  }
  const snapshot = snapshotOf(c, "earlier");
  const request = { ...body, tokenStakeTokenAccount: tokenStakeAccountOf(body) };
  const { owner } = body;
  if (owner === undefined) {
    const preview = openPositionTransaction(snapshot, request);
    return answerQuotePreview(
      c,
      "openPosition",
      preview,
      ({ dto }) => ({ ...dto, transactionBase64: null, err: null }),
    );
  }
  return answerQuoteBuilder(
    c,
    "openPosition",
    openPositionTransaction(snapshot, { ...request, owner }),
    (quoted) => quoted.plan,
    ({ dto }, transactionBase64) => ({ ...dto, transactionBase64, err: null }),
  );
};
