import assert from "node:assert/strict";
import { maxAddableCollateralUsd, maxWithdrawableCollateralUsd } from "../../../src/domain/math/collateral.ts";
import { makeCustody, makePosition } from "../_helpers.ts";

Deno.test("collateral limits", async (t) => {
  const sol = makeCustody();
  await t.step("max addable", () => {
    // min_init 11 000 × 105/100 = 11 550; ⌊1 500 000 000 × 10^4 / 11 550⌋ = 1 298 701 298; − 300 000 000.
    assert.equal(maxAddableCollateralUsd(makePosition(), sol.pricing), 998_701_298n);
    // Already below the minimum leverage → 0.
    assert.equal(maxAddableCollateralUsd(makePosition({ collateralUsd: 1_400_000_000n }), sol.pricing), 0n);
    assert.throws(() => maxAddableCollateralUsd(makePosition(), { ...sol.pricing, minInitLeverage: 0 }), RangeError);
  });

  await t.step("max withdrawable", () => {
    const input = {
      position: makePosition(),
      pricing: sol.pricing,
      lossUsd: 0n,
      exitFeeUsd: 900_000n,
      borrowFeeUsd: 150_000n,
    };
    // capMin = 300 − 10 × 1.05 = 289.5; avail = 300 − 1.05 = 298.95;
    // capLev = 298 950 000 − ⌊1.5·10^13 / (1 000 000 × 95/100)⌋ = 298 950 000 − 15 789 473 = 283 160 527.
    assert.equal(maxWithdrawableCollateralUsd(input), 283_160_527n);
    // min-collateral cap binds when it is larger: min collateral $290 → 300 − 304.5 < 0 → 0.
    assert.equal(
      maxWithdrawableCollateralUsd({ ...input, pricing: { ...sol.pricing, minCollateralUsd: 290_000_000 } }),
      0n,
    );
    // Profit does not count; losses do: $290 loss → avail 8.95 < 15.789 → 0; loss ≥ collateral → 0.
    assert.equal(maxWithdrawableCollateralUsd({ ...input, lossUsd: 290_000_000n }), 0n);
    assert.equal(maxWithdrawableCollateralUsd({ ...input, lossUsd: 300_000_000n }), 0n);
    // Price impact is a liability: $100 → capLev = 183 160 527.
    assert.equal(
      maxWithdrawableCollateralUsd({ ...input, position: makePosition({ priceImpactUsd: 100_000_000n }) }),
      183_160_527n,
    );
  });
});
