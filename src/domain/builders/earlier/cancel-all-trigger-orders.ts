/**
 * POST /transaction-builder/cancel-all-trigger-orders (PROTOCOL-v1 §8.8): `cancel_all_trigger_orders` (no
 * arguments) of the owner's position on one market and side. Its account list names no signer, so the owner is put
 * in as the fee payer and is the transaction's only signer. The instruction names the position, which must exist,
 * and the order account (404 otherwise).
 */
import { cancelAllTriggerOrdersInstruction } from "../../../protocol/instructions/earlier/cancel-all-trigger-orders.ts";
import { type QuoteResult, runQuote } from "../../quotes/result.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import type { BaseTransactionPlan } from "../plan.ts";
import { poolPlan } from "./common.ts";
import { requireOrderAccount, resolveTriggerTarget, type TriggerTargetFields } from "./trigger-target.ts";

export function cancelAllTriggerOrdersTransaction(
  snapshot: DeploymentSnapshot,
  req: TriggerTargetFields,
): QuoteResult<BaseTransactionPlan> {
  return runQuote(() => {
    const target = resolveTriggerTarget(snapshot, req, "account");
    requireOrderAccount(target);
    const cancel = cancelAllTriggerOrdersInstruction(snapshot.programId, {
      position: target.positionKey,
      order: target.orderKey,
    });
    return poolPlan(target.owner, target.market.pool, [cancel]);
  });
}
