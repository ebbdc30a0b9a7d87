import assert from "node:assert/strict";
import {
  displayLeverageBps,
  initialMarginUsd,
  isDegen,
  leverageBps,
  leverageToBps,
  liquidationPrice,
  lockedAmountFor,
  lockedUsdFor,
  maintenanceLeverage,
  marginWithPnlUsd,
  maxProfitPrice,
  pnlPercentBps,
  pnlWithFeeUsd,
  pnlWithoutFeeUsd,
  positionLiquidationPrice,
  positionMetrics,
  positionPnl,
} from "../../../src/domain/math/mod.ts";
import { makeCustody, makePosition, NOW, px, USDC_PRICE } from "../fixtures.ts";

const flat = { tradeSpreadMin: 0n, tradeSpreadMax: 0n, maxPositionSizeUsd: 1_000_000_000_000n, delaySeconds: 0n };
const USDC = { decimals: 6, tokenAmountMultiplier: 0n };

function pnlAt(side: "Long" | "Short", price: bigint, over = {}, pricing = flat) {
  return positionPnl({
    position: makePosition(over),
    side,
    targetPrice: px(price),
    targetPricing: pricing,
    collateralPrice: USDC_PRICE,
    collateralCustody: USDC,
    nowUnix: NOW,
  });
}

Deno.test("PnL", async (t) => {
  await t.step("long and short, profit and loss (10 SOL @ 150, no spread)", () => {
    // Long at 160: (160 − 150) × 10 = $100 profit; at 140: $100 loss.
    assert.equal(pnlAt("Long", 16_000_000_000n).profitUsd, 100_000_000n);
    assert.equal(pnlAt("Long", 14_000_000_000n).lossUsd, 100_000_000n);
    // Short mirrors it.
    assert.equal(pnlAt("Short", 14_000_000_000n).profitUsd, 100_000_000n);
    assert.equal(pnlAt("Short", 16_000_000_000n).lossUsd, 100_000_000n);
    // At entry: zero both ways (a long at X = E counts as a zero loss).
    const even = pnlAt("Long", 15_000_000_000n);
    assert.equal(even.profitUsd + even.lossUsd, 0n);
  });

  await t.step("profit capped by the locked payout (stable collateral)", () => {
    // Locked 1 800 USDC = $1 800, collateral $300 → max profit $1 500. Long at 400: 250 × 10 = $2 500 → $1 500.
    assert.equal(pnlAt("Long", 40_000_000_000n).profitUsd, 1_500_000_000n);
    // Nothing locked above the collateral → no profit at all.
    assert.equal(pnlAt("Long", 40_000_000_000n, { lockedAmount: 300_000_000n }).profitUsd, 0n);
  });

  await t.step("non-stable, correlated collateral (SOL long backed by SOL)", () => {
    // Locked 12 SOL valued at the collateral price 160 = $1 920 → cap $1 620. Long at 160 → $100, not capped.
    const r = positionPnl({
      position: makePosition({ lockedAmount: 12_000_000_000n, lockedDecimals: 9, collateralDecimals: 9 }),
      side: "Long",
      targetPrice: px(16_000_000_000n),
      targetPricing: flat,
      collateralPrice: px(16_000_000_000n),
      collateralCustody: { decimals: 9, tokenAmountMultiplier: 0n },
      nowUnix: NOW,
    });
    assert.equal(r.profitUsd, 100_000_000n);
    // At 300 the gain would be $1 500 but the cap is 12 × 300 − 300 = $3 300 … the cap moves with the price.
    const far = positionPnl({
      position: makePosition({ lockedAmount: 12_000_000_000n, lockedDecimals: 9, collateralDecimals: 9 }),
      side: "Long",
      targetPrice: px(30_000_000_000n),
      targetPricing: flat,
      collateralPrice: px(30_000_000_000n),
      collateralCustody: { decimals: 9, tokenAmountMultiplier: 0n },
      nowUnix: NOW,
    });
    assert.equal(far.profitUsd, 1_500_000_000n);
  });

  await t.step("through the exit spread", () => {
    // size $1 500, spread 1 000 → 5 000 over $1 M: 1 000 + ⌊40 000 × 1 500 000 000 / 10^13⌋ = 1 006.
    // Long exit at 160: 16 000 000 000 − ⌊16 000 000 000 × 1 006 / 10^6⌋ = 15 983 904 000;
    // profit = 10 SOL × 9.83904 = 10 000 000 000 × 983 904 000 / 10^11 = 98 390 400.
    const spread = { ...flat, tradeSpreadMin: 1_000n, tradeSpreadMax: 5_000n };
    const r = pnlAt("Long", 16_000_000_000n, {}, spread);
    assert.deepEqual(r.exitPrice, px(15_983_904_000n));
    assert.equal(r.profitUsd, 98_390_400n);
    // A fresh long at the oracle price shows the spread as a loss: 10 × 0.1509 = $1.509.
    assert.equal(pnlAt("Long", 15_000_000_000n, {}, spread).lossUsd, 1_509_000n);
  });

  await t.step("delay window: profit frozen at the reference price", () => {
    const delayed = { ...flat, delaySeconds: 60n };
    const recent = { updateTime: NOW - 30n }; // within 60 s
    // Long at 160 within the window, reference 155: (155 − 150) × 10 = $50.
    assert.equal(
      pnlAt("Long", 16_000_000_000n, { ...recent, referencePrice: px(15_500_000_000n) }, delayed).profitUsd,
      50_000_000n,
    );
    // Reference below entry → no profit yet.
    assert.equal(
      pnlAt("Long", 16_000_000_000n, { ...recent, referencePrice: px(14_500_000_000n) }, delayed).profitUsd,
      0n,
    );
    // Short within the window, reference 145: (150 − 145) × 10 = $50.
    assert.equal(
      pnlAt("Short", 14_000_000_000n, { ...recent, referencePrice: px(14_500_000_000n) }, delayed).profitUsd,
      50_000_000n,
    );
    // Choice: an unset (0) reference gives no profit (the SDK would credit the whole entry price to a short).
    assert.equal(pnlAt("Short", 14_000_000_000n, { ...recent, referencePrice: px(0n, 0) }, delayed).profitUsd, 0n);
    // Losses are never delayed.
    assert.equal(pnlAt("Long", 14_000_000_000n, recent, delayed).lossUsd, 100_000_000n);
    // Exactly at update_time + delay still counts as inside (now > update + delay is required).
    assert.equal(
      pnlAt("Long", 16_000_000_000n, { updateTime: NOW - 60n, referencePrice: px(15_000_000_000n) }, delayed).profitUsd,
      0n,
    );
    assert.equal(pnlAt("Long", 16_000_000_000n, { updateTime: NOW - 61n }, delayed).profitUsd, 100_000_000n);
  });

  await t.step("equity market with a closed session: the last price is used as is", () => {
    // NVDA (virtual target, 8 dp) long backed by SPY (8 dp, multiplier 1.05). During a closed session the feed keeps
    // the last price (180.00); PnL is 2 NVDA × (180 − 170) = $20. The lock cap uses the multiplied SPY price:
    // locked 1 SPY × ⌊200 × 1.05⌋ = $210, collateral $50 → cap $160.
    const r = positionPnl({
      position: makePosition({
        entryPrice: px(17_000_000_000n),
        sizeAmount: 200_000_000n,
        sizeUsd: 340_000_000n,
        sizeDecimals: 8,
        collateralUsd: 50_000_000n,
        lockedAmount: 100_000_000n,
        referencePrice: px(17_000_000_000n),
      }),
      side: "Long",
      targetPrice: px(18_000_000_000n),
      targetPricing: flat,
      collateralPrice: px(20_000_000_000n),
      collateralCustody: { decimals: 8, tokenAmountMultiplier: 1_050_000_000n },
      nowUnix: NOW,
    });
    assert.equal(r.profitUsd, 20_000_000n);
    const capped = positionPnl({
      position: makePosition({
        entryPrice: px(17_000_000_000n),
        sizeAmount: 200_000_000n,
        sizeUsd: 340_000_000n,
        sizeDecimals: 8,
        collateralUsd: 50_000_000n,
        lockedAmount: 100_000_000n,
      }),
      side: "Long",
      targetPrice: px(30_000_000_000n),
      targetPricing: flat,
      collateralPrice: px(20_000_000_000n),
      collateralCustody: { decimals: 8, tokenAmountMultiplier: 1_050_000_000n },
      nowUnix: NOW,
    });
    assert.equal(capped.profitUsd, 160_000_000n);
  });

  await t.step("empty position, with/without fee, percentages", () => {
    assert.deepEqual(pnlAt("Long", 16_000_000_000n, { sizeUsd: 0n }).profitUsd, 0n);
    const pnl = { profitUsd: 100_000_000n, lossUsd: 0n, priceImpactUsd: 200_000n };
    assert.equal(pnlWithoutFeeUsd(pnl), 100_000_000n);
    // 100 − 0.9 exit − 0.15 borrow − 0.2 price impact (choice: deducted) = 98.75.
    assert.equal(pnlWithFeeUsd(pnl, 900_000n, 150_000n), 98_750_000n);
    assert.equal(pnlWithFeeUsd({ profitUsd: 0n, lossUsd: 5_000_000n, priceImpactUsd: 0n }, 900_000n, 0n), -5_900_000n);
    // $100 on $300 → ⌊10^8 × 10^4 / 3·10^8⌋ = 3 333 (33.33 %); −$100 → −3 333 (toward zero); collateral 0 → 0.
    assert.equal(pnlPercentBps(100_000_000n, 300_000_000n), 3_333n);
    assert.equal(pnlPercentBps(-100_000_000n, 300_000_000n), -3_333n);
    assert.equal(pnlPercentBps(1n, 0n), 0n);
  });
});

Deno.test("leverage", async (t) => {
  const parts = {
    collateralUsd: 300_000_000n,
    profitUsd: 100_000_000n,
    lossUsd: 0n,
    exitFeeUsd: 900_000n,
    borrowFeeUsd: 150_000n,
  };
  await t.step("with and without PnL", () => {
    assert.equal(leverageBps(1_500_000_000n, 300_000_000n), 50_000n); // 5×
    // margin = 300 + 100 − 0.9 − 0.15 = 398.95 → ⌊1 500 × 10^4 / 398.95⌋ = ⌊37 598.69⌋ = 37 598.
    assert.equal(marginWithPnlUsd(parts), 398_950_000n);
    assert.equal(displayLeverageBps(1_500_000_000n, parts, true), 37_598n);
    // includePnlInLeverageDisplay = false → size / collateral = 5×.
    assert.equal(displayLeverageBps(1_500_000_000n, parts, false), 50_000n);
    // Initial variant: 300 − 1.05 = 298.95 → ⌊15 000 000 000 000 / 298 950 000⌋ = 50 175.
    assert.equal(initialMarginUsd(parts), 298_950_000n);
    assert.equal(leverageBps(1_500_000_000n, initialMarginUsd(parts)), 50_175n);
  });

  await t.step("margin ≤ 0 is infinite, empty is 0, request parsing", () => {
    assert.equal(leverageBps(1_500_000_000n, 0n), "Infinity");
    assert.equal(leverageBps(1_500_000_000n, -1n), "Infinity");
    assert.equal(
      displayLeverageBps(1_500_000_000n, { ...parts, profitUsd: 0n, lossUsd: 300_000_000n }, true),
      "Infinity",
    );
    assert.equal(leverageBps(0n, 0n), 0n);
    // 1 µ$ of margin on $1 500: 1.5·10^13 BPS (no overflow).
    assert.equal(leverageBps(1_500_000_000n, 1n), 15_000_000_000_000n);
    assert.equal(leverageToBps(5), 50_000n);
    assert.equal(leverageToBps("2.5"), 25_000n);
    assert.equal(leverageToBps(1.23456), 12_345n);
  });
});

Deno.test("liquidation price", async (t) => {
  const base = {
    entryPrice: px(15_000_000_000n),
    sizeAmount: 10_000_000_000n,
    sizeDecimals: 9,
    sizeUsd: 1_500_000_000n,
    collateralUsd: 300_000_000n,
    closePositionRate: 600_000n,
    maxLeverage: 1_000_000,
    borrowFeeUsd: 0n,
  };
  await t.step("solvent long and short", () => {
    // L = ⌊1 500 000 000 × 10^4 / 10^6⌋ + 900 000 = 15 900 000; C − L = 284 100 000;
    // Δ(−9) = 284 100 000 × 10^12 / 10^10 = 28 410 000 000 → (−8) 2 841 000 000 = 28.41.
    assert.deepEqual(liquidationPrice({ ...base, side: "Long" }), px(12_159_000_000n)); // 150 − 28.41
    assert.deepEqual(liquidationPrice({ ...base, side: "Short" }), px(17_841_000_000n)); // 150 + 28.41
    // A borrow fee of $1 raises L to 16 900 000: Δ = 28.31 → long 121.69.
    assert.deepEqual(liquidationPrice({ ...base, side: "Long", borrowFeeUsd: 1_000_000n }), px(12_169_000_000n));
  });

  await t.step("insolvent (collateral below liabilities) flips the direction", () => {
    // C = $10: L − C = 5 900 000 → Δ = 0.59 → long 150.59, short 149.41.
    assert.deepEqual(liquidationPrice({ ...base, side: "Long", collateralUsd: 10_000_000n }), px(15_059_000_000n));
    assert.deepEqual(liquidationPrice({ ...base, side: "Short", collateralUsd: 10_000_000n }), px(14_941_000_000n));
    // C = L exactly: Δ = 0 → the entry price.
    assert.deepEqual(liquidationPrice({ ...base, side: "Long", collateralUsd: 15_900_000n }), px(15_000_000_000n));
  });

  await t.step("below zero → 0, empty → 0, bad leverage", () => {
    // $2 000 collateral on $1 500: Δ = 198.41 > 150 → 0 (keeps the entry exponent).
    assert.deepEqual(liquidationPrice({ ...base, side: "Long", collateralUsd: 2_000_000_000n }), px(0n));
    assert.deepEqual(liquidationPrice({ ...base, side: "Long", sizeAmount: 0n }), px(0n));
    assert.throws(() => liquidationPrice({ ...base, side: "Long", maxLeverage: 0 }), RangeError);
  });

  await t.step("rescaling to the entry exponent truncates", () => {
    // 3 SOL, C − L = $1: Δ(−9) = ⌊10^6 × 10^12 / 3·10^9⌋ = 333 333 333 → (−8) 33 333 333 (⌊⌋).
    const r = liquidationPrice({
      ...base,
      side: "Short",
      sizeAmount: 3_000_000_000n,
      sizeUsd: 0n,
      collateralUsd: 1_000_000n,
      closePositionRate: 0n,
    });
    assert.deepEqual(r, px(15_033_333_333n));
  });

  await t.step("choice: degen positions use max_degen_leverage", () => {
    const sol = makeCustody();
    const degen = makePosition({ collateralUsd: 5_000_000n, degenSizeUsd: 1_500_000_000n });
    assert.equal(isDegen(degen), true);
    assert.equal(maintenanceLeverage(degen, sol.pricing), 5_000_000);
    // 500×: L = 3 000 000 + 900 000 = 3 900 000; C − L = 1 100 000 → Δ = 0.11 → long 149.89.
    assert.deepEqual(positionLiquidationPrice(degen, "Long", sol, 0n), px(14_989_000_000n));
    // The SDK's max_leverage (100×) would make this $5 position insolvent at once: L = 15.9 > 5 → 151.09.
    assert.deepEqual(liquidationPrice({ ...base, side: "Long", collateralUsd: 5_000_000n }), px(15_109_000_000n));
    assert.equal(maintenanceLeverage(makePosition(), sol.pricing), 1_000_000);
  });

  await t.step("choice: a correlated market uses the same formula", () => {
    const sol = makeCustody();
    const p = makePosition();
    assert.deepEqual(positionLiquidationPrice(p, "Long", sol, 0n), px(12_159_000_000n));
  });
});

Deno.test("locked payout and max-profit price", async (t) => {
  await t.step("locked USD by side and correlation", () => {
    // (1 500 + 300) × payoff: long uncorrelated 200 % → $3 600; short or correlated capped at 100 % → $1 800.
    const m = (correlation: boolean, maxPayoffBps: bigint) => ({ correlation, maxPayoffBps });
    assert.equal(lockedUsdFor(1_500_000_000n, 300_000_000n, "Long", m(false, 20_000n)), 3_600_000_000n);
    assert.equal(lockedUsdFor(1_500_000_000n, 300_000_000n, "Short", m(false, 20_000n)), 1_800_000_000n);
    assert.equal(lockedUsdFor(1_500_000_000n, 300_000_000n, "Long", m(true, 20_000n)), 1_800_000_000n);
    assert.equal(lockedUsdFor(1_500_000_000n, 300_000_000n, "Short", m(false, 5_000n)), 900_000_000n);
    // $1 800 in USDC at 1.00 and in SOL at 150 (12 SOL).
    assert.equal(lockedAmountFor(1_800_000_000n, USDC_PRICE, USDC), 1_800_000_000n);
    assert.equal(
      lockedAmountFor(1_800_000_000n, px(15_000_000_000n), { decimals: 9, tokenAmountMultiplier: 0n }),
      12_000_000_000n,
    );
  });

  await t.step("max-profit price", () => {
    const p = makePosition(); // locked $1 800, collateral $300 → room $1 500 over 10 SOL = 150.00
    assert.deepEqual(maxProfitPrice(p, "Long", { correlation: false }, USDC_PRICE, USDC), px(30_000_000_000n));
    // Short: 150 − 150 = 0 (floored at 0).
    assert.deepEqual(maxProfitPrice(p, "Short", { correlation: false }, USDC_PRICE, USDC), px(0n));
    // Short with locked $900: room $600 → 60.00 → 90.00.
    assert.deepEqual(
      maxProfitPrice({ ...p, lockedAmount: 900_000_000n }, "Short", { correlation: false }, USDC_PRICE, USDC),
      px(9_000_000_000n),
    );
    // Correlated long: no cap. Empty: none. No room: the entry price (choice; SDK returns 0).
    assert.equal(maxProfitPrice(p, "Long", { correlation: true }, USDC_PRICE, USDC), null);
    assert.equal(maxProfitPrice({ ...p, sizeAmount: 0n }, "Long", { correlation: false }, USDC_PRICE, USDC), null);
    assert.deepEqual(
      maxProfitPrice({ ...p, lockedAmount: 300_000_000n }, "Long", { correlation: false }, USDC_PRICE, USDC),
      px(15_000_000_000n),
    );
  });
});

Deno.test("position metrics compose PnL, fees, leverage and liquidation", () => {
  // 10 SOL long @150, $300 collateral, price 160 without spread, one hour at 10 000 → borrow 15 000.
  const sol = makeCustody({ pricing: { tradeSpreadMin: 0n, tradeSpreadMax: 0n } });
  const usdc = makeCustody({ decimals: 6, isStable: true, borrowRateState: { lastUpdate: NOW - 3_600n } });
  const m = positionMetrics({
    position: makePosition(),
    side: "Long",
    targetPrice: px(16_000_000_000n),
    targetCustody: sol,
    collateralPrice: USDC_PRICE,
    collateralCustody: usdc,
    nowUnix: NOW,
  });
  assert.equal(m.pnl.profitUsd, 100_000_000n);
  assert.equal(m.exitFeeUsd, 900_000n); // 1 500 × 0.06 %
  assert.equal(m.exitFeeAmount, 900_000n);
  // cumulative 1 000 000 + 10 000 = 1 010 000; ⌊10 000 × 1 500 000 000 / 10^9⌋ = 15 000.
  assert.equal(m.borrowFeeUsd, 15_000n);
  assert.equal(m.totalFeeUsd, 915_000n);
  // margin 300 + 100 − 0.915 = 399.085 → ⌊1.5·10^13 / 399 085 000⌋ = 37 585; plain 5×.
  assert.equal(m.marginUsd, 399_085_000n);
  assert.equal(m.leverageBps, 37_585n);
  assert.equal(m.plainLeverageBps, 50_000n);
  assert.equal(m.pnlWithoutFeeUsd, 100_000_000n);
  assert.equal(m.pnlWithFeeUsd, 99_085_000n);
  assert.equal(m.pnlPercentWithoutFeeBps, 3_333n);
  assert.equal(m.pnlPercentWithFeeBps, 3_302n); // ⌊99 085 000 × 10^4 / 300 000 000⌋
  // L = 15 000 000 + 900 000 + 15 000 = 15 915 000; C − L = 284 085 000 → Δ = 28.4085 → 121.5915.
  assert.deepEqual(m.liquidationPrice, px(12_159_150_000n));
});
