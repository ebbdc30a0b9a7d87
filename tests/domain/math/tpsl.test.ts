import assert from "node:assert/strict";
import {
  pnlForRoi,
  sizeAtUsdDecimals,
  triggerPnl,
  triggerPriceForPnl,
  triggerPriceForRoi,
} from "../../../src/domain/math/tpsl.ts";
import { makePosition, NOW, px, USDC_PRICE } from "../_helpers.ts";

Deno.test("TP/SL previews", async (t) => {
  await t.step("reverse_roi (PROTOCOL-v1 §5.13 worked numbers)", () => {
    // ROI 50 % of $99.745 = 49 872 500; A₆ = 3 366 000; Δ = ⌊(49 872 500 + 254 924) × 10^8 / 3 366 000⌋ = 1 489 228 282
    // → short trigger 148.50 − 14.89228282 = 133.60771718.
    const rest = {
      exitFeeUsd: 254_924n,
      sizeAmount: 3_366_000_000n,
      sizeDecimals: 9,
      entryPrice: px(14_850_000_000n),
      side: "Short" as const,
    };
    assert.deepEqual(triggerPriceForRoi(50, 99_745_000n, rest), px(13_360_771_718n));
    assert.deepEqual(triggerPriceForRoi("50", 99_745_000n, rest), px(13_360_771_718n));
    // Forward check: 3.366 × 14.89228282 = 50.127423… → profit 50 127 423 = target + fee − 1 (truncation).
    const fwd = triggerPnl({
      position: makePosition({
        entryPrice: px(14_850_000_000n),
        sizeAmount: 3_366_000_000n,
        sizeUsd: 499_851_000n,
        collateralUsd: 99_745_000n,
        lockedAmount: 1_000_000_000n,
      }),
      side: "Short",
      triggerPrice: px(13_360_771_718n),
      targetPricing: { tradeSpreadMin: 0n, tradeSpreadMax: 0n, maxPositionSizeUsd: 1n, delaySeconds: 0n },
      collateralPrice: USDC_PRICE,
      collateralCustody: { decimals: 6, tokenAmountMultiplier: 0n },
      nowUnix: NOW,
      closePositionRate: 510_000n,
    });
    assert.equal(fwd.profitUsd, 50_127_423n);
    assert.equal(fwd.exitFeeUsd, 254_925n); // ⌈499 851 000 × 510 000 / 10^9⌉ = ⌈254 924.01⌉
    // pnl% = ⌊50 127 423 × 10^4 / 99 745 000⌋ = 5 025 (50.25 %).
    assert.equal(fwd.pnlPercentBps, 5_025n);
  });

  await t.step("reverse_pnl long TP and SL, unreachable targets", () => {
    const rest = {
      exitFeeUsd: 900_000n,
      sizeAmount: 10_000_000_000n,
      sizeDecimals: 9,
      entryPrice: px(15_000_000_000n),
      side: "Long" as const,
    };
    // TP +$100: Δ = (100 000 000 + 900 000) × 10^8 / 10 000 000 = 1 009 000 000 → 160.09.
    assert.deepEqual(triggerPriceForPnl({ ...rest, targetPnlUsd: 100_000_000n }), px(16_009_000_000n));
    // SL −$20 (signed): Δ = −19 100 000 × 10^8 / 10^7 = −191 000 000 → 148.09.
    assert.deepEqual(triggerPriceForPnl({ ...rest, targetPnlUsd: -20_000_000n }), px(14_809_000_000n));
    // A short cannot make $2 000 on 10 SOL @150 (needs a price below 0) → null.
    assert.equal(triggerPriceForPnl({ ...rest, side: "Short", targetPnlUsd: 2_000_000_000n }), null);
    // Size below one micro-unit (9 dp → 6 dp truncates to 0) → null.
    assert.equal(triggerPriceForPnl({ ...rest, sizeAmount: 999n, targetPnlUsd: 1n }), null);
    assert.equal(sizeAtUsdDecimals(5n, 4), 500n); // fewer decimals scale up
    assert.equal(pnlForRoi("12.5", 300_000_000n), 37_500_000n);
    assert.equal(pnlForRoi(-50, 300_000_000n), -150_000_000n);
    assert.equal(pnlForRoi("0.0000001", 300_000_000n), 0n);
  });

  await t.step("forward with the exit spread and the delay window", () => {
    const position = makePosition({ updateTime: NOW - 10n });
    const pricing = {
      tradeSpreadMin: 1_000n,
      tradeSpreadMax: 5_000n,
      maxPositionSizeUsd: 1_000_000_000_000n,
      delaySeconds: 60n,
    };
    const r = triggerPnl({
      position,
      side: "Long",
      triggerPrice: px(16_000_000_000n),
      targetPricing: pricing,
      collateralPrice: USDC_PRICE,
      collateralCustody: { decimals: 6, tokenAmountMultiplier: 0n },
      nowUnix: NOW,
      closePositionRate: 600_000n,
    });
    // Within the 60 s window the profit is frozen at reference 150 → 0.
    assert.equal(r.profitUsd, 0n);
    const later = triggerPnl({
      position,
      side: "Long",
      triggerPrice: px(16_000_000_000n),
      targetPricing: pricing,
      collateralPrice: USDC_PRICE,
      collateralCustody: { decimals: 6, tokenAmountMultiplier: 0n },
      nowUnix: NOW + 3_600n,
      closePositionRate: 600_000n,
    });
    // exit 159.83904 (spread 1 006) → 98.3904; net of the $0.90 exit fee 97.4904.
    assert.equal(later.profitUsd, 98_390_400n);
    assert.equal(later.netPnlUsd, 97_490_400n);
  });
});
