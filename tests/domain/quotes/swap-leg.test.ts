/** A swap leg in Crypto.1 of the hand-built deployment: SOL 160.00, USDC 1.00. */
import assert from "node:assert/strict";
import { poolAum, swapLeg } from "../../../src/domain/quotes/swap-leg.ts";
import { buildFixture, custodyAddress } from "../../helpers/hand-built-deployment.ts";
import { failureOf as failure } from "../builders/v2/_helpers.ts";

Deno.test("swapLeg: the USD values of what goes in and what is guaranteed out, at their prices", () => {
  const s = buildFixture().snapshot("earlier");
  const usdc = s.custody(custodyAddress("earlier", "Crypto.1", "USDC"))!;
  const sol = s.custody(custodyAddress("earlier", "Crypto.1", "SOL"))!;
  const pool = s.input.config.pools.find((p) => p.poolName === "Crypto.1")!;
  const leg = swapLeg(s, pool, usdc, sol, 160_000_000n); // 160 USDC
  assert.equal(leg.inUsd, 160_000_000n);
  assert.ok(leg.quote.minAmountOut > 0n && leg.quote.minAmountOut < 1_000_000_000n, "under 1 SOL after fees");
  assert.ok(leg.outUsd < leg.inUsd);
  const exempt = swapLeg(s, pool, usdc, sol, 160_000_000n, true);
  assert.ok(exempt.quote.minAmountOut >= leg.quote.minAmountOut, "no fee for a fee-exempt trader");
  assert.ok(poolAum(s, pool) > 0n);
});

Deno.test("swapLeg: more out than the pool holds free is insufficient liquidity", () => {
  const s = buildFixture().snapshot("earlier");
  const usdc = s.custody(custodyAddress("earlier", "Crypto.1", "USDC"))!;
  const sol = s.custody(custodyAddress("earlier", "Crypto.1", "SOL"))!;
  const pool = s.input.config.pools.find((p) => p.poolName === "Crypto.1")!;
  const r = failure(() => swapLeg(s, pool, usdc, sol, 10n ** 15n));
  assert.equal(r?.code, "COMPUTE_FAILED");
  assert.match(r?.err ?? "", /^insufficient liquidity: pool Crypto.1 cannot pay out that much SOL/);
});
