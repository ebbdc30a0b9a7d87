/**
 * POST /v2/transaction-builder/open-position. Preview-only mode (no `owner`, DECISIONS 2.12): every quote field
 * with `transactionBase64: null`. With an owner: the quote, then the transaction its terms describe (open,
 * increase, limit order, attached triggers), signed by the owner or a session key. v2 sends the `swap*` fields as
 * null (DECISIONS 5.12).
 */
import type { V2Handler } from "./handler.ts";
import { openPositionQuote } from "../../domain/quotes/open.ts";
import { openPositionTransaction } from "../../domain/builders/v2/open-position.ts";
import { slippageBps } from "../../domain/builders/slippage.ts";
import { snapshotOf } from "../context.ts";
import { missingField } from "../shared/answers.ts";
import {
  answerQuoteBuilder,
  answerQuotePreview,
  requireSessionPair,
  requireTradeSigner,
} from "../shared/builder-answers.ts";

const V2_FIELDS = { swapInPriceUi: null, swapOutPriceUi: null, swapFeeUsdUi: null, err: null };

export const v2OpenPosition: V2Handler<"v2OpenPosition"> = (c) => {
  const body = c.req.valid("json");
  if (body.orderType === "LIMIT" && body.limitPrice === undefined) {
    throw missingField("limitPrice", "is required when orderType is LIMIT");
  }
  const snapshot = snapshotOf(c, "v2");
  const { owner } = body;
  if (owner === undefined) {
    requireSessionPair("v2OpenPosition", body);
    const preview = openPositionQuote(snapshot, body);
    return answerQuotePreview(
      c,
      "v2OpenPosition",
      preview,
      (q) => ({ ...q.dto, ...V2_FIELDS, transactionBase64: null }),
    );
  }
  const signer = requireTradeSigner(c, "v2OpenPosition", snapshot, { ...body, owner });
  return answerQuoteBuilder(
    c,
    "v2OpenPosition",
    openPositionQuote(snapshot, body),
    (q) => openPositionTransaction(snapshot, q.terms, signer, slippageBps(body.slippagePercentage)),
    (q, transactionBase64) => ({ ...q.dto, ...V2_FIELDS, transactionBase64 }),
  );
};
