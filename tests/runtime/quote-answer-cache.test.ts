/**
 * The quote answer cache alone: a stamp lasts while no account or price changes and the clock stays in its second;
 * an answer computed across a change is not cached; memory holds one moment's answers, bounded in count and key size.
 */
import assert from "node:assert/strict";
import { QuoteAnswerCache } from "../../src/runtime/quote-answer-cache.ts";
import { VirtualClock } from "../../src/state/clock.ts";
import * as pda from "../../src/protocol/pda.ts";
import { ALICE, buildFixture, FEED, PROGRAM } from "../helpers/hand-built-deployment.ts";

function started(maxEntries?: number, longestKey?: number) {
  const f = buildFixture();
  const clock = new VirtualClock(f.nowMs - (f.nowMs % 1000));
  const cache = new QuoteAnswerCache(f.store, f.prices, clock, maxEntries, longestKey);
  cache.start();
  const tick = () => {
    const held = f.prices.get(FEED.SOL)!;
    f.prices.set({ ...held, price: held.price + 1n, timestampUs: held.timestampUs + 1000n });
  };
  return { f, clock, cache, tick };
}

Deno.test("quote answer cache: one stamp per moment; a price tick, an account change or a second ends it", () => {
  const { f, clock, cache, tick } = started();
  const stamp = cache.stamp()!;
  clock.advance(999);
  assert.equal(cache.stamp(), stamp, "the same object within the second");
  clock.advance(1);
  const nextSecond = cache.stamp()!;
  assert.notEqual(nextSecond, stamp);
  tick();
  const afterTick = cache.stamp()!;
  assert.notEqual(afterTick, nextSecond);
  const { pubkey, owner, lamports, executable, data, slot, chain } = f.store.get(pda.basket(PROGRAM.v2, ALICE))!;
  const changed = new Uint8Array(data);
  changed[changed.length - 1] ^= 1;
  f.store.set({ pubkey, owner, lamports, executable, data: changed, slot: slot + 1, chain });
  assert.notEqual(cache.stamp(), afterTick);
});

const answer = (text: string) => ({ text, route: "/quote" });
const T = "POST http://host/quote";

Deno.test("quote answer cache: cached for its moment only; an answer computed across a change is not cached", () => {
  const { clock, cache, tick } = started();
  const stamp = cache.stamp()!;
  assert.equal(cache.caches(T, stamp), false);
  cache.cache(T, "k", answer("cached"), stamp);
  assert.equal(cache.caches(T, cache.stamp()!), true);
  assert.equal(cache.caches("POST http://host/other", stamp), false);
  assert.deepEqual(cache.find(T, "k", cache.stamp()!), answer("cached"));
  assert.equal(cache.find(T, "other body", stamp), undefined);
  assert.equal(cache.hits, 1);
  clock.advance(1000);
  assert.equal(cache.caches(T, cache.stamp()!), false);
  assert.equal(cache.find(T, "k", cache.stamp()!), undefined);

  const before = cache.stamp()!;
  tick(); // lands while the answer is computed
  cache.cache(T, "late", answer("computed on the old prices"), before);
  assert.equal(cache.find(T, "late", cache.stamp()!), undefined);
  assert.equal(cache.find(T, "late", before), undefined);
  assert.equal(cache.cached, 1);
});

Deno.test("quote answer cache: bounded in entries and key length; nothing cached unless started", () => {
  const { cache } = started(2, T.length + 10);
  const stamp = cache.stamp()!;
  cache.cache(T, "a", answer("1"), stamp);
  cache.cache(T, "b", answer("2"), stamp);
  cache.cache(T, "b", answer("2 again"), stamp); // the same request cached again takes no more room
  assert.deepEqual(cache.find(T, "a", stamp), answer("1"));
  cache.cache(T, "c", answer("3"), stamp); // full: the cached answers are dropped first
  assert.equal(cache.find(T, "a", stamp), undefined);
  assert.deepEqual(cache.find(T, "c", stamp), answer("3"));
  cache.cache(T, "x".repeat(11), answer("too long a key"), stamp);
  assert.equal(cache.find(T, "x".repeat(11), stamp), undefined);
  cache.stop();
  assert.equal(cache.stamp(), undefined);
  assert.equal(cache.find(T, "c", stamp), undefined);
  cache.cache(T, "d", answer("4"), stamp);
  assert.equal(cache.cached, 4, "a, b twice and c; neither the long key nor d after stop()");
});
