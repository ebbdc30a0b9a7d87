import assert from "node:assert/strict";
import { newPoolRatioBps, ratioFee, ratioFeeRate, swapQuote } from "../../../src/domain/math/swap.ts";
import { makeCustody, px, USDC_PRICE } from "../_helpers.ts";

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
