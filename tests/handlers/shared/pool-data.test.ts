/** The pool-data answers' shapes (src/handlers/shared/pool-data.ts): v2 gives every figure, earlier no market figures. */
import assert from "node:assert/strict";
import { earlierPoolDataJson, v2PoolDataJson, withoutMarkets } from "../../../src/handlers/shared/pool-data.ts";
import type { PoolStatsDto } from "../../../src/domain/views/pool-stats.ts";
import { JsonCache } from "../../../src/runtime/json-cache.ts";
import type { Services } from "../../../src/services.ts";

const POOL: PoolStatsDto = {
  poolName: "Crypto.1",
  poolAddress: "pool-key",
  lpStats: {
    lpTokenSupply: "1000",
    totalPoolValueUsd: "2000",
    lpPrice: "2",
    stableCoinPercentage: "50",
    maxAumUsd: "1000000",
  },
  custodyStats: [],
  marketStats: [{ marketSymbol: "SOL" } as unknown as PoolStatsDto["marketStats"][number]],
};

/** Services whose pool statistics are `pools`, serialized through the runtime's JSON cache as the real ones are. */
function servicesWith(pools: readonly PoolStatsDto[]): Services {
  const cache = new JsonCache<readonly PoolStatsDto[]>();
  const poolStats = { json: <R>(shape: (p: readonly PoolStatsDto[]) => R) => cache.of(pools, shape) };
  return { deployments: { v2: { poolStats }, earlier: { poolStats } } } as unknown as Services;
}

Deno.test("pool data: v2 lists every pool with its market figures, earlier the same pools without them", () => {
  const services = servicesWith([POOL]);
  assert.deepEqual(JSON.parse(v2PoolDataJson(services).text), { pools: [POOL] });
  const { marketStats: _, ...earlierPool } = POOL;
  assert.deepEqual(JSON.parse(earlierPoolDataJson(services).text), { pools: [earlierPool] });
  assert.deepEqual(withoutMarkets(POOL), earlierPool);
});

Deno.test("pool data: each shape is serialized once per statistics value (the same cached text on every read)", () => {
  const services = servicesWith([POOL]);
  assert.equal(v2PoolDataJson(services), v2PoolDataJson(services));
  assert.equal(earlierPoolDataJson(services), earlierPoolDataJson(services));
  assert.notEqual(v2PoolDataJson(services), earlierPoolDataJson(services));
});
