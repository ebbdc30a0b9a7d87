import assert from "node:assert/strict";
import {
  closeQuote,
  closeRatio,
  exitValueUsd,
  isFullClose,
  settleClose,
  sizeDeltaForUsd,
  splitPosition,
} from "../../../src/domain/math/close.ts";
import { makeCustody, makePosition, NOW, px, USDC_PRICE } from "../_helpers.ts";

Deno.test("partial-close arithmetic", async (t) => {
  await t.step("DECISIONS 5.6: the 97 % full-close threshold", () => {
    assert.equal(isFullClose(0n, 1_500_000_000n, { askedZero: true }), true); // "0" means everything
    // A non-zero amount that parses to 0 micro-USD ("0.0000001") asks for nothing, not for everything.
    assert.equal(isFullClose(0n, 1_500_000_000n), false);
    assert.equal(isFullClose(1_455_000_000n, 1_500_000_000n), true); // 97.00 %
    assert.equal(isFullClose(1_454_999_999n, 1_500_000_000n), false); // just below
    assert.equal(isFullClose(2_000_000_000n, 1_500_000_000n), true); // more than the size
    assert.equal(isFullClose(1n, 1_500_000_000n, { closeAll: true }), true); // closeAll
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

Deno.test("DECISIONS 5.11: a full close's exit fee at the exit price when asked (earlier interface)", () => {
  const position = makePosition(); // 10 SOL @150 ($1 500 entry-valued), long
  const input = {
    position,
    side: "Long" as const,
    targetPrice: px(16_000_000_000n), // 160.00
    targetCustody: makeCustody({ decimals: 9 }),
    collateralPrice: px(16_000_000_000n),
    collateralCustody: makeCustody({ decimals: 9 }),
    nowUnix: NOW,
    sizeDeltaUsd: 0n,
    full: true,
  };
  const entryBased = closeQuote(input);
  const exitBased = closeQuote({ ...input, exitFeeAtExitPrice: true });
  const exit = entryBased.pnl.exitPrice.price;
  // 10 SOL at the exit price, times the close rate, rounded up (fees.feeOn).
  const value = (10_000_000_000n * exit) / 10n ** 11n;
  const rate = input.targetCustody.fees.closePosition;
  assert.equal(exitValueUsd(position, "Long", input.targetPrice, input.targetCustody.pricing), value);
  assert.equal(exitBased.exitFeeUsd, (value * rate + 999_999_999n) / 1_000_000_000n);
  assert.equal(entryBased.exitFeeUsd, (1_500_000_000n * rate + 999_999_999n) / 1_000_000_000n);
  assert.ok(exitBased.exitFeeUsd > entryBased.exitFeeUsd); // the price rose from 150 to ~160
  assert.equal(exitBased.receiveUsd, entryBased.receiveUsd - (exitBased.exitFeeUsd - entryBased.exitFeeUsd));
  // A partial close keeps the entry-valued base either way.
  const partial = { ...input, full: false, sizeDeltaUsd: 500_000_000n };
  assert.equal(closeQuote({ ...partial, exitFeeAtExitPrice: true }).exitFeeUsd, closeQuote(partial).exitFeeUsd);
});
