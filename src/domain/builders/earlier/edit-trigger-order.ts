/**
 * POST /transaction-builder/edit-trigger-order (PROTOCOL-v1 §8.8): `edit_trigger_order` replaces the trigger price,
 * size and payout token of the live TP (or SL) order in slot `orderId`; nothing of the old order is kept. Refused
 * before building (DECISIONS 3.3): no order account (404), an empty slot, a price on the wrong side of the current
 * price, a size of zero or above the position.
 */
import { editTriggerOrderInstruction } from "../../../protocol/instructions/earlier/edit-trigger-order.ts";
import { fail, type QuoteResult, runQuote } from "../../quotes/result.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import type { BaseTransactionPlan } from "../plan.ts";
import { marketSlots, ownerSlots, poolPlan } from "./common.ts";
import { liveTriggerSlots } from "./trigger-rules.ts";
import {
  requireOrderAccount,
  resolveTriggerTarget,
  type TriggerFields,
  triggerOrderOf,
  type TriggerTargetFields,
} from "./trigger-target.ts";

export type EditTriggerOrderRequest = TriggerTargetFields & TriggerFields & { orderId: number };

export function editTriggerOrderTransaction(
  snapshot: DeploymentSnapshot,
  req: EditTriggerOrderRequest,
): QuoteResult<BaseTransactionPlan> {
  return runQuote(() => {
    const target = resolveTriggerTarget(snapshot, req, "open");
    const { market, owner } = target;
    requireLiveSlot(liveTriggerSlots(requireOrderAccount(target), req.isStopLoss), req.orderId, req.isStopLoss);
    const { receive, triggerPrice, sizeAmount } = triggerOrderOf(snapshot, target, req);
    const edit = editTriggerOrderInstruction(snapshot.programId, {
      ...ownerSlots(snapshot, owner, market),
      ...marketSlots(market),
      receiveCustody: receive.pubkey,
    }, { orderId: req.orderId, triggerPrice, deltaSizeAmount: sizeAmount, isStopLoss: req.isStopLoss });
    return poolPlan(owner, market.pool, [edit]);
  });
}

/** Refuses (ORDER_NOT_FOUND) a slot that holds no live order. */
export function requireLiveSlot(live: readonly number[], orderId: number, isStopLoss: boolean): void {
  if (!live.includes(orderId)) {
    fail("ORDER_NOT_FOUND", `no ${isStopLoss ? "stop-loss" : "take-profit"} order in slot ${orderId}`);
  }
}
