/**
 * POST /transaction-builder/cancel-trigger-order (PROTOCOL-v1 §8.8): `cancel_trigger_order` of the TP (or SL) in
 * slot `orderId`, or of every trigger order of the market and side with `orderId` 255 (the program's convention).
 * Only the order account is touched, so an order addressed by owner + market + side can be cancelled after the
 * position is gone. Refused before building: no order account (404), an empty slot 0..4.
 */
import { CANCEL_ALL_TRIGGERS_ORDER_ID } from "../../../protocol/constants.ts";
import { cancelTriggerOrderInstruction } from "../../../protocol/instructions/earlier/cancel-trigger-order.ts";
import { type QuoteResult, runQuote } from "../../quotes/result.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import type { BaseTransactionPlan } from "../plan.ts";
import { poolPlan } from "./common.ts";
import { requireLiveSlot } from "./edit-trigger-order.ts";
import { liveTriggerSlots } from "./trigger-rules.ts";
import { requireOrderAccount, resolveTriggerTarget, type TriggerTargetFields } from "./trigger-target.ts";

export interface CancelTriggerOrderRequest extends TriggerTargetFields {
  orderId: number;
  isStopLoss: boolean;
}

export function cancelTriggerOrderTransaction(
  snapshot: DeploymentSnapshot,
  req: CancelTriggerOrderRequest,
): QuoteResult<BaseTransactionPlan> {
  return runQuote(() => {
    const target = resolveTriggerTarget(snapshot, req, "none");
    const order = requireOrderAccount(target);
    if (req.orderId !== CANCEL_ALL_TRIGGERS_ORDER_ID) {
      requireLiveSlot(liveTriggerSlots(order, req.isStopLoss), req.orderId, req.isStopLoss);
    }
    const cancel = cancelTriggerOrderInstruction(
      snapshot.programId,
      { owner: target.owner, order: target.orderKey },
      { orderId: req.orderId, isStopLoss: req.isStopLoss },
    );
    return poolPlan(target.owner, target.market.pool, [cancel]);
  });
}
