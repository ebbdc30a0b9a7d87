import assert from "node:assert/strict";
import {
  isDegen,
  liquidationPrice,
  maintenanceLeverage,
  positionLiquidationPrice,
} from "../../../src/domain/math/liquidation.ts";
import { makeCustody, makePosition, px } from "../_helpers.ts";

Deno.test("liquidation price", async (t) => {
  const base = {
    entryPrice: px(15_000_000_000n),
    sizeAmount: 10_000_000_000n,
    sizeDecimals: 9,
    sizeUsd: 1_500_000_000n,
    collateralUsd: 300_000_000n,
    closePositionRate: 600_000n,
    maxLeverage: 1_000_000,
    borrowFeeUsd: 0n,
  };
  await t.step("solvent long and short", () => {
    // L = ⌊1 500 000 000 × 10^4 / 10^6⌋ + 900 000 = 15 900 000; C − L = 284 100 000;
    // Δ(−9) = 284 100 000 × 10^12 / 10^10 = 28 410 000 000 → (−8) 2 841 000 000 = 28.41.
    assert.deepEqual(liquidationPrice({ ...base, side: "Long" }), px(12_159_000_000n)); // 150 − 28.41
    assert.deepEqual(liquidationPrice({ ...base, side: "Short" }), px(17_841_000_000n)); // 150 + 28.41
    // A borrow fee of $1 raises L to 16 900 000: Δ = 28.31 → long 121.69.
    assert.deepEqual(liquidationPrice({ ...base, side: "Long", borrowFeeUsd: 1_000_000n }), px(12_169_000_000n));
  });

  await t.step("insolvent (collateral below liabilities) flips the direction", () => {
    // C = $10: L − C = 5 900 000 → Δ = 0.59 → long 150.59, short 149.41.
    assert.deepEqual(liquidationPrice({ ...base, side: "Long", collateralUsd: 10_000_000n }), px(15_059_000_000n));
    assert.deepEqual(liquidationPrice({ ...base, side: "Short", collateralUsd: 10_000_000n }), px(14_941_000_000n));
    // C = L exactly: Δ = 0 → the entry price.
    assert.deepEqual(liquidationPrice({ ...base, side: "Long", collateralUsd: 15_900_000n }), px(15_000_000_000n));
  });

  await t.step("below zero → 0, empty → 0, bad leverage", () => {
    // $2 000 collateral on $1 500: Δ = 198.41 > 150 → 0 (keeps the entry exponent).
    assert.deepEqual(liquidationPrice({ ...base, side: "Long", collateralUsd: 2_000_000_000n }), px(0n));
    assert.deepEqual(liquidationPrice({ ...base, side: "Long", sizeAmount: 0n }), px(0n));
    assert.throws(() => liquidationPrice({ ...base, side: "Long", maxLeverage: 0 }), RangeError);
  });

  await t.step("rescaling to the entry exponent truncates", () => {
    // 3 SOL, C − L = $1: Δ(−9) = ⌊10^6 × 10^12 / 3·10^9⌋ = 333 333 333 → (−8) 33 333 333 (⌊⌋).
    const r = liquidationPrice({
      ...base,
      side: "Short",
      sizeAmount: 3_000_000_000n,
      sizeUsd: 0n,
      collateralUsd: 1_000_000n,
      closePositionRate: 0n,
    });
    assert.deepEqual(r, px(15_033_333_333n));
  });

  await t.step("choice: degen positions use max_degen_leverage", () => {
    const sol = makeCustody();
    const degen = makePosition({ collateralUsd: 5_000_000n, degenSizeUsd: 1_500_000_000n });
    assert.equal(isDegen(degen), true);
    assert.equal(maintenanceLeverage(degen, sol.pricing), 5_000_000);
    // 500×: L = 3 000 000 + 900 000 = 3 900 000; C − L = 1 100 000 → Δ = 0.11 → long 149.89.
    assert.deepEqual(positionLiquidationPrice(degen, "Long", sol, 0n), px(14_989_000_000n));
    // The SDK's max_leverage (100×) would make this $5 position insolvent at once: L = 15.9 > 5 → 151.09.
    assert.deepEqual(liquidationPrice({ ...base, side: "Long", collateralUsd: 5_000_000n }), px(15_109_000_000n));
    assert.equal(maintenanceLeverage(makePosition(), sol.pricing), 1_000_000);
  });

  await t.step("choice: a correlated market uses the same formula", () => {
    const sol = makeCustody();
    const p = makePosition();
    assert.deepEqual(positionLiquidationPrice(p, "Long", sol, 0n), px(12_159_000_000n));
  });
});
