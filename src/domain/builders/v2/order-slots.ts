/**
 * The owner's basket and its order slots (PROTOCOL-v2 §4.2, DECISIONS 5.8): each market has one `OrderMeta` with
 * three lists (limit, take-profit, stop-loss) of at most five slots; `orderId` is the slot index 0..4 and stays
 * stable (an emptied slot keeps its place: an empty limit slot has `size_amount = 0`, an empty trigger slot
 * `trigger_size = 0`). A slot beyond a list's current length is empty too (the program grows the list). Placing
 * takes the first empty slot; with all five used the request is refused.
 *
 * Failures are raised with `fail` and the registry's order codes (always 400, DECISIONS 3.3).
 */
import type { Basket, BasketOrder, LimitOrder, TriggerOrder } from "../../../protocol/accounts/mod.ts";
import { CANCEL_ALL_TRIGGERS_ORDER_ID, ORDER_SLOT_COUNT } from "../../../protocol/constants.ts";
import * as pda from "../../../protocol/pda.ts";
import type { CustodyContext, DeploymentSnapshot, MarketContext } from "../../deployment-snapshot.ts";
import { fail } from "../../quotes/result.ts";
import { requireMarkets } from "../../quotes/market-lookup.ts";
import { tradeSide } from "../../../protocol/vocabulary.ts";

/** How an order request names its market: target symbol and side, and the collateral to choose between two markets. */
export interface OrderMarketFields {
  marketSymbol: string;
  side: "LONG" | "SHORT";
  /** The market of this collateral token among those of (symbol, side) (DECISIONS 5.21). */
  collateralSymbol?: string;
}

/** The markets an order request may address (requireMarkets), the one of `collateralSymbol` when it is given. */
export function requireOrderMarkets(snapshot: DeploymentSnapshot, req: OrderMarketFields): MarketContext[] {
  return requireMarkets(snapshot, req.marketSymbol, tradeSide(req.side), req.collateralSymbol);
}

/** The owner's basket; BASKET_NOT_FOUND without one (nothing can be traded before init-basket / deposit). */
export function requireBasket(snapshot: DeploymentSnapshot, owner: string): Basket {
  return snapshot.accounts.get("Basket", pda.basket(snapshot.programId, owner)) ??
    fail("BASKET_NOT_FOUND", `no basket for owner ${owner}`);
}

/** The orders of one market in a basket, or undefined when the market has none yet. */
export function marketOrders(basket: Basket, market: MarketContext): BasketOrder | undefined {
  return basket.orders.find((o) => o.market === market.pubkey)?.order;
}

export const isEmptyLimit = (o: LimitOrder): boolean => o.sizeAmount === 0n;
export const isEmptyTrigger = (o: TriggerOrder): boolean => o.triggerSize === 0n;

/** "take-profit" / "stop-loss", for messages. */
export const triggerKind = (isStopLoss: boolean): string => (isStopLoss ? "stop-loss" : "take-profit");

export const marketLabel = (market: MarketContext): string =>
  `${market.config.targetSymbol} ${market.side === "Long" ? "LONG" : "SHORT"}`;

function triggerList(order: BasketOrder | undefined, isStopLoss: boolean): readonly TriggerOrder[] {
  if (!order) return [];
  return isStopLoss ? order.stopLossOrders : order.takeProfitOrders;
}

/** The first empty slot (0..4) of a list, or undefined when all five are used. */
export function firstFreeSlot<T>(list: readonly T[], isEmpty: (entry: T) => boolean): number | undefined {
  for (let i = 0; i < ORDER_SLOT_COUNT; i++) {
    if (i >= list.length || isEmpty(list[i])) return i;
  }
  return undefined;
}

/** The slot a new trigger takes; ORDER_SLOTS_FULL when all five of its list are used. */
export function requireFreeTriggerSlot(
  order: BasketOrder | undefined,
  isStopLoss: boolean,
  market: MarketContext,
): number {
  return firstFreeSlot(triggerList(order, isStopLoss), isEmptyTrigger) ??
    fail(
      "ORDER_SLOTS_FULL",
      `all ${ORDER_SLOT_COUNT} ${triggerKind(isStopLoss)} slots of the ${marketLabel(market)} market are used`,
    );
}

/** The slot a new limit order takes; ORDER_SLOTS_FULL when all five are used. */
export function requireFreeLimitSlot(order: BasketOrder | undefined, market: MarketContext): number {
  return firstFreeSlot(order?.limitOrders ?? [], isEmptyLimit) ??
    fail("ORDER_SLOTS_FULL", `all ${ORDER_SLOT_COUNT} limit-order slots of the ${marketLabel(market)} market are used`);
}

/** An `orderId` addressing one slot: an integer 0..4 (or 255 where "all" is allowed); ORDER_SLOT_INVALID otherwise. */
export function requireSlotId(orderId: number, allowAll = false): number {
  const inRange = Number.isInteger(orderId) && orderId >= 0 && orderId < ORDER_SLOT_COUNT;
  if (inRange || (allowAll && orderId === CANCEL_ALL_TRIGGERS_ORDER_ID)) return orderId;
  const accepted = allowAll
    ? `0 to ${ORDER_SLOT_COUNT - 1}, or ${CANCEL_ALL_TRIGGERS_ORDER_ID} for all`
    : `0 to ${ORDER_SLOT_COUNT - 1}`;
  return fail("ORDER_SLOT_INVALID", `orderId ${orderId} is not a slot (${accepted})`);
}

/** The trigger in slot `orderId` of its list; ORDER_NOT_FOUND when the slot is empty. */
export function requireTrigger(
  order: BasketOrder | undefined,
  orderId: number,
  isStopLoss: boolean,
  market: MarketContext,
): TriggerOrder {
  const entry = triggerList(order, isStopLoss)[requireSlotId(orderId)];
  if (entry === undefined || isEmptyTrigger(entry)) {
    fail("ORDER_NOT_FOUND", `${triggerKind(isStopLoss)} slot ${orderId} of the ${marketLabel(market)} market is empty`);
  }
  return entry;
}

/** The limit order in slot `orderId`; ORDER_NOT_FOUND when the slot is empty. */
export function requireLimit(order: BasketOrder | undefined, orderId: number, market: MarketContext): LimitOrder {
  const entry = order?.limitOrders[requireSlotId(orderId)];
  if (entry === undefined || isEmptyLimit(entry)) {
    fail("ORDER_NOT_FOUND", `limit-order slot ${orderId} of the ${marketLabel(market)} market is empty`);
  }
  return entry;
}

/** Whether a market's orders hold at least one take-profit or stop-loss. */
export function hasTriggers(order: BasketOrder | undefined): boolean {
  return triggerList(order, false).some((t) => !isEmptyTrigger(t)) ||
    triggerList(order, true).some((t) => !isEmptyTrigger(t));
}

/**
 * The market (of one target and side) whose orders satisfy `has`, in configuration order: an order is addressed on
 * the market it is in (SOL long has two markets). Undefined when none does.
 */
export function marketWithOrders(
  basket: Basket,
  markets: readonly MarketContext[],
  has: (orders: BasketOrder | undefined, market: MarketContext) => boolean,
): MarketContext | undefined {
  return markets.find((m) => has(marketOrders(basket, m), m));
}

/** A resting limit order with the custodies it stores by uid (reserve: paid in; receive: its TP/SL pay out in). */
export interface LocatedLimit {
  market: MarketContext;
  order: LimitOrder;
  reserve: CustodyContext;
  receive: CustodyContext;
}

/**
 * The limit order in slot `orderId` among the markets of one target and side (on the market it is in), with its
 * custodies. ORDER_SLOT_INVALID / ORDER_NOT_FOUND as `requireLimit`.
 */
export function locateLimit(
  snapshot: DeploymentSnapshot,
  basket: Basket,
  markets: readonly MarketContext[],
  orderId: number,
): LocatedLimit {
  const id = requireSlotId(orderId);
  const market = marketWithOrders(basket, markets, (o) => {
    const entry = o?.limitOrders[id];
    return entry !== undefined && !isEmptyLimit(entry);
  }) ?? markets[0];
  const order = requireLimit(marketOrders(basket, market), id, market);
  const custody = (uid: number) =>
    snapshot.custodyByUid(market.pool.poolAddress, uid) ??
      fail("COMPUTE_FAILED", `custody uid ${uid} of pool ${market.pool.poolName} is not available`);
  return { market, order, reserve: custody(order.reserveCustodyUid), receive: custody(order.receiveCustodyUid) };
}
