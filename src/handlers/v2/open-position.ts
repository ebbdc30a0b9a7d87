/**
 * POST /v2/transaction-builder/open-position. Preview-only mode (no `owner`, DECISIONS 2.12): every quote field
 * with `transactionBase64: null`. With an owner the quote is still computed (a failure is 200 `{err, code}`), but the
 * transaction half is not built yet (501).
 */
import type { V2Handler } from "./handler.ts";
import { notImplemented } from "../../http/errors.ts";
import { openPositionQuote } from "../../domain/quotes/open.ts";
import { snapshotOf } from "../context.ts";
import { answerQuote, missingField } from "../shared/answers.ts";

export const v2OpenPosition: V2Handler<"v2OpenPosition"> = (c) => {
  const body = c.req.valid("json");
  if (body.orderType === "LIMIT" && body.limitPrice === undefined) {
    throw missingField("limitPrice", "is required when orderType is LIMIT");
  }
  const result = openPositionQuote(snapshotOf(c, "v2"), body);
  // The quote is computed (and its failures answered) with or without an owner; building the transaction for an
  // owner is a later issue.
  if (result.ok && body.owner !== undefined) throw notImplemented();
  return answerQuote(c, result, (quote) => ({ ...quote.dto, transactionBase64: null, err: null }));
};
