/**
 * POST /v2/preview/*: read-only quotes (limit-order fees, exit fee, TP/SL calculator, margin). A well-formed
 * request that cannot be computed answers 200 `{err, code}` (DECISIONS 3.2).
 */
import type { V2Handler } from "./handler.ts";
import { exitFeePreview, limitOrderFeesPreview, marginPreview, tpSlPreview } from "../../domain/quotes/previews.ts";
import { snapshotOf } from "../context.ts";
import { answerQuote, requireModeInput } from "../shared/answers.ts";

export const v2PreviewLimitOrderFees: V2Handler<"v2PreviewLimitOrderFees"> = (c) => {
  const result = limitOrderFeesPreview(snapshotOf(c, "v2"), c.req.valid("json"));
  return answerQuote(c, result);
};

export const v2PreviewExitFee: V2Handler<"v2PreviewExitFee"> = (c) => {
  const { owner, marketSymbol, side, collateralSymbol, closeAmountUsdUi } = c.req.valid("json");
  const position = { owner, marketSymbol, side, collateralSymbol };
  const result = exitFeePreview(snapshotOf(c, "v2"), { position, closeAmountUsdUi });
  return answerQuote(c, result);
};

export const v2PreviewTpSl: V2Handler<"v2PreviewTpSl"> = (c) => {
  const body = c.req.valid("json");
  requireModeInput(body);
  const { owner, marketSymbol, side, collateralSymbol } = body;
  const position = owner ? { owner, marketSymbol, side, collateralSymbol } : undefined;
  const result = tpSlPreview(snapshotOf(c, "v2"), { ...body, position });
  return answerQuote(c, result);
};

export const v2PreviewMargin: V2Handler<"v2PreviewMargin"> = (c) => {
  const { owner, marketSymbol, side, collateralSymbol, marginDeltaUsdUi, action } = c.req.valid("json");
  const result = marginPreview(snapshotOf(c, "v2"), {
    position: { owner, marketSymbol, side, collateralSymbol },
    marginDeltaUsdUi,
    action,
  });
  return answerQuote(c, result);
};
