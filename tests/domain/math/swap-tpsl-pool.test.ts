import assert from "node:assert/strict";
import {
  collectivePosition,
  custodyPoolStats,
  lpTokenPriceUsd,
  marketOpenInterest,
  newPoolRatioBps,
  pnlForRoi,
  poolAumUsd,
  poolEquityUsd,
  poolValueStats,
  ratioFee,
  ratioFeeRate,
  shareBps,
  sizeAtUsdDecimals,
  swapQuote,
  triggerPnl,
  triggerPriceForPnl,
  triggerPriceForRoi,
} from "../../../src/domain/math/mod.ts";
import type { PositionStatsLike } from "../../../src/domain/math/mod.ts";
import { makeCustody, makePosition, NOW, px, USDC_PRICE } from "../fixtures.ts";

Deno.test("ratio fees", async (t) => {
  const fees = { minFee: 100_000n, targetFee: 200_000n, maxFee: 600_000n };
  const ratios = { min: 1_000n, target: 5_000n, max: 8_000n };
  await t.step("add-type curve", () => {
    assert.equal(ratioFeeRate("SwapIn", fees, ratios, 900n), 100_000n); // ≤ min
    assert.equal(ratioFeeRate("AddLiquidity", fees, ratios, 3_000n), 150_000n); // 1e5 + 2 000 × 1e5 / 4 000
    assert.equal(ratioFeeRate("SwapIn", fees, ratios, 6_500n), 400_000n); // 2e5 + 1 500 × 4e5 / 3 000
    assert.equal(ratioFeeRate("SwapIn", fees, ratios, 9_000n), 600_000n); // > max
  });
  await t.step("remove-type curve (mirrored)", () => {
    assert.equal(ratioFeeRate("SwapOut", fees, ratios, 8_000n), 100_000n); // ≥ max
    assert.equal(ratioFeeRate("RemoveLiquidity", fees, ratios, 6_500n), 150_000n); // 1e5 + 1 500 × 1e5 / 3 000
    assert.equal(ratioFeeRate("SwapOut", fees, ratios, 3_000n), 400_000n); // 2e5 + 2 000 × 4e5 / 4 000
    assert.equal(ratioFeeRate("SwapOut", fees, ratios, 500n), 600_000n); // < min
  });
  await t.step("resulting ratio and fixed mode", () => {
    const c = { decimals: 6, tokenAmountMultiplier: 0n, assets: { collateral: 0n, owned: 5_000_000_000n, locked: 0n } };
    // 5 000 USDC of a $10 000 pool: 50.00 %; adding 1 000: 6 000 / 11 000 = 5 454; removing 1 000: 4 000 / 9 000 = 4 444.
    assert.equal(newPoolRatioBps(c, 0n, 0n, USDC_PRICE, 10_000_000_000n), 5_000n);
    assert.equal(newPoolRatioBps(c, 1_000_000_000n, 0n, USDC_PRICE, 10_000_000_000n), 5_454n);
    assert.equal(newPoolRatioBps(c, 0n, 1_000_000_000n, USDC_PRICE, 10_000_000_000n), 4_444n);
    assert.equal(newPoolRatioBps(c, 0n, 5_000_000_000n, USDC_PRICE, 10_000_000_000n), 0n); // ≥ owned
    assert.equal(newPoolRatioBps(c, 0n, 0n, USDC_PRICE, 0n), 0n); // empty pool
    assert.throws(() => newPoolRatioBps(c, 1n, 1n, USDC_PRICE, 1n), RangeError);
    // Choice: "Fixed" mode charges min_fee flat: ⌈1 000 000 000 × 100 000 / 10^9⌉ = 100 000.
    const fixed = makeCustody({ decimals: 6, fees: { mode: "Fixed" }, assets: { owned: 5_000_000_000n } });
    assert.deepEqual(ratioFee("SwapIn", 1_000_000_000n, 0n, fixed, ratios, USDC_PRICE, 10_000_000_000n), {
      rate: 100_000n,
      amount: 100_000n,
    });
  });
});

Deno.test("swap quotes (PROTOCOL-v1 §5.12 worked numbers)", async (t) => {
  // 1 SOL → USDC at 148.52 / 1.00, SOL swap spread 10 BPS, fees 0.01/0.02/0.06 %, pool $10 002 with
  // $4 799.999909 of SOL (32.318879 SOL) and $5 200 of USDC.
  const sol = makeCustody({ decimals: 9, pricing: { swapSpread: 10n }, assets: { owned: 32_318_879_000n } });
  const usdc = makeCustody({
    decimals: 6,
    isStable: true,
    pricing: { swapSpread: 0n },
    assets: { owned: 5_200_000_000n },
  });
  const common = {
    input: sol,
    inputRatios: { min: 0n, target: 5_000n, max: 10_000n },
    inputPrice: px(14_852_000_000n),
    output: usdc,
    outputRatios: { min: 0n, target: 5_000n, max: 5_000n },
    outputPrice: USDC_PRICE,
    poolAumUsd: 10_002_000_000n,
  };
  await t.step("exact in", () => {
    const q = swapQuote({ ...common, amountIn: 1_000_000_000n, amountOut: 0n });
    // pair = 148.52; swap price = 14 852 000 000 − 14 852 000 = 14 837 148 000.
    assert.deepEqual(q.swapPrice, px(14_837_148_000n));
    // SOL ratio after adding $148.52: (4 799 999 909 + 148 520 000) × 10^4 / 10 150 520 000 = 4 875 →
    // fee rate 100 000 + ⌊4 875 × 100 000 / 5 000⌋ = 197 500 → feeIn 197 500 lamports.
    assert.equal(q.feeIn, 197_500n);
    // USDC out gross 148.37148; ratio after removal 5 126 ≥ max → min fee 0.01 % → ⌈14 837.148⌉ = 14 838
    // (the reference's SDK figure is 14 837: fees round up here).
    assert.equal(q.feeOut, 14_838n);
    // ⌊999 802 500 × 14 837 148 000 / 10^11⌋ − 14 838 = 148 342 176 − 14 838 = 148 327 338 (reference: …339).
    assert.equal(q.minAmountOut, 148_327_338n);
    assert.equal(q.minAmountIn, 0n);
    // Fee in USD: 197 500 lamports = $0.029332 (⌊197 500 × 148.52 / 10^3⌋ µ$), + $0.014838.
    assert.equal(q.feeUsd, 29_332n + 14_838n);
  });
  await t.step("exact out", () => {
    const q = swapQuote({ ...common, amountIn: 0n, amountOut: 100_000_000n });
    // pair = ⌊10^8 × 10^8 / 14 852 000 000⌋ = 673 309; less 10 BPS of the output's spread (0) → 673 309 …
    // the spread is the output custody's (USDC: 0).
    assert.deepEqual(q.swapPrice, px(673_309n));
    // grossIn = ⌊100 000 000 × 673 309 / 10^5⌋ = 673 309 000 lamports; its ratio 4 850 → rate 197 000 →
    // feeIn ⌈132 641.87⌉ = 132 642; feeOut on 100 USDC (ratio 5 150 ≥ max) = 10 000.
    assert.equal(q.feeIn, 132_642n);
    assert.equal(q.feeOut, 10_000n);
    // ⌊100 010 000 × 673 309 / 10^5⌋ + 132 642 = 673 376 330 + 132 642 = 673 508 972.
    assert.equal(q.minAmountIn, 673_508_972n);
  });
  await t.step("fee exemption, zero amounts, both amounts", () => {
    assert.equal(
      swapQuote({ ...common, amountIn: 1_000_000_000n, amountOut: 0n, feeExempt: true }).minAmountOut,
      148_371_480n,
    );
    assert.equal(swapQuote({ ...common, amountIn: 0n, amountOut: 0n }).minAmountOut, 0n);
    assert.throws(() => swapQuote({ ...common, amountIn: 1n, amountOut: 1n }), RangeError);
  });
});

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
    assert.equal(poolEquityUsd(aum, [m(longs), m(shorts)], NOW), 2_410_000_000n);
    assert.equal(collectivePosition(stats({})).collateralUsd, 50_000_000n);
    assert.deepEqual(marketOpenInterest(longs), {
      openInterestUsd: 280_000_000n,
      openInterestAmount: 2_000_000_000n,
      openPositions: 3n,
      lockedUsd: 400_000_000n,
    });
  });
});
