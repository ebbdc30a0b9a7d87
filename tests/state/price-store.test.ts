import assert from "node:assert/strict";
import { type PriceChange, type PriceEntry, PriceStore } from "../../src/state/price-store.ts";

/** A fixed wall-clock reading, ms. */
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
    assert.equal(s.set(price(1, NOW - 1, { receivedAtMs: NOW + 5 })), false); // older, arriving later
    assert.equal(s.set(price(1, NOW + 1, { price: 101n })), true);
    assert.deepEqual(seen.map((c) => [c.before?.price ?? null, c.after.price]), [[null, 100n], [100n, 101n]]);
    assert.equal(s.get(1)?.price, 101n);
    assert.equal(s.all().length, 1);
    off();
    s.set(price(1, NOW + 2, { price: 102n }));
    assert.equal(seen.length, 2);
  });

  await t.step("a clock that went back (a looping replay): older updates are taken, receipt times shift", () => {
    const s = new PriceStore();
    // Held: published at the end of a loop; the clock then went back to the recording's start.
    s.set(price(1, NOW + 179_800, { receivedAtMs: NOW + 179_850 }));
    // An older one arriving within a second of the held one's time is out of order: refused.
    assert.equal(s.set(price(1, NOW + 179_000, { receivedAtMs: NOW + 179_900 })), false);
    // Arriving on a clock far behind the held timestamp: the clock went back, the new loop's update is taken.
    assert.equal(s.set(price(1, NOW + 200, { price: 99n, receivedAtMs: NOW + 250 })), true);
    assert.equal(s.get(1)?.price, 99n);
    s.shiftReadings(-1_000);
    assert.equal(s.get(1)?.receivedAtMs, NOW - 750);
    assert.equal(s.get(1)?.timestampUs, BigInt(NOW + 200) * 1000n, "feed timestamps are data, never shifted");
  });
});
