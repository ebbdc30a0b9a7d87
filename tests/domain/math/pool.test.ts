import assert from "node:assert/strict";
import {
  collectivePosition,
  custodyPoolStats,
  lpTokenPriceUsd,
  marketOpenInterest,
  poolAumUsd,
  poolEquityUsd,
  poolValueStats,
  shareBps,
} from "../../../src/domain/math/pool.ts";
import type { PositionStatsLike } from "../../../src/domain/math/types.ts";
import { NOW, px, USDC_PRICE } from "../_helpers.ts";

Deno.test("pool statistics", async (t) => {
  await t.step("PROTOCOL-v1 §6.2 worked example", () => {
    // USDC 600 000 @ 0.9999 + WIF 500 000 @ 1.23456789 (6 dp each), supply 1 234 567.890123.
    const usdc = {
      decimals: 6,
      isStable: true,
      isVirtual: false,
      tokenAmountMultiplier: 0n,
      assets: { collateral: 0n, owned: 600_000_000_000n, locked: 0n },
    };
    const wif = {
      decimals: 6,
      isStable: false,
      isVirtual: false,
      tokenAmountMultiplier: 0n,
      assets: { collateral: 0n, owned: 500_000_000_000n, locked: 100_000_000_000n },
    };
    const virt = { ...wif, isVirtual: true };
    const entries = [
      { custody: usdc, price: px(99_990_000n) },
      { custody: wif, price: px(123_456_789n) },
      { custody: virt, price: px(123_456_789n) }, // left out
    ];
    const s = poolValueStats(entries);
    // 599 940.000000 + 617 283.945000 = 1 217 223.945 → "1217223.94".
    assert.equal(s.totalPoolValueUsd, 1_217_223_945_000n);
    // 599 940 / 1 217 223.945 = 49.2876 % → 4 928.
    assert.equal(s.stableCoinBps, 4_928n);
    // LP price ⌊1 217 223 945 000 × 10^6 / 1 234 567 890 123⌋ = 985 951 ($0.985951 → "0.98").
    assert.equal(lpTokenPriceUsd(s.totalPoolValueUsd, 1_234_567_890_123n), 985_951n);
    assert.equal(lpTokenPriceUsd(s.totalPoolValueUsd, 0n), s.totalPoolValueUsd);
    const c = custodyPoolStats(
      wif,
      px(123_456_789n),
      { min: 2_500n, target: 5_000n, max: 7_500n },
      s.totalPoolValueUsd,
    );
    // current 617 283.945 / 1 217 223.945 = 50.7127 % → 5 071; utilization 100 000 / 500 000 = 20 %.
    assert.equal(c.currentRatioBps, 5_071n);
    assert.equal(c.utilizationBps, 2_000n);
    // min capacity: ⌊2 500 × T / 10^4⌋ = 304 305 986 250 µ$ → ⌊… / 1.23456789⌋ = 246 487.851105 WIF.
    assert.equal(c.minCapacityAmount, 246_487_851_105n);
    // add: ⌊7 500 × T / 10^4⌋ − owned = 912 917 958 750 − 617 283 945 000 = 295 634 013 750.
    assert.equal(c.availableToAddUsd, 295_634_013_750n);
    // remove: owned − ⌈2 500 × T / 10^4⌉ = 617 283 945 000 − 304 305 986 250 = 312 977 958 750.
    assert.equal(c.availableToRemoveUsd, 312_977_958_750n);
  });

  await t.step("capacity substitutes, empty pool", () => {
    const c = {
      decimals: 6,
      isStable: true,
      isVirtual: false,
      tokenAmountMultiplier: 0n,
      assets: { collateral: 0n, owned: 1_000_000n, locked: 0n },
    };
    // min 0 → 5 %, max 100 % → 95 % (capacities only).
    const s = custodyPoolStats(c, USDC_PRICE, { min: 0n, target: 5_000n, max: 10_000n }, 10_000_000n);
    assert.equal(s.capacityMinBps, 500n);
    assert.equal(s.capacityMaxBps, 9_500n);
    assert.equal(s.availableToAddUsd, 8_500_000n); // 9.5 − 1
    assert.equal(s.availableToRemoveUsd, 500_000n); // 1 − 0.5
    const empty = custodyPoolStats({ ...c, assets: { collateral: 0n, owned: 0n, locked: 0n } }, USDC_PRICE, {
      min: 0n,
      target: 0n,
      max: 10_000n,
    }, 0n);
    assert.equal(empty.currentRatioBps, 0n);
    assert.equal(empty.availableToAddUsd, 0n);
    assert.equal(shareBps(1n, 0n), 0n);
  });

  await t.step("AUM (max prices, obligations) and equity with trader PnL", () => {
    const sol = {
      decimals: 9,
      isStable: false,
      isVirtual: false,
      tokenAmountMultiplier: 0n,
      assets: { collateral: 0n, owned: 10_000_000_000n, locked: 0n },
    };
    const usdc = {
      decimals: 6,
      isStable: true,
      isVirtual: false,
      tokenAmountMultiplier: 0n,
      assets: { collateral: 0n, owned: 1_000_000_000n, locked: 0n },
    };
    // 10 SOL at max 151 = $1 510 + $1 000 − $10 obligations = $2 500.
    const aum = poolAumUsd(
      [{ custody: sol, price: { min: px(14_900_000_000n), max: px(15_100_000_000n) } }, {
        custody: usdc,
        price: USDC_PRICE,
      }],
      { feesObligationUsd: 6_000_000n, rebateObligationUsd: 4_000_000n },
    );
    assert.equal(aum, 2_500_000_000n);
    const stats = (o: Partial<PositionStatsLike>): PositionStatsLike => ({
      openPositions: 3n,
      updateTime: NOW,
      averageEntryPrice: px(14_000_000_000n),
      sizeAmount: 2_000_000_000n,
      sizeUsd: 280_000_000n,
      lockedAmount: 400_000_000n,
      lockedUsd: 400_000_000n,
      collateralAmount: 0n,
      collateralLiabilityUsd: 50_000_000n,
      unsettledFeeUsd: 0n,
      cumulativeLockFeeSnapshot: 0n,
      sizeDecimals: 9,
      lockedDecimals: 6,
      collateralDecimals: 6,
      ...o,
    });
    const pricing = { tradeSpreadMin: 0n, tradeSpreadMax: 0n, maxPositionSizeUsd: 1n, delaySeconds: 600n };
    const longs = { side: "Long", collectivePosition: stats({}) };
    const shorts = {
      side: "Short",
      collectivePosition: stats({
        sizeAmount: 1_000_000_000n,
        sizeUsd: 140_000_000n,
        collateralLiabilityUsd: 30_000_000n,
      }),
    };
    const m = (market: typeof longs) => ({
      market,
      targetPrice: px(15_000_000_000n),
      targetPricing: pricing,
      collateralPrice: USDC_PRICE,
      collateralCustody: { decimals: 6, tokenAmountMultiplier: 0n },
    });
    // Longs: 2 SOL @140 → +$20 (cap min(20, 400 − 50)); shorts: 1 SOL @140 → −$10 (min(10, 30)).
    // equity = 2 500 − 50 − 20 − 30 + 10 = 2 410 (the aggregate ignores the delay window).
    assert.equal(poolEquityUsd(aum, [m(longs), m(shorts)]), 2_410_000_000n);
    assert.equal(collectivePosition(stats({})).collateralUsd, 50_000_000n);
    assert.deepEqual(marketOpenInterest(longs), {
      openInterestUsd: 280_000_000n,
      openInterestAmount: 2_000_000_000n,
      openPositions: 3n,
      lockedUsd: 400_000_000n,
    });
  });
});
