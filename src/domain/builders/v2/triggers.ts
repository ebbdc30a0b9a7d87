/**
 * A take-profit or stop-loss placement (`place_trigger_order_er`, PROTOCOL-v2 §3.8) and the rules the program holds
 * it to: the trigger on the right side of the mark, a size of at most the position, a free slot in its list, more
 * than the market's minimum collateral after fees (§3.4). Shared by place-trigger-order, place-tp-sl and the
 * triggers attached to a MARKET open.
 */
import type { BasketOrder } from "../../../protocol/accounts/mod.ts";
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import { placeTriggerOrderErInstruction } from "../../../protocol/instructions/v2/place-trigger-order-er.ts";
import type { OraclePrice, PositionLike } from "../../math/types.ts";
import type { CustodyContext, DeploymentSnapshot, MarketContext } from "../../deployment-snapshot.ts";
import { requirePrice } from "../../quotes/market-lookup.ts";
import { type OpenPositionRef, type PositionTarget, requirePosition } from "../../quotes/position-lookup.ts";
import { parseOrderPrice } from "../../quotes/order-price.ts";
import { marketOrders, requireBasket, requireFreeTriggerSlot, triggerKind } from "./order-slots.ts";
import { custodyKeys, marketAccounts, signerAccounts, type TradeSigner } from "./trade-accounts.ts";
import { parseOrderSize, requireSizeWithin, requireTriggerSide } from "./trade-checks.ts";
import { requireMinimumCollateral } from "../../quotes/program-rules.ts";

export interface TriggerPlacement {
  market: MarketContext;
  /** The position the trigger closes (for a trigger attached to an open: the position after the trade). */
  position: Pick<PositionLike, "sizeAmount" | "collateralUsd">;
  /** The target's current oracle price. */
  mark: OraclePrice;
  trigger: OraclePrice;
  isStopLoss: boolean;
  /** Target native size closed when the trigger fires. */
  size: bigint;
  /** The custody the trigger pays out in. */
  receive: CustodyContext;
  /** The request field holding the trigger price, for messages. */
  priceField: string;
  /** The request field holding the size, for messages. */
  sizeField: string;
}

/** Raises the first rule the placement breaks (TRIGGER_PRICE_INVALID, ORDER_SIZE_INVALID, ORDER_SLOTS_FULL, …). */
export function checkTriggerPlacement(orders: BasketOrder | undefined, p: TriggerPlacement): void {
  requireTriggerSide(p.market, p.isStopLoss, p.trigger, p.mark, p.priceField);
  requireSizeWithin(p.size, p.position.sizeAmount, p.market, p.sizeField);
  requireFreeTriggerSlot(orders, p.isStopLoss, p.market);
  requireMinimumCollateral(p.market, p.position.collateralUsd, {
    strict: true,
    subject: `a ${triggerKind(p.isStopLoss)}`,
  });
}

export function placeTriggerInstruction(
  snapshot: DeploymentSnapshot,
  signer: TradeSigner,
  p: TriggerPlacement,
): Instruction {
  return placeTriggerOrderErInstruction(snapshot.programId, {
    ...signerAccounts(snapshot, signer),
    ...marketAccounts(snapshot, p.market),
    receiveCustody: custodyKeys(snapshot, p.receive).custody,
  }, { triggerPrice: p.trigger, deltaSizeAmount: p.size, isStopLoss: p.isStopLoss });
}

/**
 * A trigger placed on an existing position (place-trigger-order, place-tp-sl): priced against the target's current
 * oracle price, paid out in the market's collateral custody (the SDK's default receive custody, §3.8).
 */
export function standaloneTrigger(
  snapshot: DeploymentSnapshot,
  ref: OpenPositionRef,
  priceText: string,
  isStopLoss: boolean,
  size: bigint,
  priceField: string,
): TriggerPlacement {
  const { market } = ref;
  const mark = requirePrice(snapshot, market.target.token).price;
  return {
    market,
    position: ref.position,
    mark,
    trigger: parseOrderPrice(priceText, mark.exponent, priceField),
    isStopLoss,
    size,
    receive: market.collateral,
    priceField,
    sizeField: "sizeAmountUi",
  };
}

/** What placing triggers on an existing position starts from: the position, its market's orders, the size. */
export function triggerTarget(
  snapshot: DeploymentSnapshot,
  position: PositionTarget & { owner: string },
  sizeText: string,
) {
  const ref = requirePosition(snapshot, position);
  const basket = requireBasket(snapshot, position.owner);
  const size = parseOrderSize(sizeText, ref.market.target.account.decimals, "sizeAmountUi");
  return { ref, orders: marketOrders(basket, ref.market), size };
}
