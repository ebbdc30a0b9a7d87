import assert from "node:assert/strict";
import {
  comparePrices,
  divergenceBps,
  effectiveMantissa,
  isPriceStale,
  parsePrice,
  priceBand,
  priceToDecimal,
  scalePrice,
  tokenAmount,
  usdValue,
} from "../../../src/domain/math/oracle.ts";
import { makeCustody, px } from "../_helpers.ts";

Deno.test("oracle conversions", async (t) => {
  await t.step("usdValue / tokenAmount with decimals and exponent", () => {
    // 1.5 SOL at 148.52: 1 500 000 000 × 14 852 000 000 / 10^(9 + 8 − 6) = 222 780 000.
    assert.equal(usdValue(1_500_000_000n, 9, px(14_852_000_000n)), 222_780_000n);
    // $100 in SOL at 148.52: ⌊100 000 000 × 10^(9 + 8 − 6) / 14 852 000 000⌋ = 673 309 991.
    assert.equal(tokenAmount(100_000_000n, 9, px(14_852_000_000n)), 673_309_991n);
    // USDC (6 dp) at 1.00: 12.345678 USDC = $12.345678 exactly, and back.
    assert.equal(usdValue(12_345_678n, 6, px(100_000_000n)), 12_345_678n);
    assert.equal(tokenAmount(12_345_678n, 6, px(100_000_000n)), 12_345_678n);
    // An exponent −10 price (0.0000123456 BONK-like, 5 decimals): 1 000 000 000.00000 tokens ×
    // 123 456 × 10^-10 → 100 000 000 000 000 × 123 456 / 10^(5 + 10 − 6) = 12 345 600 000 ($12 345.6).
    assert.equal(usdValue(100_000_000_000_000n, 5, px(123_456n, -10)), 12_345_600_000n);
    // Rounding edge: 1 lamport at 148.52 = 14 852 000 000 / 10^11 = 0.14852 µ$ → 0.
    assert.equal(usdValue(1n, 9, px(14_852_000_000n)), 0n);
    // Zero amount or zero price → 0 (no division by zero).
    assert.equal(usdValue(0n, 9, px(1n)), 0n);
    assert.equal(tokenAmount(5n, 9, px(0n)), 0n);
    // Maximum u64 amount at a maximum-ish price stays exact in bigint.
    const max = 18_446_744_073_709_551_615n;
    assert.equal(usdValue(max, 9, px(max)), (max * max) / 10n ** 11n);
  });

  await t.step("token-amount multiplier (equity tokens)", () => {
    // multiplier 1.05 (1 050 000 000 RATE): P′ = ⌊20 000 000 000 × 1 050 000 000 / 10^9⌋ = 21 000 000 000.
    const spy = px(20_000_000_000n); // 200.00
    assert.equal(effectiveMantissa(spy, 1_050_000_000n), 21_000_000_000n);
    assert.equal(effectiveMantissa(spy, 0n), 20_000_000_000n); // 0 = no multiplier
    // 2 SPY (8 dp): 200 000 000 × 21 000 000 000 / 10^(8 + 8 − 6) = 420 000 000 ($420).
    assert.equal(usdValue(200_000_000n, 8, spy, 1_050_000_000n), 420_000_000n);
    // $420 back to SPY at 210.00 effective → 2.00000000.
    assert.equal(tokenAmount(420_000_000n, 8, spy, 1_050_000_000n), 200_000_000n);
    // Floor on the multiplier: 3 × 1.0000000005 → ⌊3.0000000015⌋ = 3.
    assert.equal(effectiveMantissa(px(3n), 1_000_000_000n + 1n), 3n);
  });

  await t.step("rescale, compare, decimal strings", () => {
    // 148.52345678 (−8) → −6: ⌊14 852 345 678 / 100⌋ = 148 523 456; → −10: × 100.
    assert.deepEqual(scalePrice(px(14_852_345_678n), -6), { price: 148_523_456n, exponent: -6 });
    assert.deepEqual(scalePrice(px(14_852_345_678n), -10), { price: 1_485_234_567_800n, exponent: -10 });
    assert.equal(comparePrices(px(100n, -2), px(1_000n, -3)), 0);
    assert.equal(comparePrices(px(101n, -2), px(1_000n, -3)), 1);
    assert.equal(comparePrices(px(99n, -2), px(1_000n, -3)), -1);
    assert.deepEqual(parsePrice("148.52", -8), { price: 14_852_000_000n, exponent: -8 });
    assert.deepEqual(parsePrice("0.00001234567891", -10), { price: 123_456n, exponent: -10 }); // truncated
    assert.equal(priceToDecimal(px(14_852_000_000n)), "148.52");
    assert.equal(priceToDecimal(px(0n)), "0");
    assert.throws(() => parsePrice("-1", -8));
  });

  await t.step("min/max band, divergence and staleness", () => {
    const sol = makeCustody();
    // No EMA given: not divergent, min = max = P.
    const p = px(15_000_000_000n);
    assert.deepEqual(priceBand(p, sol), { band: { min: p, max: p }, volatile: false });
    // EMA 140.00: |150 − 140| / 140 = 714.28 BPS → 714 ≥ 500 (max_divergence_bps) → volatile;
    // confidence 0.10 (10 000 000): conf_bps = ⌊10 000 000 × 10^4 / 15 000 000 000⌋ = 6 < 100 → band [149.90, 150.10].
    assert.equal(divergenceBps(p, px(14_000_000_000n)), 714n);
    const wide = priceBand(p, sol, { ema: px(14_000_000_000n), confidence: 10_000_000n });
    assert.deepEqual(wide, { band: { min: px(14_990_000_000n), max: px(15_010_000_000n) }, volatile: true });
    // EMA 149.00: 67 BPS < 500 → flat.
    assert.equal(priceBand(p, sol, { ema: px(14_900_000_000n), confidence: 10_000_000n }).volatile, false);
    // Confidence 2.00: conf_bps = 133 ≥ 100 → the program rejects the price.
    assert.throws(() => priceBand(p, sol, { ema: px(14_000_000_000n), confidence: 200_000_000n }), RangeError);
    // Stable custody: reference 1.00. 0.94 is 600 BPS away → volatile (conf 0 → band stays flat).
    const usdc = makeCustody({ decimals: 6, isStable: true });
    const depeg = priceBand(px(94_000_000n), usdc);
    assert.equal(depeg.volatile, true);
    assert.deepEqual(depeg.band.min, px(94_000_000n));
    // The SDK's integer division would give 0 BPS here (§11.1); the true ratio is used.
    assert.equal(divergenceBps(px(150n), px(100n)), 5_000n);
    assert.equal(isPriceStale(100n, 131n, 30), true); // 31 s > 30 s
    assert.equal(isPriceStale(100n, 130n, 30), false);
  });
});
