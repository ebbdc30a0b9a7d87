import assert from "node:assert/strict";
import { type PriceChange, type PriceEntry, PriceStore } from "../../src/state/price-store.ts";
import { BlockhashCache, BlockhashUnavailable, createBlockhashCaches } from "../../src/state/blockhash-cache.ts";
import { systemClock, VirtualClock } from "../../src/state/clock.ts";

const NOW = 1_760_000_000_000;

function price(feedId: number, atMs: number, extra: Partial<PriceEntry> = {}): PriceEntry {
  return {
    feedId,
    price: 100n,
    exponent: -8,
    confidence: 0n,
    timestampUs: BigInt(atMs) * 1000n,
    marketSession: "regular",
    receivedAtMs: atMs,
    ...extra,
  };
}

Deno.test("PriceStore", async (t) => {
  await t.step("staleness follows the feed timestamp; closed sessions are never stale; unknown feeds are", () => {
    const s = new PriceStore();
    s.set(price(1, NOW - 1000));
    assert.equal(s.isStale(1, NOW, 60_000), false);
    assert.equal(s.isStale(1, NOW + 59_000, 60_000), false);
    assert.equal(s.isStale(1, NOW + 59_001, 60_000), true);
    assert.equal(s.ageMs(1, NOW), 1000);
    // Lazer repeats the last price with an old feed timestamp: received now, still stale.
    s.set(price(2, NOW - 120_000, { receivedAtMs: NOW }));
    assert.equal(s.isStale(2, NOW, 60_000), true);
    s.set(price(3, NOW - 3_600_000, { marketSession: "closed" }));
    assert.equal(s.isStale(3, NOW, 60_000), false);
    assert.equal(s.isStale(42, NOW, 60_000), true);
    assert.equal(s.ageMs(42, NOW), undefined);
  });

  await t.step("subscribe, ignore older updates, no event for identical content", () => {
    const s = new PriceStore();
    const seen: PriceChange[] = [];
    const off = s.subscribe((c) => seen.push(c));
    assert.equal(s.set(price(1, NOW)), true);
    assert.equal(s.set(price(1, NOW, { receivedAtMs: NOW + 5 })), true); // same content
    assert.equal(s.set(price(1, NOW - 1)), false); // older
    assert.equal(s.set(price(1, NOW + 1, { price: 101n })), true);
    assert.deepEqual(seen.map((c) => [c.before?.price ?? null, c.after.price]), [[null, 100n], [100n, 101n]]);
    assert.equal(s.get(1)?.price, 101n);
    assert.equal(s.all().length, 1);
    off();
    s.set(price(1, NOW + 2, { price: 102n }));
    assert.equal(seen.length, 2);
  });
});

Deno.test("BlockhashCache freshness", () => {
  const c = new BlockhashCache("er");
  const never = c.current(NOW);
  assert.ok(never instanceof BlockhashUnavailable);
  assert.equal(never.reason, "never-fetched");
  assert.equal(never.code, "BLOCKHASH_UNAVAILABLE");
  const seen: string[] = [];
  c.subscribe((e) => seen.push(e.blockhash));
  c.set({ blockhash: "H1", lastValidBlockHeight: 10, fetchedAtMs: NOW });
  assert.deepEqual(c.current(NOW + 1000), { blockhash: "H1", lastValidBlockHeight: 10, fetchedAtMs: NOW });
  assert.ok(!(c.current(NOW + 60_000) instanceof BlockhashUnavailable));
  const stale = c.current(NOW + 60_001);
  assert.ok(stale instanceof BlockhashUnavailable);
  assert.equal(stale.reason, "stale");
  assert.equal(stale.ageMs, 60_001);
  assert.match(stale.message, /er blockhash is 60001 ms old/);
  assert.equal(c.latest()?.blockhash, "H1");
  assert.deepEqual(seen, ["H1"]);
  const both = createBlockhashCaches();
  assert.equal(both.base.chain, "base");
  assert.equal(both.er.chain, "er");
});

Deno.test("clocks", () => {
  const v = new VirtualClock(100);
  assert.equal(v.nowMs(), 100);
  assert.equal(v.advance(50), 150);
  assert.equal(v.set(120), 150); // never backwards
  assert.equal(v.set(200), 200);
  assert.throws(() => v.advance(-1));
  const before = Date.now();
  assert.ok(systemClock.nowMs() >= before);
});
