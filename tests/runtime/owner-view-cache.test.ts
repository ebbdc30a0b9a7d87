/**
 * The owner view cache on the hand-built deployment: one computation per (owner accounts, prices, shared accounts,
 * clock second), counted; the cached text is exactly what the views serialize to; the periodic messages' pause rule.
 */
import assert from "node:assert/strict";
import { ordersByOwner, ownerBasket, positionsByOwner } from "../../src/domain/views/owner.ts";
import { basketViewDto } from "../helpers/basket-view.ts";
import { OwnerViewCache } from "../../src/runtime/owner-view-cache.ts";
import { basketAccount, custodyAccount, positionAccount } from "../../src/protocol/accounts/mod.ts";
import * as pda from "../../src/protocol/pda.ts";
import { VirtualClock } from "../../src/state/clock.ts";
import {
  ALICE,
  aliceBasket,
  BOB,
  buildFixture,
  CAROL,
  custodyAddress,
  DAVE,
  FEED,
  M,
  ownerViewsOf,
  PRICE,
  PROGRAM,
  solLongPosition,
} from "../helpers/hand-built-deployment.ts";

function started(version: "v2" | "earlier" = "v2", f = buildFixture()) {
  const clock = new VirtualClock(f.nowMs);
  const cache = ownerViewsOf(f, version, clock);
  cache.start();
  return { f, clock, cache };
}

/** A new SOL price (a tick of the oracle), one millisecond fresher than the held one. */
function tickSol(f: ReturnType<typeof buildFixture>, price: bigint) {
  const held = f.prices.get(FEED.SOL)!;
  f.prices.set({ ...held, price, timestampUs: held.timestampUs + 1000n });
}

Deno.test("owner view cache: two reads with the same bytes, prices and second share one computation", () => {
  const { cache, clock } = started();
  const first = cache.basket(ALICE);
  clock.advance(400); // same second
  const second = cache.basket(ALICE);
  assert.equal(second, first);
  assert.equal(cache.computations, 1);
  assert.equal(cache.basket(ALICE).json, first.json);
  assert.equal(cache.computations, 1);
});

Deno.test("owner view cache: a basket is read from the store once per change of its owner's accounts, not per second", () => {
  const { f, cache, clock } = started();
  const basketKey = pda.basket(PROGRAM.v2, ALICE);
  let reads = 0;
  const get = f.store.get.bind(f.store);
  f.store.get = (pubkey: string) => {
    if (pubkey === basketKey) reads++;
    return get(pubkey);
  };
  const first = cache.basket(ALICE);
  const readsOfOneView = reads;
  assert.ok(readsOfOneView > 0);
  for (let second = 1; second <= 3; second++) {
    clock.advance(1_000);
    tickSol(f, PRICE.SOL + BigInt(second) * 1_000_000n);
    const view = cache.basket(ALICE, { cache: false });
    assert.notEqual(view.metricsMessage, first.metricsMessage, "a new moment's figures");
  }
  assert.equal(cache.computations, 4, "a view per moment");
  assert.equal(reads, readsOfOneView, "the basket found first is reused");

  const basket = aliceBasket();
  basket.positions = basket.positions.filter((p) => p.market !== M.v2.solShort);
  f.put("v2", basketKey, basketAccount, basket);
  const changed = cache.basket(ALICE);
  assert.equal(reads, 2 * readsOfOneView, "read again once it changed");
  assert.deepEqual(Object.keys(JSON.parse(changed.json).positionMetrics), [M.v2.solLong]);

  cache.stop(); // a change made while stopped moves no version: nothing found before is cached
  f.put("v2", basketKey, basketAccount, aliceBasket());
  cache.start();
  assert.equal(Object.keys(JSON.parse(cache.basket(ALICE).json).positionMetrics).length, 2);
});

Deno.test("owner view cache: a basket change, a price tick and a clock second each produce a new basket view", async (t) => {
  const { f, cache, clock } = started();
  const before = cache.basket(ALICE);

  await t.step("a basket change", () => {
    const basket = aliceBasket();
    basket.positions = basket.positions.filter((p) => p.market !== M.v2.solShort);
    f.put("v2", pda.basket(PROGRAM.v2, ALICE), basketAccount, basket);
    const after = cache.basket(ALICE);
    assert.notEqual(after, before);
    assert.equal(cache.computations, 2);
    assert.deepEqual(Object.keys(JSON.parse(after.json).positionMetrics), [M.v2.solLong]);
  });

  await t.step("a price tick", () => {
    const cached = cache.basket(ALICE);
    tickSol(f, PRICE.SOL + 100_000_000n);
    const after = cache.basket(ALICE);
    assert.notEqual(after, cached);
    assert.equal(cache.computations, 3);
    assert.notEqual(after.metricsMessage, cached.metricsMessage);
  });

  await t.step("a clock second", () => {
    const cached = cache.basket(ALICE);
    clock.advance(1_000);
    const after = cache.basket(ALICE);
    assert.notEqual(after, cached);
    assert.equal(cache.computations, 4);
  });

  await t.step("a change of the deployment's other accounts (a custody)", () => {
    const cached = cache.basket(ALICE);
    const key = custodyAddress("v2", "Crypto.1", "SOL");
    const custody = f.accounts.v2.get("Custody", key)!;
    f.put("v2", key, custodyAccount.v2, { ...custody, oracle: { ...custody.oracle, maxPriceAgeSec: 61 } });
    assert.notEqual(cache.basket(ALICE), cached);
    assert.equal(cache.computations, 5);
  });

  await t.step("another owner's basket change leaves this owner's entry alone", () => {
    const cached = cache.basket(ALICE);
    const carol = f.accounts.v2.get("Basket", pda.basket(PROGRAM.v2, CAROL))!;
    f.put("v2", pda.basket(PROGRAM.v2, CAROL), basketAccount, { ...carol, positionsActive: !carol.positionsActive });
    assert.equal(cache.basket(ALICE), cached);
    assert.equal(cache.computations, 5);
  });
});

Deno.test("owner view cache: the cached text is the views' JSON, the messages wrap it", () => {
  const { f, cache, clock } = started();
  const snapshot = f.snapshotAt("v2", clock.nowMs());
  const alice = cache.basket(ALICE);
  const expected = basketViewDto(snapshot, ALICE);
  assert.equal(alice.json, JSON.stringify(expected));
  assert.deepEqual(JSON.parse(alice.basketMessage), { type: "basket", data: expected });
  assert.deepEqual(JSON.parse(alice.metricsMessage!), { type: "metrics", data: expected.positionMetrics });
  assert.equal(alice.basketData, ownerBasket(snapshot, ALICE)!.data);
  assert.equal(alice.pricesUsable, true);

  const bob = cache.basket(BOB);
  assert.equal(bob.json, JSON.stringify(basketViewDto(snapshot, BOB)));
  assert.equal(bob.basketData, null);
  assert.equal(bob.metricsMessage, undefined, "no basket, nothing to measure");
});

Deno.test("owner view cache: earlier-interface listings, each variant of includePnl on its own", () => {
  const { f, cache, clock } = started("earlier");
  const snapshot = f.snapshotAt("earlier", clock.nowMs());
  const withPnl = cache.positions(DAVE, true);
  const withoutPnl = cache.positions(DAVE, false);
  assert.equal(withPnl.json, JSON.stringify(positionsByOwner(snapshot, DAVE, true)));
  assert.equal(withoutPnl.json, JSON.stringify(positionsByOwner(snapshot, DAVE, false)));
  assert.notEqual(withPnl.json, withoutPnl.json);
  assert.deepEqual(JSON.parse(withPnl.message), { type: "positions", data: JSON.parse(withPnl.json) });
  const orders = cache.orders(DAVE);
  assert.equal(orders.json, JSON.stringify(ordersByOwner(snapshot, DAVE)));
  assert.deepEqual(JSON.parse(orders.message), { type: "orders", data: JSON.parse(orders.json) });
  assert.equal(cache.computations, 3);
  cache.positions(DAVE, true);
  cache.orders(DAVE);
  assert.equal(cache.computations, 3);

  // A position account change of DAVE moves DAVE's listings.
  const key = pda.position(PROGRAM.earlier, DAVE, M.earlier.solLong);
  f.put("earlier", key, positionAccount.earlier, {
    ...solLongPosition("earlier", DAVE, M.earlier.solLong),
    sizeAmount: 0n,
  });
  assert.equal(JSON.parse(cache.positions(DAVE, true).json).length, 1);
  assert.equal(cache.computations, 4);
});

Deno.test("owner view cache: prices are unusable while a position's feed is stale or missing (DECISIONS 5.9)", () => {
  const stale = started("v2", buildFixture({ prices: { SOL: { ageMs: 61_000 } } }));
  assert.equal(stale.cache.basket(ALICE).pricesUsable, false);
  // The closed session's old SPY price is not stale (CAROL holds SPY).
  assert.equal(stale.cache.basket(CAROL).pricesUsable, true);
  const missing = started("v2", buildFixture({ prices: { USDC: null } }));
  assert.equal(missing.cache.basket(ALICE).pricesUsable, false, "the SOL short is valued in USDC");
  const earlier = started("earlier", buildFixture({ prices: { SOL: { ageMs: 61_000 } } }));
  assert.equal(earlier.cache.positions(DAVE, false).pricesUsable, false);
  assert.equal(earlier.cache.orders(DAVE).pricesUsable, true);
});

Deno.test("owner view cache: not started, every read computes; stopped, it forgets", () => {
  const f = buildFixture();
  const cache = ownerViewsOf(f, "v2");
  cache.basket(ALICE);
  cache.basket(ALICE);
  assert.equal(cache.computations, 2);
  cache.start();
  cache.basket(ALICE);
  cache.basket(ALICE);
  assert.equal(cache.computations, 3);
  cache.stop();
  cache.basket(ALICE);
  assert.equal(cache.computations, 4);
});

Deno.test("owner view cache: memory is bounded (past the bound the entries are dropped)", () => {
  const f = buildFixture();
  const clock = { nowMs: () => f.nowMs };
  const cache = new OwnerViewCache(PROGRAM.v2, f.store, f.prices, clock, (now) => f.snapshotAt("v2", now), 2);
  cache.start();
  cache.basket(ALICE);
  cache.basket(BOB);
  cache.basket(CAROL); // the third entry empties the map first
  cache.basket(CAROL);
  assert.equal(cache.computations, 3);
  cache.basket(ALICE);
  assert.equal(cache.computations, 4);
});

Deno.test("owner view cache: a read that does not cache still reads what is cached, and caches nothing itself", () => {
  const { cache } = started();
  const transient = cache.basket(ALICE, { cache: false });
  assert.notEqual(cache.basket(ALICE, { cache: false }), transient, "nothing cached: computed again");
  assert.equal(cache.computations, 2);
  const cached = cache.basket(ALICE);
  assert.equal(cache.basket(ALICE, { cache: false }), cached, "a cached entry is read");
  assert.equal(cache.computations, 3);
  assert.equal(cache.positions(DAVE, false, { cache: false }).pricesUsable, true);
});
