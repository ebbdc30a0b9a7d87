import assert from "node:assert/strict";
import { PriceMapCache } from "../../src/runtime/price-map-cache.ts";
import { type PriceListener, PriceStore } from "../../src/state/price-store.ts";
import { buildFixture, FEED } from "../helpers/hand-built-deployment.ts";

/** A price store that counts its subscriptions. */
class CountingPriceStore extends PriceStore {
  subscriptions = 0;
  override subscribe(listener: PriceListener) {
    this.subscriptions++;
    return super.subscribe(listener);
  }
}

function setup() {
  const fixture = buildFixture();
  const prices = new CountingPriceStore();
  for (const entry of fixture.prices.all()) prices.set(entry);
  return { cache: new PriceMapCache(fixture.index.v2, prices), prices };
}

const bump = (prices: PriceStore, feedId: number) => {
  const entry = prices.get(feedId)!;
  prices.set({ ...entry, price: entry.price + 1n, timestampUs: entry.timestampUs + 1n });
};

Deno.test("price map cache: reads before start() subscribe to nothing and are always current", () => {
  const { cache, prices } = setup();
  const before = cache.bySymbol.SOL.price;
  bump(prices, FEED.SOL);
  assert.equal(cache.bySymbol.SOL.price, before + 1);
  assert.equal(prices.subscriptions, 0);
});

Deno.test("price map cache: started, the map is cached until a price changes, then rebuilt once", () => {
  const { cache, prices } = setup();
  cache.start();
  cache.start();
  assert.equal(prices.subscriptions, 1);
  const first = cache.bySymbol;
  assert.equal(cache.bySymbol, first);
  assert.deepEqual(Object.keys(first).sort(), ["JitoSOL", "SOL", "SPY", "USDC", "WSOL"]);
  bump(prices, FEED.SOL);
  const second = cache.bySymbol;
  assert.notEqual(second, first);
  assert.equal(second.SOL.price, first.SOL.price + 1);
  assert.equal(second.WSOL.price, first.WSOL.price + 1);
  assert.equal(cache.bySymbol, second);
});

Deno.test("price map cache: stop() ends the subscription; reads are current again", () => {
  const { cache, prices } = setup();
  cache.start();
  const cached = cache.bySymbol;
  cache.stop();
  bump(prices, FEED.USDC);
  assert.equal(cache.bySymbol.USDC.price, cached.USDC.price + 1);
  cache.start();
  assert.equal(prices.subscriptions, 2);
});
