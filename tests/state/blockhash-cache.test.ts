import assert from "node:assert/strict";
import { BlockhashCache, BlockhashUnavailable, createBlockhashCaches } from "../../src/state/blockhash-cache.ts";

/** A fixed wall-clock reading, ms. */
const NOW = 1_760_000_000_000;

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

Deno.test("BlockhashCache: the contract builders rely on (DECISIONS 3.5, 5.5), and shifted readings", () => {
  const c = new BlockhashCache("base");
  const never = c.current(NOW);
  assert.ok(never instanceof BlockhashUnavailable);
  assert.deepEqual([never.chain, never.reason, never.ageMs, never.message], [
    "base",
    "never-fetched",
    undefined,
    "no base blockhash fetched yet",
  ]);
  c.set({ blockhash: "H", lastValidBlockHeight: 1, fetchedAtMs: NOW });
  // The clock went back by 10 s (a looping replay): the reading moves with it, the age stays what it was.
  c.shiftReadings(-10_000);
  assert.equal(c.latest()?.fetchedAtMs, NOW - 10_000);
  const fresh = c.current(NOW - 10_000 + 60_000);
  assert.ok(!(fresh instanceof BlockhashUnavailable));
  assert.equal(fresh.blockhash, "H");
  assert.ok(c.current(NOW - 10_000 + 60_001) instanceof BlockhashUnavailable);
});
