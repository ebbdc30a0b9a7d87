/**
 * What the program would refuse about a trigger order or a limit order's price, checked before a transaction is
 * built (PROTOCOL-v1 §8.8, errors 6049 InvalidStopLossPrice, 6050 InvalidTakeProfitPrice, 6052/6053 Max*Orders,
 * 6056 InvalidLimitPrice), and the one `place_trigger_order` instruction shared by the trigger-order builder and the
 * TP/SL of open-position.
 *
 * Sides (the rule itself is `triggerSide` / `limitSide` in quotes/program-rules.ts): the reference is the current
 * (mark) price for orders on a position, the limit price for the TP/SL stored on a limit order.
 * Slots: an order account holds 5 take-profit and 5 stop-loss slots; a slot is live when its `trigger_size` is
 * non-zero (the robust reading of PROTOCOL-v1 §3, "Notes on orders").
 */
import type { Order } from "../../../protocol/accounts/mod.ts";
import { ORDER_SLOT_COUNT } from "../../../protocol/constants.ts";
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import { placeTriggerOrderInstruction } from "../../../protocol/instructions/earlier/place-trigger-order.ts";
import type { TradeSide } from "../../../protocol/vocabulary.ts";
import type { OraclePrice } from "../../math/types.ts";
import { fail } from "../../quotes/result.ts";
import { limitSide, requirePriceSide, triggerSide } from "../../quotes/program-rules.ts";
import type { CustodyContext, DeploymentSnapshot, MarketContext } from "../../deployment-snapshot.ts";
import { marketSlots, ownerSlots } from "./common.ts";

const kindOf = (isStopLoss: boolean) => (isStopLoss ? "stop-loss" : "take-profit");

/**
 * Refuses (TRIGGER_PRICE_INVALID) a trigger price on the wrong side of `reference` for the position's side, or
 * zero. `referenceName` says what the reference is ("current price", "limit price").
 */
export function requireTriggerSide(
  side: TradeSide,
  isStopLoss: boolean,
  trigger: OraclePrice,
  reference: OraclePrice,
  referenceName: string,
): void {
  const kind = kindOf(isStopLoss);
  if (trigger.price <= 0n) fail("TRIGGER_PRICE_INVALID", `${kind} price must be greater than zero`);
  requirePriceSide(
    trigger,
    reference,
    triggerSide(side, isStopLoss),
    (wanted) => `${kind} price must be ${wanted} the ${referenceName} for a ${side.toLowerCase()} position`,
  );
}

/**
 * Refuses (TRIGGER_PRICE_INVALID) a limit order's price on the wrong side of the current price: a long buys below it,
 * a short sells above it; an order that would fill at once is the program's InvalidLimitPrice (6056; the rule is
 * PROTOCOL-v2 §3.4's, the v2 program being a later version of this one, DECISIONS 5.1).
 */
export function requireLimitSide(side: TradeSide, limitPrice: OraclePrice, current: OraclePrice): void {
  requirePriceSide(
    limitPrice,
    current,
    limitSide(side),
    (wanted) => `limit price must be ${wanted} the current price for a ${side.toLowerCase()} limit order`,
  );
}

/** Slot indexes of the live TP (or SL) orders of an order account (none without an account). */
export function liveTriggerSlots(order: Order | undefined, isStopLoss: boolean): number[] {
  if (!order) return [];
  const list = isStopLoss ? order.stopLossOrders : order.takeProfitOrders;
  return list.flatMap((entry, i) => (entry.triggerSize > 0n ? [i] : []));
}

/** Refuses (ORDER_SLOTS_FULL) a new TP / SL when `adding` more would not fit the five slots. */
export function requireFreeTriggerSlots(order: Order | undefined, isStopLoss: boolean, adding = 1): void {
  if (liveTriggerSlots(order, isStopLoss).length + adding > ORDER_SLOT_COUNT) {
    fail("ORDER_SLOTS_FULL", `all five ${kindOf(isStopLoss)} slots of this market and side are taken`);
  }
}

export interface TriggerOrderSpec {
  owner: string;
  market: MarketContext;
  /** Custody of the token paid out when the order fires. */
  receive: CustodyContext;
  triggerPrice: OraclePrice;
  /** Target native size to close when it fires. */
  sizeAmount: bigint;
  isStopLoss: boolean;
}

/** `place_trigger_order` for the owner's position on `market` (the owner signs and pays the order account's rent). */
export function placeTriggerInstruction(snapshot: DeploymentSnapshot, spec: TriggerOrderSpec): Instruction {
  const m = marketSlots(spec.market);
  return placeTriggerOrderInstruction(snapshot.programId, {
    ...ownerSlots(snapshot, spec.owner, spec.market),
    feePayer: spec.owner,
    pool: m.pool,
    market: m.market,
    targetCustody: m.targetCustody,
    targetOracleAccount: m.targetOracleAccount,
    collateralCustody: m.collateralCustody,
    collateralOracleAccount: m.collateralOracleAccount,
    receiveCustody: spec.receive.pubkey,
  }, { triggerPrice: spec.triggerPrice, deltaSizeAmount: spec.sizeAmount, isStopLoss: spec.isStopLoss });
}
