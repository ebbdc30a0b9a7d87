import assert from "node:assert/strict";
import {
  entryPrice,
  entryPriceForSize,
  exitPrice,
  exitPriceForSize,
  percentToBps,
  priceWithSlippage,
  slippagePercentToBps,
  tradeSpread,
} from "../../../src/domain/math/spread.ts";
import { px } from "../_helpers.ts";

const pricing = { tradeSpreadMin: 100n, tradeSpreadMax: 1_100n, maxPositionSizeUsd: 1_000_000_000_000n };

Deno.test("trade spread", async (t) => {
  await t.step("linear in size, not clamped", () => {
    // slope = ⌊(1 100 − 100) × 10^13 / 10^12⌋ = 10 000.
    // $500: 100 + ⌊10 000 × 500 000 000 / 10^13⌋ = 100 + ⌊0.5⌋ = 100.
    assert.equal(tradeSpread(pricing, 500_000_000n), 100n);
    // $500 000: 100 + ⌊10 000 × 5·10^11 / 10^13⌋ = 100 + 500 = 600.
    assert.equal(tradeSpread(pricing, 500_000_000_000n), 600n);
    // $1 M (= max position size): 1 100. $2 M: 2 100 (no clamp at max).
    assert.equal(tradeSpread(pricing, 1_000_000_000_000n), 1_100n);
    assert.equal(tradeSpread(pricing, 2_000_000_000_000n), 2_100n);
  });

  await t.step("choice: min = max > 0 charges min (program), max = 0 charges nothing", () => {
    // SDK would return 0 for min = max = 300; the program charges 300.
    assert.equal(tradeSpread({ ...pricing, tradeSpreadMin: 300n, tradeSpreadMax: 300n }, 1_000_000n), 300n);
    assert.equal(tradeSpread({ ...pricing, tradeSpreadMin: 0n, tradeSpreadMax: 0n }, 1_000_000n), 0n);
    // Zero size: the flat minimum; zero max position size: flat minimum instead of dividing by 0.
    assert.equal(tradeSpread(pricing, 0n), 100n);
    assert.equal(tradeSpread({ ...pricing, maxPositionSizeUsd: 0n }, 10n ** 15n), 100n);
  });
});

Deno.test("entry and exit prices", async (t) => {
  const p = px(14_852_000_000n); // 148.52
  await t.step("long vs short with an exact spread term", () => {
    // spread 100 (0.01 %): 14 852 000 000 × 100 / 10^6 = 1 485 200 exactly.
    assert.deepEqual(entryPrice("Long", p, 100n), px(14_853_485_200n)); // 148.534852
    assert.deepEqual(entryPrice("Short", p, 100n), px(14_850_514_800n)); // 148.505148
    assert.deepEqual(exitPrice("Long", p, 100n), px(14_850_514_800n));
    assert.deepEqual(exitPrice("Short", p, 100n), px(14_853_485_200n));
  });

  await t.step("choice: the upward move rounds up, the downward move down", () => {
    // 148.52000001 × 333 / 10^6 = 4 945 716.00333 → long entry +4 945 717 (ceil), short entry −4 945 716 (floor).
    const q = px(14_852_000_001n);
    assert.deepEqual(entryPrice("Long", q, 333n), px(14_852_000_001n + 4_945_717n));
    assert.deepEqual(entryPrice("Short", q, 333n), px(14_852_000_001n - 4_945_716n));
    assert.deepEqual(exitPrice("Short", q, 333n), px(14_852_000_001n + 4_945_717n));
    assert.deepEqual(exitPrice("Long", q, 333n), px(14_852_000_001n - 4_945_716n));
  });

  await t.step("bands, saturation at zero, sized helpers", () => {
    const band = { min: px(100n), max: px(200n) };
    assert.deepEqual(entryPrice("Long", band, 0n), px(200n)); // longs buy at max
    assert.deepEqual(entryPrice("Short", band, 0n), px(100n)); // shorts sell at min
    assert.deepEqual(exitPrice("Long", band, 0n), px(200n));
    assert.deepEqual(exitPrice("Short", band, 0n), px(100n));
    // Spread ≥ 100 % (2 000 000): a short entry would go negative → 0.
    assert.deepEqual(entryPrice("Short", px(100n), 2_000_000n), px(0n));
    assert.deepEqual(exitPrice("Long", px(100n), 1_000_000n), px(0n));
    // entryPriceForSize = entryPrice with the spread of that size ($500 → 100).
    assert.deepEqual(entryPriceForSize("Long", p, pricing, 500_000_000n), px(14_853_485_200n));
    assert.deepEqual(exitPriceForSize("Long", p, pricing, 500_000_000n), px(14_850_514_800n));
  });
});

Deno.test("slippage-bounded price", async (t) => {
  await t.step("entry and exit bounds (PROTOCOL-v1 §5.3 worked numbers)", () => {
    const p = px(14_852_000_000n);
    // d = ⌈14 852 000 000 × 50 / 10^4⌉ = 74 260 000 → 149.2626 / 147.7774.
    assert.deepEqual(priceWithSlippage(true, "Long", p, 50n), px(14_926_260_000n));
    assert.deepEqual(priceWithSlippage(true, "Short", p, 50n), px(14_777_740_000n));
    assert.deepEqual(priceWithSlippage(false, "Long", p, 50n), px(14_777_740_000n));
    assert.deepEqual(priceWithSlippage(false, "Short", p, 50n), px(14_926_260_000n));
    // Ceil: 3 × 1 / 10^4 → d = 1.
    assert.deepEqual(priceWithSlippage(true, "Long", px(3n), 1n), px(4n));
    // d ≥ P → 0 for the downward bound; 0 bps → unchanged.
    assert.deepEqual(priceWithSlippage(true, "Short", px(100n), 10_000n), px(0n));
    assert.deepEqual(priceWithSlippage(true, "Long", p, 0n), p);
    assert.throws(() => priceWithSlippage(true, "Long", p, -1n), RangeError);
  });

  await t.step("percent strings → BPS", () => {
    assert.equal(slippagePercentToBps("0.5"), 50n);
    assert.equal(slippagePercentToBps("1"), 100n);
    assert.equal(slippagePercentToBps("0.125"), 12n); // truncated to whole BPS
    assert.equal(percentToBps(12.5), 1_250n);
    assert.equal(percentToBps("100"), 10_000n);
    assert.throws(() => percentToBps("100.01"), RangeError);
  });
});
