/**
 * POST /preview/*: the v2 previews served by the earlier interface (DECISIONS 1.2). The position may also be named
 * by `positionKey`, which wins over `owner` + `marketSymbol` + `side` (and, for TP/SL, over the inline fields).
 */
import type { EarlierHandler } from "./handler.ts";
import { exitFeePreview, limitOrderFeesPreview, marginPreview, tpSlPreview } from "../../domain/quotes/previews.ts";
import type { PositionTarget } from "../../domain/quotes/position-lookup.ts";
import { snapshotOf } from "../context.ts";
import { answerQuote, missingField, positionTargetOf, requireModeInput } from "../shared/answers.ts";

/** The schema guarantees one complete group; this only narrows the type. */
function targetOf(body: Parameters<typeof positionTargetOf>[0]): PositionTarget {
  const target = positionTargetOf(body);
  if (!target) throw missingField("positionKey", "or owner + marketSymbol + side is required");
  return target;
}

export const previewLimitOrderFees: EarlierHandler<"previewLimitOrderFees"> = (c) => {
  const result = limitOrderFeesPreview(snapshotOf(c, "earlier"), c.req.valid("json"));
  return answerQuote(c, result);
};

export const previewExitFee: EarlierHandler<"previewExitFee"> = (c) => {
  const body = c.req.valid("json");
  const result = exitFeePreview(snapshotOf(c, "earlier"), {
    position: targetOf(body),
    closeAmountUsdUi: body.closeAmountUsdUi,
  });
  return answerQuote(c, result);
};

export const previewTpSl: EarlierHandler<"previewTpSl"> = (c) => {
  const body = c.req.valid("json");
  requireModeInput(body);
  const result = tpSlPreview(snapshotOf(c, "earlier"), { ...body, position: positionTargetOf(body) });
  return answerQuote(c, result);
};

export const previewMargin: EarlierHandler<"previewMargin"> = (c) => {
  const body = c.req.valid("json");
  const result = marginPreview(snapshotOf(c, "earlier"), {
    position: targetOf(body),
    marginDeltaUsdUi: body.marginDeltaUsdUi,
    action: body.action,
  });
  return answerQuote(c, result);
};
