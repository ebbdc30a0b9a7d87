import assert from "node:assert/strict";
import { openQuote, sizeFromLeverage, sizeUsdForCollateral } from "../../../src/domain/math/open.ts";
import { makeCustody, makePosition, NOW, px, USDC_PRICE } from "../_helpers.ts";

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
