import assert from "node:assert/strict";
import { AccountCountsCache } from "../../src/runtime/account-counts-cache.ts";
import type { AccountKind } from "../../src/protocol/accounts/mod.ts";
import { buildFixture } from "../helpers/hand-built-deployment.ts";

/** The v2 program accounts of a fixture, with their counts counted. */
function setup() {
  const fixture = buildFixture();
  const accounts = fixture.accounts.v2;
  const counted = { calls: 0 };
  const count = accounts.count.bind(accounts);
  accounts.count = (kind: AccountKind) => (counted.calls++, count(kind));
  const pool = accounts.list("Pool")[0].pubkey;
  return { cache: new AccountCountsCache(accounts, fixture.store), store: fixture.store, counted, pool };
}

Deno.test("account counts: before start() every read counts afresh", () => {
  const { cache, counted } = setup();
  assert.equal(cache.of("Pool"), cache.of("Pool"));
  assert.equal(counted.calls, 2);
});

Deno.test("account counts: started, a count is cached until an account changes, then counted once again", () => {
  const { cache, store, counted, pool } = setup();
  cache.start();
  const pools = cache.of("Pool");
  assert.ok(pools > 0);
  assert.equal(cache.of("Pool"), pools);
  assert.equal(counted.calls, 1, "two reads, one count");
  store.delete("er", pool, 1_000_000);
  assert.equal(cache.of("Pool"), pools - 1);
  assert.equal(cache.of("Pool"), pools - 1);
  assert.equal(counted.calls, 2, "one more count after the change");
  cache.stop();
  assert.equal(cache.of("Pool"), pools - 1);
  assert.equal(counted.calls, 3, "stopped: counted per read again");
});

Deno.test("account counts: the generation moves with every account change while counts are cached, and is none otherwise", () => {
  const { cache, store, pool } = setup();
  assert.equal(cache.generation, undefined, "not started: every read may differ");
  cache.start();
  const started = cache.generation;
  assert.equal(typeof started, "number");
  cache.of("Pool");
  assert.equal(cache.generation, started, "a read moves nothing");
  store.delete("er", pool, 1_000_000);
  const changed = cache.generation;
  assert.notEqual(changed, started);
  cache.stop();
  assert.equal(cache.generation, undefined);
  cache.start();
  assert.notEqual(cache.generation, changed, "started again: counts made before are not the ones cached now");
});
