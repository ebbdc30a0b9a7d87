import assert from "node:assert/strict";
import {
  borrowFeeUsd,
  borrowRateAt,
  cumulativeLockFeeAt,
  lockFeeUsd,
  maxUtilizationRate,
  utilizationRate,
} from "../../../src/domain/math/borrow.ts";
import { makeCustody } from "../_helpers.ts";

Deno.test("borrow fee", async (t) => {
  const state = { currentRate: 10_000n, cumulativeLockFee: 1_000_000n, lastUpdate: 1_700_000_000n };

  await t.step("cumulative index (choice: accrual rounds up)", () => {
    // One hour: 1 000 000 + ⌈3 600 × 10 000 / 3 600⌉ = 1 010 000.
    assert.equal(cumulativeLockFeeAt(state, 1_700_003_600n), 1_010_000n);
    // One second: ⌈10 000 / 3 600⌉ = ⌈2.78⌉ = 3 (SDK: 2).
    assert.equal(cumulativeLockFeeAt(state, 1_700_000_001n), 1_000_003n);
    // Not after last_update → unchanged.
    assert.equal(cumulativeLockFeeAt(state, 1_700_000_000n), 1_000_000n);
    assert.equal(cumulativeLockFeeAt(state, 1_600_000_000n), 1_000_000n);
  });

  await t.step("lock fee on size_usd plus unsettled fees (PROTOCOL-v1 §5.7 worked numbers)", () => {
    // size $499.851, one hour at 10 000: ⌊10 000 × 499 851 000 / 10^9⌋ = ⌊4 998.51⌋ = 4 998; + unsettled 10 000 = 14 998.
    const position = { sizeUsd: 499_851_000n, cumulativeLockFeeSnapshot: 1_000_000n, unsettledFeesUsd: 10_000n };
    assert.equal(lockFeeUsd(position, state, 1_700_003_600n), 4_998n);
    assert.equal(borrowFeeUsd(position, state, 1_700_003_600n), 14_998n);
    // Snapshot above the index (a position updated after the state was read) → 0 accrued, unsettled still due.
    assert.equal(borrowFeeUsd({ ...position, cumulativeLockFeeSnapshot: 2_000_000n }, state, 1_700_003_600n), 10_000n);
  });

  await t.step("utilization and the rate curve", () => {
    assert.equal(utilizationRate({ owned: 1_000n, locked: 250n }), 250_000_000n); // 25 %
    assert.equal(utilizationRate({ owned: 0n, locked: 250n }), 0n);
    // max_utilization as BPS (9 000) or RATE (900 000 000) means the same 90 %.
    assert.equal(maxUtilizationRate(9_000), 900_000_000n);
    assert.equal(maxUtilizationRate(900_000_000), 900_000_000n);
    const { borrowRate } = makeCustody(); // slope1 20 000, slope2 40 000, optimal 80 %
    // 40 %: ⌊400 000 000 × 20 000 / 800 000 000⌋ = 10 000.
    assert.equal(borrowRateAt(borrowRate, 900_000_000, 400_000_000n), 10_000n);
    // 85 %: 20 000 + ⌊50 000 000 × 40 000 / 100 000 000⌋ = 40 000.
    assert.equal(borrowRateAt(borrowRate, 900_000_000, 850_000_000n), 40_000n);
    // 95 % ≥ max: 20 000 + 40 000 = 60 000.
    assert.equal(borrowRateAt(borrowRate, 9_000, 950_000_000n), 60_000n);
    // optimal ≥ 100 %: always the first slope: ⌊500 000 000 × 20 000 / 10^9⌋ = 10 000.
    assert.equal(
      borrowRateAt({ ...borrowRate, optimalUtilization: 1_000_000_000n }, 900_000_000, 500_000_000n),
      10_000n,
    );
  });
});
