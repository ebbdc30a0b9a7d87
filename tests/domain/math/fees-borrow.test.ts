import assert from "node:assert/strict";
import {
  applyDiscount,
  borrowFeeUsd,
  borrowRateAt,
  cumulativeLockFeeAt,
  discountBpsFor,
  entryFee,
  exitFee,
  feeAmount,
  feeOn,
  lockFeeUsd,
  maxUtilizationRate,
  spreadCostUsd,
  stakeDiscountBps,
  utilizationRate,
  volatilityFee,
} from "../../../src/domain/math/mod.ts";
import { makeCustody, px } from "../fixtures.ts";

Deno.test("fees", async (t) => {
  await t.step("choice: fees round up (program), the SDK rounds down", () => {
    // 497 017 891 × 600 000 / 10^9 = 298 210.73 → 298 211 (SDK: 298 210).
    assert.equal(feeOn(497_017_891n, 600_000n), 298_211n);
    // Exact: 1 500 000 000 × 600 000 / 10^9 = 900 000.
    assert.equal(feeOn(1_500_000_000n, 600_000n), 900_000n);
    // 1 µ$ at any positive rate → 1; zero amount or zero rate → 0.
    assert.equal(feeOn(1n, 1n), 1n);
    assert.equal(feeOn(0n, 600_000n), 0n);
    assert.equal(feeOn(1_000n, 0n), 0n);
  });

  await t.step("discounts", () => {
    // 298 211 − ⌊298 211 × 1 000 / 10^4⌋ = 298 211 − 29 821 = 268 390.
    assert.equal(applyDiscount(298_211n, 1_000n), 268_390n);
    assert.equal(applyDiscount(298_211n, 0n), 298_211n);
    assert.equal(applyDiscount(298_211n, 10_000n), 0n);
    assert.equal(applyDiscount(298_211n, 20_000n), 0n); // clamped at 100 %
    // Privilege: NONE → nothing on-chain, so nothing quoted; STAKE/REFERRAL → percent × 100.
    assert.equal(discountBpsFor("NONE", 50), 0n);
    assert.equal(discountBpsFor("STAKE", 12.5), 1_250n);
    assert.equal(discountBpsFor("REFERRAL", "10"), 1_000n);
    assert.equal(discountBpsFor("STAKE"), 0n);
    const stake = {
      level: 2,
      tradeTimestamp: 1_000n,
      tradeCounter: 3,
      tradeLimit: 5,
      tradingDiscount: [25_000_000n, 50_000_000n, 75_000_000n, 100_000_000n, 110_000_000n, 120_000_000n],
      nowUnix: 2_000n,
    };
    // Level 2 → trading_discount[1] = 50 000 000 RATE = 5 % → ⌊50 000 000 / 10^5⌋ = 500 BPS.
    assert.equal(stakeDiscountBps(stake), 500n);
    // 6 trades (> limit 5) within the hour → no discount; an hour later it is back.
    assert.equal(stakeDiscountBps({ ...stake, tradeCounter: 6 }), 0n);
    assert.equal(stakeDiscountBps({ ...stake, tradeCounter: 6, nowUnix: 4_600n }), 500n);
    assert.equal(stakeDiscountBps({ ...stake, level: 0 }), 0n);
  });

  await t.step("entry, exit and volatility fees, fee amounts, spread cost", () => {
    // Entry on $497.017891 at 0.06 % with 10 % discount: before 298 211, after 268 390.
    assert.deepEqual(entryFee(497_017_891n, 600_000n, 1_000n), { feeUsd: 268_390n, feeUsdBeforeDiscount: 298_211n });
    assert.deepEqual(entryFee(0n, 600_000n), { feeUsd: 0n, feeUsdBeforeDiscount: 0n });
    // Exit on $1 500 at 0.06 %: 900 000, no discount.
    assert.deepEqual(exitFee(1_500_000_000n, 600_000n), { feeUsd: 900_000n, feeUsdBeforeDiscount: 900_000n });
    // Volatility 0.1 % on $1 500 only when volatile.
    assert.equal(volatilityFee(1_500_000_000n, 1_000_000n, true), 1_500_000n);
    assert.equal(volatilityFee(1_500_000_000n, 1_000_000n, false), 0n);
    // $0.90 in SOL at 150: ⌊900 000 × 10^11 / 15 000 000 000⌋ = 6 000 000 lamports; in USDC (stable) 900 000.
    assert.equal(feeAmount(900_000n, px(15_000_000_000n), { decimals: 9, tokenAmountMultiplier: 0n }), 6_000_000n);
    assert.equal(feeAmount(900_000n, px(100_000_000n), { decimals: 6, tokenAmountMultiplier: 0n }), 900_000n);
    // Price impact of filling 3.310139164 SOL at 150.15015 instead of 150:
    // |Δ| = 15 015 000 → 3 310 139 164 × 15 015 000 / 10^11 = 497 017 ($0.497).
    assert.equal(spreadCostUsd(px(15_000_000_000n), px(15_015_015_000n), 3_310_139_164n, 9), 497_017n);
    assert.equal(spreadCostUsd(px(15_000_000_000n), px(15_000_000_000n), 3_310_139_164n, 9), 0n);
  });
});

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
