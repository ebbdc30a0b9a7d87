/** Order slots of a basket (DECISIONS 5.8): ids 0..4, stable, empty = size 0, first free slot taken. */
import assert from "node:assert/strict";
import {
  firstFreeSlot,
  hasTriggers,
  locateLimit,
  marketOrders,
  requireBasket,
  requireFreeLimitSlot,
  requireFreeTriggerSlot,
  requireLimit,
  requireSlotId,
  requireTrigger,
} from "../../../../src/domain/builders/v2/order-slots.ts";
import { ALICE, BOB, M } from "../../../helpers/hand-built-deployment.ts";
import { custodyOf, failureOf, tradingFixture } from "./_helpers.ts";

const code = (f: () => unknown) => failureOf(f)?.code ?? "none";

Deno.test("firstFreeSlot: the first empty index below five, beyond the list's length included", () => {
  const empty = (x: number) => x === 0;
  assert.equal(firstFreeSlot([1, 0, 1], empty), 1);
  assert.equal(firstFreeSlot([1, 1], empty), 2); // the program grows a shorter list
  assert.equal(firstFreeSlot([], empty), 0);
  assert.equal(firstFreeSlot([1, 1, 1, 1, 1], empty), undefined);
  assert.equal(firstFreeSlot([1, 1, 1, 1, 1, 0], empty), undefined); // only five slots
});

Deno.test("requireSlotId: 0..4, 255 only where 'all' is allowed", () => {
  for (const id of [0, 4]) assert.equal(requireSlotId(id), id);
  assert.equal(requireSlotId(255, true), 255);
  for (const id of [5, 254, 255, -1, 1.5]) assert.equal(code(() => requireSlotId(id)), "ORDER_SLOT_INVALID");
  assert.equal(code(() => requireSlotId(5, true)), "ORDER_SLOT_INVALID");
});

Deno.test("ALICE's SOL long orders: TP 0, SL 2, limit 1 are filled; the rest is free", () => {
  const w = tradingFixture().snapshot("v2");
  const basket = requireBasket(w, ALICE);
  const long = w.market(M.v2.solLong)!;
  const short = w.market(M.v2.solShort)!;
  const orders = marketOrders(basket, long);
  assert.equal(requireFreeTriggerSlot(orders, false, long), 1);
  assert.equal(requireFreeTriggerSlot(orders, true, long), 0);
  assert.equal(requireFreeLimitSlot(orders, long), 0);
  assert.equal(requireTrigger(orders, 0, false, long).triggerSize, 5_000_000_000n);
  assert.equal(code(() => requireTrigger(orders, 0, true, long)), "ORDER_NOT_FOUND");
  assert.equal(requireLimit(orders, 1, long).sizeAmount, 3_000_000_000n);
  assert.equal(code(() => requireLimit(orders, 2, long)), "ORDER_NOT_FOUND");
  assert.equal(hasTriggers(orders), true);
  assert.equal(hasTriggers(marketOrders(basket, short)), false);
  assert.equal(hasTriggers(undefined), false);
  const located = locateLimit(w, basket, [long], 1);
  assert.equal(located.market.pubkey, M.v2.solLong);
  assert.equal(located.reserve.pubkey, custodyOf("Crypto.1", "SOL").custody);
  assert.equal(code(() => requireBasket(w, BOB)), "BASKET_NOT_FOUND");
});
