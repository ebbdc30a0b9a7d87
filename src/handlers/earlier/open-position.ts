/**
 * POST /transaction-builder/open-position (earlier interface). Preview-only mode (no `owner`): every quote field
 * with `transactionBase64: null`, including the swap fields for SWAP. With an owner the quote is still computed (a
 * failure is 200 `{err, code}`), but the transaction half is not built yet (501).
 */
import type { EarlierHandler } from "./handler.ts";
import { ApiError, notImplemented } from "../../http/errors.ts";
import { openPositionQuote } from "../../domain/quotes/open.ts";
import { snapshotOf } from "../context.ts";
import { answerQuote, missingField } from "../shared/answers.ts";

export const openPosition: EarlierHandler<"openPosition"> = (c) => {
  const body = c.req.valid("json");
  if (!/[1-9]/.test(body.inputAmountUi)) {
    throw new ApiError(400, "INVALID_DECIMAL", "body.inputAmountUi must be greater than zero", "body.inputAmountUi");
  }
  if (body.tradeType !== "SWAP" && body.orderType === "LIMIT" && body.limitPrice === undefined) {
    throw missingField("limitPrice", "is required when orderType is LIMIT");
  }
  if (
    body.tokenStakeTokenAccount !== undefined && body.tokenStakeFafAccount !== undefined &&
    body.tokenStakeTokenAccount !== body.tokenStakeFafAccount
  ) {
    throw missingField("tokenStakeFafAccount", "must equal tokenStakeTokenAccount when both are sent");
  }
  const result = openPositionQuote(snapshotOf(c, "earlier"), {
    ...body,
    tokenStakeTokenAccount: body.tokenStakeTokenAccount ?? body.tokenStakeFafAccount,
  });
  // The quote is computed (and its failures answered) with or without an owner; building the transaction for an
  // owner is a later issue.
  if (result.ok && body.owner !== undefined) throw notImplemented();
  return answerQuote(c, result, (quote) => ({ ...quote.dto, transactionBase64: null, err: null }));
};
