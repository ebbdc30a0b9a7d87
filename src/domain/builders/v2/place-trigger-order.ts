/**
 * place-trigger-order (PROTOCOL-v2 §3.8): one `place_trigger_order_er` on the owner's position — a stop-loss when
 * `isStopLoss`, else a take-profit — closing `sizeAmountUi` at `triggerPriceUi`. Validation (DECISIONS 3.3, 5.8,
 * 400): the position exists, the price is on the right side of the mark, the size is at most the position, a slot
 * of that list is free, the position holds more than the minimum collateral.
 */
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import type { ErTransactionPlan } from "../plan.ts";
import type { PositionTarget } from "../../quotes/position-lookup.ts";
import { rollupPlan, type TradeSigner } from "./trade-accounts.ts";
import { checkTriggerPlacement, placeTriggerInstruction, standaloneTrigger, triggerTarget } from "./triggers.ts";

export interface PlaceTriggerOrderRequest {
  position: PositionTarget & { owner: string };
  triggerPriceUi: string;
  sizeAmountUi: string;
  isStopLoss: boolean;
}

export function placeTriggerOrderTransaction(
  snapshot: DeploymentSnapshot,
  req: PlaceTriggerOrderRequest,
  signer: TradeSigner,
): ErTransactionPlan {
  const { ref, orders, size } = triggerTarget(snapshot, req.position, req.sizeAmountUi);
  const trigger = standaloneTrigger(snapshot, ref, req.triggerPriceUi, req.isStopLoss, size, "triggerPriceUi");
  checkTriggerPlacement(orders, trigger);
  return rollupPlan(signer, [placeTriggerInstruction(snapshot, signer, trigger)]);
}
