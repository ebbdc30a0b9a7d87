/**
 * The worked numbers of the references (PROTOCOL-v1 §5 "Checked", reproduced there by running flash-sdk 15.17.2;
 * PROTOCOL-v2 §5.10 worked example), recomputed by the domain core. Where a figure differs, it is because of a
 * documented choice (program rounding: fees round up) and the test states both numbers.
 */
import assert from "node:assert/strict";
import { entryFee } from "../../../src/domain/math/fees.ts";
import { liquidationPrice } from "../../../src/domain/math/liquidation.ts";
import { openQuote, sizeFromLeverage, sizeUsdForCollateral } from "../../../src/domain/math/open.ts";
import { tokenAmount, usdValue } from "../../../src/domain/math/oracle.ts";
import { positionPnl } from "../../../src/domain/math/pnl.ts";
import { entryPriceForSize, exitPriceForSize, priceWithSlippage } from "../../../src/domain/math/spread.ts";
import { triggerPriceForRoi } from "../../../src/domain/math/tpsl.ts";
import { makeCustody, makePosition, NOW, px, USDC_PRICE } from "../_helpers.ts";

// PROTOCOL-v1's synthetic SOL custody: spread 100 → 1 100 over $1 M, open/close fee 510 000 (0.051 %).
const v1Sol = makeCustody({
  pricing: { tradeSpreadMin: 100n, tradeSpreadMax: 1_100n, maxPositionSizeUsd: 1_000_000_000_000n },
  fees: { openPosition: 510_000n, closePosition: 510_000n },
});
const usdc = makeCustody({ decimals: 6, isStable: true });
const SOL_14852 = px(14_852_000_000n);

Deno.test("PROTOCOL-v1 §5 checked numbers", async (t) => {
  await t.step("§5.1 conversions", () => {
    assert.equal(usdValue(1_500_000_000n, 9, SOL_14852), 222_780_000n);
    assert.equal(tokenAmount(100_000_000n, 9, SOL_14852), 673_309_991n);
  });

  await t.step("§5.2 spread and entry/exit prices", () => {
    assert.deepEqual(entryPriceForSize("Long", SOL_14852, v1Sol.pricing, 500_000_000n), px(14_853_485_200n));
    assert.deepEqual(entryPriceForSize("Short", SOL_14852, v1Sol.pricing, 500_000_000n), px(14_850_514_800n));
    assert.deepEqual(exitPriceForSize("Long", SOL_14852, v1Sol.pricing, 500_000_000n), px(14_850_514_800n));
  });

  await t.step("§5.3 slippage", () => {
    assert.deepEqual(priceWithSlippage(true, "Long", SOL_14852, 50n), px(14_926_260_000n));
    assert.deepEqual(priceWithSlippage(true, "Short", SOL_14852, 50n), px(14_777_740_000n));
  });

  await t.step("§5.4 size from leverage: $100 USDC, 5×, short SOL @148.52 → 3 349 802 654", () => {
    const r = sizeFromLeverage({
      collateralUsd: 100_000_000n,
      leverageBps: 50_000n,
      side: "Short",
      targetPrice: SOL_14852,
      targetCustody: v1Sol,
    });
    assert.equal(r.sizeAmount, 3_349_802_654n);
  });

  await t.step("§5.5 entry fee: 253 706 (SDK, floor) → 253 707 here (ceil); discounted 228 336 → 228 337", () => {
    const q = openQuote({
      position: null,
      side: "Short",
      collateralDeltaAmount: 100_000_000n,
      sizeDeltaAmount: 3_349_802_654n,
      targetPrice: SOL_14852,
      targetCustody: v1Sol,
      collateralPrice: USDC_PRICE,
      collateralCustody: usdc,
      nowUnix: NOW,
      discountBps: 1_000n,
    });
    assert.deepEqual(q.entryPrice, px(14_850_514_800n)); // 148.505148
    // size_usd ⌊3 349 802 654 × 14 850 514 800 / 10^11⌋ = 497 462 938; × 0.051 % = 253 706.098.
    assert.equal(q.sizeDeltaUsd, 497_462_938n);
    assert.equal(q.feeUsdBeforeDiscount, 253_707n);
    assert.equal(q.feeUsd, 228_337n); // 253 707 − 25 370
    assert.equal(entryFee(497_462_938n, 510_000n, 1_000n).feeUsd, 228_337n);
  });

  await t.step("§5.7 borrow fee and §5.8 PnL: short 3.366 SOL @148.50, price 140 → exit 140.014, +$28.563876", () => {
    const r = positionPnl({
      position: makePosition({
        entryPrice: px(14_850_000_000n),
        sizeAmount: 3_366_000_000n,
        sizeUsd: 499_851_000n,
        collateralUsd: 99_745_000n,
        lockedAmount: 1_000_000_000n,
      }),
      side: "Short",
      targetPrice: px(14_000_000_000n),
      targetPricing: { ...v1Sol.pricing, delaySeconds: 0n },
      collateralPrice: USDC_PRICE,
      collateralCustody: usdc,
      nowUnix: NOW,
    });
    assert.deepEqual(r.exitPrice, px(14_001_400_000n));
    assert.equal(r.profitUsd, 28_563_876n);
  });

  await t.step("§5.13 reverse ROI → 133.60771718", () => {
    const t = triggerPriceForRoi(50, 99_745_000n, {
      exitFeeUsd: 254_924n,
      sizeAmount: 3_366_000_000n,
      sizeDecimals: 9,
      entryPrice: px(14_850_000_000n),
      side: "Short",
    });
    assert.deepEqual(t, px(13_360_771_718n));
  });
});

Deno.test("PROTOCOL-v2 §5.10 worked example (SOL long, 100 USDC at 5×)", async (t) => {
  const sol = makeCustody(); // spread 1 000 → 5 000 over $1 M, fees 0.06 %, max leverage 100×
  await t.step("sizing: S = 497 017 892, spread 1 001, entry 150.15015", () => {
    assert.equal(sizeUsdForCollateral(100_000_000n, 50_000n, 600_000n), 497_017_892n);
    const r = sizeFromLeverage({
      collateralUsd: 100_000_000n,
      leverageBps: 50_000n,
      side: "Long",
      targetPrice: px(15_000_000_000n),
      targetCustody: sol,
    });
    assert.deepEqual(r.entryPrice, px(15_015_015_000n));
    // The reference divides the truncated S (497.017892) and gets 3 310 139 164; the SDK (and this core) divide the
    // exact S = 497.01789264… and get 3 310 139 168.
    assert.equal(r.sizeAmount, 3_310_139_168n);
  });
  await t.step("fee and liquidation: reference 298 210 / 12 162 162 074, here 298 211 / 12 162 162 135", () => {
    const q = openQuote({
      position: null,
      side: "Long",
      collateralDeltaAmount: 100_000_000n,
      sizeDeltaAmount: 3_310_139_164n,
      targetPrice: px(15_000_000_000n),
      targetCustody: sol,
      collateralPrice: USDC_PRICE,
      collateralCustody: usdc,
      nowUnix: NOW,
    });
    assert.equal(q.feeUsd, 298_211n);
    assert.equal(q.newPosition.collateralUsd, 99_701_789n);
    assert.deepEqual(q.newLiquidationPrice, px(12_162_162_135n));
    // With the reference's floored fee (298 210 in both the collateral and the liabilities) the same formula gives
    // the reference's figure: L = 4 970 178 + 298 210 = 5 268 388; Δ(−9) = 28 528 529 261 → 121.62162074.
    const reference = liquidationPrice({
      side: "Long",
      entryPrice: px(15_015_015_000n),
      sizeAmount: 3_310_139_164n,
      sizeDecimals: 9,
      sizeUsd: 497_017_891n,
      collateralUsd: 99_701_790n - 298_210n, // liabilities' fee folded into the collateral, fee term below is 0
      closePositionRate: 0n,
      maxLeverage: 1_000_000,
      borrowFeeUsd: 0n,
    });
    assert.deepEqual(reference, px(12_162_162_074n));
  });
});
