import assert from "node:assert/strict";
import {
  closeQuote,
  closeRatio,
  isFullClose,
  maxAddableCollateralUsd,
  maxWithdrawableCollateralUsd,
  openQuote,
  reverseCollateralUsd,
  reverseHaircutUsd,
  settleClose,
  sizeDeltaForUsd,
  sizeFromLeverage,
  sizeUsdForCollateral,
  splitPosition,
} from "../../../src/domain/math/mod.ts";
import { makeCustody, makePosition, NOW, px, USDC_PRICE } from "../fixtures.ts";

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

Deno.test("partial-close arithmetic", async (t) => {
  await t.step("DECISIONS 5.6: the 97 % full-close threshold", () => {
    assert.equal(isFullClose(0n, 1_500_000_000n), true); // "0" means everything
    assert.equal(isFullClose(1_455_000_000n, 1_500_000_000n), true); // 97.00 %
    assert.equal(isFullClose(1_454_999_999n, 1_500_000_000n), false); // just below
    assert.equal(isFullClose(2_000_000_000n, 1_500_000_000n), true); // more than the size
    assert.equal(isFullClose(1n, 1_500_000_000n, true), true); // closeAll
  });

  await t.step("USD → size delta (choice: proportional), ratio, split", () => {
    const p = makePosition();
    assert.equal(sizeDeltaForUsd(p, 750_000_000n), 5_000_000_000n); // half
    assert.equal(sizeDeltaForUsd(p, 9_999_999_999n), 10_000_000_000n); // capped
    assert.equal(sizeDeltaForUsd(p, 1n), 6n); // ⌊10^10 × 1 / 1.5·10^9⌋
    assert.equal(sizeDeltaForUsd(p, 0n), 0n);
    assert.equal(closeRatio(5_000_000_000n, 10_000_000_000n, 9), 500_000_000n); // 50 % at 10^9
    // 3 SOL of 10: r = 3·10^8; size_usd ⌊1.5·10^9 × 0.3⌋ = 450 000 000, collateral 90 000 000, locked 540 000 000.
    const { closed, remaining } = splitPosition(p, 3_000_000_000n);
    assert.equal(closed.sizeUsd, 450_000_000n);
    assert.equal(closed.collateralUsd, 90_000_000n);
    assert.equal(closed.lockedAmount, 540_000_000n);
    assert.equal(remaining.sizeAmount, 7_000_000_000n);
    assert.equal(remaining.sizeUsd, 1_050_000_000n);
    assert.equal(remaining.collateralUsd, 210_000_000n);
  });

  await t.step("settlement", () => {
    const s = {
      profitUsd: 100_000_000n,
      lossUsd: 0n,
      priceImpactUsd: 0n,
      collateralUsd: 300_000_000n,
      lockedValueUsd: 1_800_000_000n,
      exitFeeUsd: 900_000n,
      borrowFeeUsd: 150_000n,
    };
    // assets = min(400, 1 800) = 400; liabilities 1.05 → receive 398.95.
    assert.deepEqual(settleClose(s), { receiveUsd: 398_950_000n, feesUsd: 1_050_000n, solvent: true });
    // Profit beyond the lock: assets = min(2 300, 1 800) = 1 800.
    assert.equal(settleClose({ ...s, profitUsd: 2_000_000_000n }).receiveUsd, 1_798_950_000n);
    // Insolvent: loss 299.5 → assets 300 < 300.55 → receive 0, fees collected = 300 − 299.5 = 0.5.
    assert.deepEqual(settleClose({ ...s, profitUsd: 0n, lossUsd: 299_500_000n }), {
      receiveUsd: 0n,
      feesUsd: 500_000n,
      solvent: false,
    });
    // Loss above collateral: nothing left for fees.
    assert.deepEqual(settleClose({ ...s, profitUsd: 0n, lossUsd: 310_000_000n }), {
      receiveUsd: 0n,
      feesUsd: 0n,
      solvent: false,
    });
  });
});

Deno.test("close quotes", async (t) => {
  const sol = makeCustody({ pricing: { tradeSpreadMin: 0n, tradeSpreadMax: 0n } });
  const usdc = makeCustody({ decimals: 6, isStable: true, borrowRateState: { lastUpdate: NOW - 3_600n } });
  const input = {
    position: makePosition(),
    side: "Long" as const,
    targetPrice: px(16_000_000_000n),
    targetCustody: sol,
    collateralPrice: USDC_PRICE,
    collateralCustody: usdc,
    nowUnix: NOW,
  };

  await t.step("full close of a long with USDC collateral", () => {
    const q = closeQuote({ ...input, sizeDeltaUsd: 0n, full: true });
    // profit $100; exit 900 000; borrow ⌊10 000 × 1.5·10^9 / 10^9⌋ = 15 000; receive 400 − 0.915 = 399.085.
    assert.equal(q.full, true);
    assert.equal(q.settledPnlUsd, 100_000_000n);
    assert.equal(q.feesUsd, 915_000n);
    assert.equal(q.receiveUsd, 399_085_000n);
    assert.equal(q.receiveAmount, 399_085_000n);
    assert.equal(q.newPosition.sizeAmount, 0n);
    assert.equal(q.newLeverageBps, 0n);
    assert.deepEqual(q.newLiquidationPrice, px(0n));
  });

  await t.step("partial close (50 %), proceeds withdrawn (v2)", () => {
    const q = closeQuote({ ...input, sizeDeltaUsd: 750_000_000n, full: false });
    // closed: 5 SOL, $750, collateral $150, locked $900; profit $50; exit 450 000; borrow 7 500.
    assert.equal(q.sizeDeltaAmount, 5_000_000_000n);
    assert.equal(q.exitFeeUsd, 450_000n);
    assert.equal(q.borrowFeeUsd, 7_500n);
    assert.equal(q.receiveUsd, 199_542_500n); // 200 − 0.4575
    assert.equal(q.newPosition.collateralUsd, 150_000_000n);
    // remaining: margin 150 + 50 − 0.45 − 0.0075 = 199.5425 → ⌊750 × 10^4 / 199.5425⌋ = 37 585.
    assert.equal(q.newLeverageBps, 37_585n);
    // L = 7 500 000 + 450 000 + 7 500 = 7 957 500; Δ = 142 042 500 × 10^12 / 5·10^9 = 28 408 500 000 (−9) → 121.5915.
    assert.deepEqual(q.newLiquidationPrice, px(12_159_150_000n));
  });

  await t.step("earlier interface: proceeds retained, or capped by keepLeverageSame", () => {
    const retained = closeQuote({ ...input, sizeDeltaUsd: 750_000_000n, full: false, proceeds: "retain" });
    assert.equal(retained.receiveUsd, 0n);
    assert.equal(retained.newPosition.collateralUsd, 349_542_500n); // 150 + 199.5425
    // keepLeverageSame with min collateral $300 (×1.05 = 315): at most 349.5425 − 315 = 34.5425 paid out.
    const keep = closeQuote({
      ...input,
      targetCustody: makeCustody({
        pricing: { tradeSpreadMin: 0n, tradeSpreadMax: 0n, minCollateralUsd: 300_000_000 },
      }),
      sizeDeltaUsd: 750_000_000n,
      full: false,
      proceeds: "keepLeverageSame",
    });
    assert.equal(keep.receiveUsd, 34_542_500n);
    assert.equal(keep.newPosition.collateralUsd, 315_000_000n);
  });

  await t.step("short with a loss and a discount", () => {
    // Short 10 SOL @150 at 160: loss $100; exit 900 000 − 10 % = 810 000; borrow 15 000.
    const q = closeQuote({ ...input, side: "Short", sizeDeltaUsd: 0n, full: true, discountBps: 1_000n });
    assert.equal(q.settledPnlUsd, -100_000_000n);
    assert.equal(q.exitFeeBeforeDiscountUsd, 900_000n);
    assert.equal(q.exitFeeUsd, 810_000n);
    assert.equal(q.feesBeforeDiscountUsd, 915_000n);
    assert.equal(q.receiveUsd, 199_175_000n); // 300 − 100 − 0.825
  });
});

Deno.test("open and increase", async (t) => {
  const sol = makeCustody();
  const usdc = makeCustody({ decimals: 6, isStable: true });
  await t.step("size from collateral and leverage", () => {
    // S = C·L / (1 + 2fL): 100 × 5 / (1 + 2 × 0.0006 × 5) = 497.0178926… → 497 017 892.
    assert.equal(sizeUsdForCollateral(100_000_000n, 50_000n, 600_000n), 497_017_892n);
    // 10 % discount: f = 0.00054 → 500 / 1.0054 = 497.314…
    assert.equal(sizeUsdForCollateral(100_000_000n, 50_000n, 600_000n, 1_000n), 497_314_501n);
    assert.equal(sizeUsdForCollateral(0n, 50_000n, 600_000n), 0n);
    // Entry for $497.017892: spread 1 000 + ⌊40 000 × 497 017 892 / 10^13⌋ = 1 001 → 150.15015;
    // amount = 497.0178926… / 150.15015 = 3.3101391683… → 3 310 139 168 (the exact S is divided, as the SDK does).
    const r = sizeFromLeverage({
      collateralUsd: 100_000_000n,
      leverageBps: 50_000n,
      side: "Long",
      targetPrice: px(15_000_000_000n),
      targetCustody: sol,
    });
    assert.equal(r.sizeUsd, 497_017_892n);
    assert.deepEqual(r.entryPrice, px(15_015_015_000n));
    assert.equal(r.sizeAmount, 3_310_139_168n);
  });

  await t.step("new long (PROTOCOL-v2 §5.10 inputs)", () => {
    const q = openQuote({
      position: null,
      side: "Long",
      collateralDeltaAmount: 100_000_000n,
      sizeDeltaAmount: 3_310_139_164n,
      targetPrice: px(15_000_000_000n),
      targetCustody: sol,
      collateralPrice: USDC_PRICE,
      collateralCustody: usdc,
      market: { correlation: false, maxPayoffBps: 10_000n },
      nowUnix: NOW,
    });
    // usd at oracle 496 520 874 → spread 1 001 → entry 150.15015; size_usd ⌊3 310 139 164 × 15 015 015 000 / 10^11⌋
    // = 497 017 891; fee ⌈298 210.73⌉ = 298 211 (the reference's SDK figure is 298 210).
    assert.deepEqual(q.entryPrice, px(15_015_015_000n));
    assert.equal(q.sizeDeltaUsd, 497_017_891n);
    assert.equal(q.feeUsd, 298_211n);
    assert.equal(q.feeAmount, 298_211n);
    // Choice: the fee leaves the collateral: 100 − 0.298211 = 99.701789.
    assert.equal(q.newPosition.collateralUsd, 99_701_789n);
    // ⌊497 017 891 × 10^4 / 99 701 789⌋ = 49 850 (4.98×).
    assert.equal(q.newLeverageBps, 49_850n);
    // L = 4 970 178 + 298 211 = 5 268 389; C − L = 94 433 400 → Δ(−9) 28 528 528 657 → 150.15015 − 28.52852865.
    assert.deepEqual(q.newLiquidationPrice, px(12_162_162_135n));
    // locked = (497.017891 + 99.701789) × 100 % = $596.71968 in USDC.
    assert.equal(q.newPosition.lockedUsd, 596_719_680n);
    assert.equal(q.newPosition.lockedAmount, 596_719_680n);
  });

  await t.step("short with a discount and SOL collateral amount conversion", () => {
    const q = openQuote({
      position: null,
      side: "Short",
      collateralDeltaAmount: 100_000_000n,
      sizeDeltaAmount: 3_310_139_164n,
      targetPrice: px(15_000_000_000n),
      targetCustody: sol,
      collateralPrice: USDC_PRICE,
      collateralCustody: usdc,
      nowUnix: NOW,
      discountBps: 1_000n,
    });
    // Short entry 150 − 0.15015 = 149.84985; size_usd ⌊3 310 139 164 × 14 984 985 000 / 10^11⌋ = 496 023 857;
    // fee ⌈297 614.31⌉ = 297 615, after 10 %: 297 615 − 29 761 = 267 854.
    assert.deepEqual(q.entryPrice, px(14_984_985_000n));
    assert.equal(q.sizeDeltaUsd, 496_023_857n);
    assert.equal(q.feeUsdBeforeDiscount, 297_615n);
    assert.equal(q.feeUsd, 267_854n);
  });

  await t.step("increase: weighted average entry, existing borrow fee", () => {
    const usdcAccruing = makeCustody({ decimals: 6, isStable: true, borrowRateState: { lastUpdate: NOW - 3_600n } });
    const flat = makeCustody({ pricing: { tradeSpreadMin: 0n, tradeSpreadMax: 0n } });
    const q = openQuote({
      position: makePosition(),
      side: "Long",
      collateralDeltaAmount: 0n,
      sizeDeltaAmount: 10_000_000_000n,
      targetPrice: px(17_000_000_000n),
      targetCustody: flat,
      collateralPrice: USDC_PRICE,
      collateralCustody: usdcAccruing,
      nowUnix: NOW,
    });
    // (150 × 10 + 170 × 10) / 20 = 160; size_usd 1 500 + 1 700 = 3 200; fee ⌈1 700 × 0.06 %⌉ = 1 020 000.
    assert.deepEqual(q.entryPrice, px(16_000_000_000n));
    assert.equal(q.newPosition.sizeAmount, 20_000_000_000n);
    assert.equal(q.newPosition.sizeUsd, 3_200_000_000n);
    assert.equal(q.feeUsd, 1_020_000n);
    assert.equal(q.borrowFeeUsd, 15_000n);
    assert.equal(q.newPosition.collateralUsd, 298_980_000n);
    // leverage = 3 200 / (298.98 − 0.015) = 10.70… → ⌊3.2·10^13 / 298 965 000⌋ = 107 035.
    assert.equal(q.newLeverageBps, 107_035n);
  });

  await t.step("an emptied position slot opens afresh", () => {
    const emptied = makePosition({
      sizeAmount: 0n,
      sizeUsd: 0n,
      collateralUsd: 0n,
      sizeDecimals: 0,
      entryPrice: px(0n, 0),
    });
    const fresh = {
      side: "Long" as const,
      collateralDeltaAmount: 100_000_000n,
      sizeDeltaAmount: 3_310_139_164n,
      targetPrice: px(15_000_000_000n),
      targetCustody: sol,
      collateralPrice: USDC_PRICE,
      collateralCustody: usdc,
      nowUnix: NOW,
    };
    const a = openQuote({ ...fresh, position: emptied });
    const b = openQuote({ ...fresh, position: null });
    assert.deepEqual(a.newLiquidationPrice, b.newLiquidationPrice);
    assert.equal(a.newPosition.sizeDecimals, 9);
    assert.deepEqual(a.entryPrice, px(15_015_015_000n));
  });

  await t.step("volatility fee and a pure collateral add", () => {
    const q = openQuote({
      position: makePosition(),
      side: "Long",
      collateralDeltaAmount: 50_000_000n,
      sizeDeltaAmount: 0n,
      targetPrice: px(15_000_000_000n),
      targetCustody: sol,
      collateralPrice: USDC_PRICE,
      collateralCustody: usdc,
      nowUnix: NOW,
      volatile: true,
    });
    assert.equal(q.feeUsd, 0n);
    assert.equal(q.volatilityFeeUsd, 0n); // no size, no fee
    assert.equal(q.newPosition.collateralUsd, 350_000_000n);
    assert.throws(
      () =>
        openQuote({
          ...{
            position: null,
            side: "Long",
            collateralDeltaAmount: -1n,
            sizeDeltaAmount: 0n,
            targetPrice: px(1n),
            targetCustody: sol,
            collateralPrice: USDC_PRICE,
            collateralCustody: usdc,
            nowUnix: NOW,
          },
        }),
      RangeError,
    );
  });
});

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
