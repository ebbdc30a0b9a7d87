import assert from "node:assert/strict";
import { pnlPercentBps, pnlWithFeeUsd, pnlWithoutFeeUsd, positionPnl } from "../../../src/domain/math/pnl.ts";
import { makePosition, NOW, px, USDC, USDC_PRICE } from "../_helpers.ts";

const flat = { tradeSpreadMin: 0n, tradeSpreadMax: 0n, maxPositionSizeUsd: 1_000_000_000_000n, delaySeconds: 0n };

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
