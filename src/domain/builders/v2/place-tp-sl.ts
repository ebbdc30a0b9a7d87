/**
 * place-tp-sl (PROTOCOL-v2 §3.8): a take-profit at `takeProfitUi` and/or a stop-loss at `stopLossUi`, each a
 * `place_trigger_order_er` closing `sizeAmountUi`, in one transaction (both or neither land). Take-profit first,
 * then stop-loss (the order is not pinned by the references). Each is validated as place-trigger-order validates
 * one; at least one price is required (the schema's anyOf; checked again here).
 */
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import type { ErTransactionPlan } from "../plan.ts";
import type { PositionTarget } from "../../quotes/position-lookup.ts";
import { fail } from "../../quotes/result.ts";
import { rollupPlan, type TradeSigner } from "./trade-accounts.ts";
import {
  checkTriggerPlacement,
  placeTriggerInstruction,
  standaloneTrigger,
  type TriggerPlacement,
  triggerTarget,
} from "./triggers.ts";

export interface PlaceTpSlRequest {
  position: PositionTarget & { owner: string };
  sizeAmountUi: string;
  takeProfitUi?: string;
  stopLossUi?: string;
}

export function placeTpSlTransaction(
  snapshot: DeploymentSnapshot,
  req: PlaceTpSlRequest,
  signer: TradeSigner,
): ErTransactionPlan {
  const { ref, orders, size } = triggerTarget(snapshot, req.position, req.sizeAmountUi);
  const triggers: TriggerPlacement[] = [];
  if (req.takeProfitUi !== undefined) {
    triggers.push(standaloneTrigger(snapshot, ref, req.takeProfitUi, false, size, "takeProfitUi"));
  }
  if (req.stopLossUi !== undefined) {
    triggers.push(standaloneTrigger(snapshot, ref, req.stopLossUi, true, size, "stopLossUi"));
  }
  if (triggers.length === 0) fail("TRIGGER_PRICE_INVALID", "takeProfitUi or stopLossUi is required");
  for (const t of triggers) checkTriggerPlacement(orders, t);
  return rollupPlan(signer, triggers.map((t) => placeTriggerInstruction(snapshot, signer, t)));
}
