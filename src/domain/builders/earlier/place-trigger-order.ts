/**
 * POST /transaction-builder/place-trigger-order (PROTOCOL-v1 §8.8): one `place_trigger_order` on an open position,
 * signed and paid by the position's owner (the program creates the order account on first use and takes the first
 * free slot). Refused before building (DECISIONS 3.3): a trigger price on the wrong side of the current price, a
 * size of zero or above the position, all five TP (or SL) slots taken, an unknown payout token.
 */
import { type QuoteResult, runQuote } from "../../quotes/result.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import type { BaseTransactionPlan } from "../plan.ts";
import { poolPlan } from "./common.ts";
import { placeTriggerInstruction, requireFreeTriggerSlots } from "./trigger-rules.ts";
import {
  resolveTriggerTarget,
  type TriggerFields,
  triggerOrderOf,
  type TriggerTargetFields,
} from "./trigger-target.ts";

export type PlaceTriggerOrderRequest = TriggerTargetFields & TriggerFields;

export function placeTriggerOrderTransaction(
  snapshot: DeploymentSnapshot,
  req: PlaceTriggerOrderRequest,
): QuoteResult<BaseTransactionPlan> {
  return runQuote(() => {
    const target = resolveTriggerTarget(snapshot, req, "open");
    const order = triggerOrderOf(snapshot, target, req);
    requireFreeTriggerSlots(target.order, req.isStopLoss);
    const place = placeTriggerInstruction(snapshot, {
      ...order,
      owner: target.owner,
      market: target.market,
      isStopLoss: req.isStopLoss,
    });
    return poolPlan(target.owner, target.market.pool, [place]);
  });
}
