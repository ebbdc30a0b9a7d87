import assert from "node:assert/strict";
import {
  applyDiscount,
  discountBpsFor,
  entryFee,
  exitFee,
  feeAmount,
  feeOn,
  spreadCostUsd,
  stakeDiscountBps,
  volatilityFee,
} from "../../../src/domain/math/fees.ts";
import { px } from "../_helpers.ts";

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
