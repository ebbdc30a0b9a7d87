/** The owner streams' pure pieces on the hand-built deployment. */
import assert from "node:assert/strict";
import { basketOrderMetrics, basketPositionMetrics, ownerBasket } from "../../../src/domain/views/owner.ts";
import { basketViewDto } from "../../helpers/basket-view.ts";
import {
  basketViewJson,
  marketPricesUsable,
  openBasketMarkets,
  openPositionMarkets,
  streamMessage,
} from "../../../src/domain/views/owner-stream.ts";
import { ALICE, aliceBasket, BOB, buildFixture, DAVE, key, M } from "../../helpers/hand-built-deployment.ts";

Deno.test("streamMessage wraps serialized data as {type, data}", () => {
  assert.deepEqual(JSON.parse(streamMessage("metrics", '{"a":{"b":"1"}}')), {
    type: "metrics",
    data: { a: { b: "1" } },
  });
  assert.deepEqual(JSON.parse(streamMessage("orders", "[]")), { type: "orders", data: [] });
});

Deno.test("basketViewJson is JSON.stringify of the basket view, byte for byte", () => {
  const snapshot = buildFixture().snapshot("v2");
  const found = ownerBasket(snapshot, ALICE)!;
  const text = basketViewJson(
    ALICE,
    found,
    JSON.stringify(basketPositionMetrics(snapshot, found.basket)),
    JSON.stringify(basketOrderMetrics(snapshot, found.basket)),
  );
  assert.equal(text, JSON.stringify(basketViewDto(snapshot, ALICE)));
  assert.equal(basketViewJson(BOB, undefined, "{}", "{}"), JSON.stringify(basketViewDto(snapshot, BOB)));
});

Deno.test("open markets: the basket's non-zero positions; the owner's non-zero position accounts", () => {
  // ALICE keeps an emptied JitoSOL-long entry: it is not open.
  assert.deepEqual(openBasketMarkets(aliceBasket()).sort(), [M.v2.solLong, M.v2.solShort].sort());
  const snapshot = buildFixture().snapshot("earlier");
  assert.deepEqual(openPositionMarkets(snapshot, DAVE).sort(), [M.earlier.solLong, M.earlier.solShort].sort());
  assert.deepEqual(openPositionMarkets(snapshot, BOB), []);
});

Deno.test("marketPricesUsable: both prices of every market present and fresh; unknown markets skipped", () => {
  const fresh = buildFixture().snapshot("v2");
  assert.equal(marketPricesUsable(fresh, [M.v2.solLong, M.v2.solShort, key("unknown market")]), true);
  assert.equal(marketPricesUsable(fresh, []), true);
  const stale = buildFixture({ prices: { SOL: { ageMs: 60_001 } } }).snapshot("v2");
  assert.equal(marketPricesUsable(stale, [M.v2.solLong]), false);
  assert.equal(marketPricesUsable(stale, [M.v2.spyLong]), true, "SPY is closed: its old price is not stale");
  const noUsdc = buildFixture({ prices: { USDC: null } }).snapshot("v2");
  assert.equal(marketPricesUsable(noUsdc, [M.v2.solLong]), true, "the SOL long is valued in SOL only");
  assert.equal(marketPricesUsable(noUsdc, [M.v2.solShort]), false, "the SOL short's collateral is USDC");
});

Deno.test("marketPricesUsable: answers per market are kept in `known` and reused", () => {
  const fresh = buildFixture().snapshot("v2");
  const known = new Map<string, boolean>();
  assert.equal(marketPricesUsable(fresh, [M.v2.solLong], known), true);
  assert.deepEqual([...known], [[M.v2.solLong, true]]);
  known.set(M.v2.solShort, false); // as if learnt earlier on this snapshot
  assert.equal(marketPricesUsable(fresh, [M.v2.solLong, M.v2.solShort], known), false);
});
