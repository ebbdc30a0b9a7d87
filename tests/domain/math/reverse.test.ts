import assert from "node:assert/strict";
import { reverseCollateralUsd, reverseHaircutUsd } from "../../../src/domain/math/reverse.ts";

Deno.test("reverse haircut (DECISIONS 5.7)", () => {
  // ⌊399 085 000 × 98 / 100⌋ = 391 103 300; haircut 7 981 700.
  assert.equal(reverseCollateralUsd(399_085_000n), 391_103_300n);
  assert.equal(reverseHaircutUsd(399_085_000n), 7_981_700n);
  // Floor: 101 × 0.98 = 98.98 → 98; 1 → 0; 0 → 0.
  assert.equal(reverseCollateralUsd(101n), 98n);
  assert.equal(reverseCollateralUsd(1n), 0n);
  assert.equal(reverseCollateralUsd(0n), 0n);
  assert.equal(reverseCollateralUsd(-5n), 0n);
});
