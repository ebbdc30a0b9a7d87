import assert from "node:assert/strict";
import { PoolStatsCache } from "../../src/runtime/pool-stats-cache.ts";
import { POOL_STATS, type V2PoolStatsDto } from "../../src/domain/views/pool-stats.ts";
import { basketAccount } from "../../src/protocol/accounts/basket.ts";
import * as pda from "../../src/protocol/pda.ts";
import { ALICE, aliceBasket, basketOf, buildFixture, type Fixture, PROGRAM } from "../helpers/hand-built-deployment.ts";

const HOUR_MS = 3_600_000;
const ALICE_BASKET = pda.basket(PROGRAM.v2, ALICE);

function v2Cache(fixture: Fixture): PoolStatsCache<V2PoolStatsDto> {
  return new PoolStatsCache(fixture.index.v2, fixture.accounts.v2, fixture.prices, HOUR_MS, POOL_STATS.v2);
}

/** Baskets with an open position, over every pool. */
const basketCount = (cache: PoolStatsCache<V2PoolStatsDto>) => cache.pools.reduce((n, pool) => n + pool.basketCount, 0);

Deno.test("PoolStatsCache", async (t) => {
  await t.step("started: a basket's open markets are read again once the store says it changed", () => {
    const fixture = buildFixture();
    const cache = v2Cache(fixture);
    cache.start();
    try {
      const withAlice = basketCount(cache);
      assert.ok(withAlice > 0, "the fixture's baskets hold open positions");
      fixture.put("v2", ALICE_BASKET, basketAccount, basketOf(ALICE, [], []));
      cache.refresh();
      assert.equal(basketCount(cache), withAlice - 1);
      fixture.put("v2", ALICE_BASKET, basketAccount, aliceBasket());
      cache.refresh();
      assert.equal(basketCount(cache), withAlice);
    } finally {
      cache.stop();
    }
  });

  await t.step("not started (or stopped): nothing is cached, every refresh reads the baskets", () => {
    const fixture = buildFixture();
    const cache = v2Cache(fixture);
    cache.refresh();
    const withAlice = basketCount(cache);
    fixture.put("v2", ALICE_BASKET, basketAccount, basketOf(ALICE, [], []));
    cache.refresh();
    assert.equal(basketCount(cache), withAlice - 1);
    cache.start();
    cache.stop(); // no longer told of changes: what it cached must go
    fixture.put("v2", ALICE_BASKET, basketAccount, aliceBasket());
    cache.refresh();
    assert.equal(basketCount(cache), withAlice);
  });
});
