/**
 * POST /transaction-builder/place-trigger-order (PROTOCOL-v1 §8.8): one `place_trigger_order` on an open position,
 * signed and paid by the position's owner (the program creates the order account on first use and takes the first
 * free slot). Refused before building (DECISIONS 3.3): a trigger price on the wrong side of the current price, a
 * size of zero or above the position, all five TP (or SL) slots taken, an unknown payout token.
 */
import { requireCustodyInPool, requirePrice } from "../../quotes/common.ts";
import { type QuoteResult, runQuote } from "../../quotes/result.ts";
import type { DeploymentSnapshot } from "../../views/context.ts";
import { type EarlierBuild, poolLookupTables } from "./common.ts";
import { placeTriggerInstruction, requireFreeTriggerSlots, requireTriggerSide } from "./trigger-rules.ts";
import {
  parseTriggerPrice,
  parseTriggerSize,
  resolveTriggerTarget,
  type TriggerTargetFields,
} from "./trigger-target.ts";

export interface PlaceTriggerOrderRequest extends TriggerTargetFields {
  triggerPriceUi: string;
  sizeAmountUi: string;
  isStopLoss: boolean;
  /** Default: the market's collateral token. */
  receiveTokenSymbol?: string;
}

export function placeTriggerOrderBuild(
  snapshot: DeploymentSnapshot,
  req: PlaceTriggerOrderRequest,
): QuoteResult<EarlierBuild> {
  return runQuote(() => {
    const target = resolveTriggerTarget(snapshot, req, "open");
    const { market, owner } = target;
    const receive = req.receiveTokenSymbol === undefined
      ? market.collateral
      : requireCustodyInPool(snapshot, req.receiveTokenSymbol, market.pool);
    const mark = requirePrice(snapshot, market.target.token).price;
    const triggerPrice = parseTriggerPrice(req.triggerPriceUi, mark.exponent);
    requireTriggerSide(market.side, req.isStopLoss, triggerPrice, mark, "current price");
    const sizeAmount = parseTriggerSize(req.sizeAmountUi, market, target.position);
    requireFreeTriggerSlots(target.order, req.isStopLoss);
    const place = placeTriggerInstruction(snapshot, {
      owner,
      market,
      receive,
      triggerPrice,
      sizeAmount,
      isStopLoss: req.isStopLoss,
    });
    return { feePayer: owner, instructions: [place], lookupTableAddresses: poolLookupTables(market.pool) };
  });
}
