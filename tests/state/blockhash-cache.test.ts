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
