import assert from "node:assert/strict";
import {
  formatDecimal,
  formatKmb,
  formatLeverage,
  formatOptional,
  formatOptionalPrice,
  formatPercentBps,
  formatPrice,
  formatRatePercent,
  formatRatioPercent,
  formatTokenAmount,
  formatUsd,
  INFINITY_UI,
  UNSET_UI,
} from "../../../src/domain/format/ui.ts";

const px = (price: bigint, exponent = -8) => ({ price, exponent });

Deno.test("UI strings (DECISIONS 2.10)", async (t) => {
  await t.step("USD: 2 decimals, truncated toward zero, leading '-'", () => {
    assert.equal(formatUsd(1_234_567_891n), "1234.56"); // 1 234.567891 → 1 234.56 (not .57)
    assert.equal(formatUsd(-1_234_567_891n), "-1234.56");
    assert.equal(formatUsd(0n), "0.00");
    assert.equal(formatUsd(-9_999n), "0.00"); // −0.009999 truncates to zero: no "-0.00"
    assert.equal(formatUsd(10_000n), "0.01");
    assert.equal(formatUsd(18_446_744_073_709_551_615n), "18446744073709.55"); // u64 max
  });

  await t.step("token amounts at tokenPrecision, prices at usdPrecision", () => {
    assert.equal(formatTokenAmount(3_310_139_164n, 9, 4), "3.3101");
    assert.equal(formatTokenAmount(5n, 9, 4), "0.0000");
    assert.equal(formatTokenAmount(123n, 2, 4), "1.2300"); // more precision than decimals pads
    assert.equal(formatTokenAmount(1_000_000n, 6, 0), "1");
    assert.equal(formatPrice(px(14_852_345_678n), 2), "148.52");
    assert.equal(formatPrice(px(14_852_345_678n), 4), "148.5234");
    assert.equal(formatPrice(px(123_456n, -10), 8), "0.00001234"); // BONK-like
    assert.equal(formatPrice(px(0n), 2), "0.00");
    assert.equal(formatPrice(px(5n, 2), 2), "500.00"); // positive exponent
    assert.equal(formatDecimal(-15n, 1, 0), "-1");
  });

  await t.step("percentages and rates", () => {
    assert.equal(formatPercentBps(1_234n), "12.34");
    assert.equal(formatPercentBps(-5n), "-0.05");
    assert.equal(formatPercentBps(10_000n), "100.00");
    assert.equal(formatRatioPercent(1n, 3n), "33.33");
    assert.equal(formatRatioPercent(-1n, 3n), "-33.33");
    assert.equal(formatRatioPercent(2n, 3n), "66.66"); // truncated, not 66.67
    assert.equal(formatRatioPercent(5n, 0n), "0.00");
    // 360 000 RATE = 0.036 %: "0.03" at 2 decimals, "0.03600" at 5.
    assert.equal(formatRatePercent(360_000n), "0.03");
    assert.equal(formatRatePercent(360_000n, 5), "0.03600");
  });

  await t.step("leverage, unset values", () => {
    assert.equal(formatLeverage(50_000n), "5.00");
    assert.equal(formatLeverage(37_598n), "3.75");
    assert.equal(formatLeverage(0n), "0.00");
    assert.equal(formatLeverage("Infinity"), INFINITY_UI);
    assert.equal(INFINITY_UI, "Infinity");
    assert.equal(formatOptional<bigint>(null, formatUsd), UNSET_UI);
    assert.equal(formatOptional<bigint>(undefined, formatUsd), "-");
    assert.equal(formatOptional(1_000_000n, formatUsd), "1.00");
    assert.equal(formatOptionalPrice(px(0n), 2), "-"); // an empty TP/SL slot
    assert.equal(formatOptionalPrice(null, 2), "-");
    assert.equal(formatOptionalPrice(px(14_852_000_000n), 2), "148.52");
  });

  await t.step("Kmb: plain below 1 000, then K / M / B with 2 decimals, truncated", () => {
    assert.equal(formatKmb(3_370_000n, 6), "3.37");
    assert.equal(formatKmb(100_000_000n, 6), "100.00");
    assert.equal(formatKmb(999_999_999n, 6), "999.99"); // 999.999999 stays plain
    assert.equal(formatKmb(1_000_000_000n, 6), "1.00K");
    assert.equal(formatKmb(12_345_678_000n, 6), "12.34K"); // 12 345.678 → 12.34K (truncation)
    assert.equal(formatKmb(12_350_000_000n, 6), "12.35K");
    assert.equal(formatKmb(999_999_990_000n, 6), "999.99K");
    assert.equal(formatKmb(1_234_567_000_000n, 6), "1.23M");
    assert.equal(formatKmb(1_500_000_000_000_000n, 6), "1.50B");
    assert.equal(formatKmb(1_500_000_000_000_000_000n, 6), "1500.00B"); // no unit beyond B
    assert.equal(formatKmb(-12_345_678_000n, 6), "-12.34K");
    assert.equal(formatKmb(-1_000n, 6), "0.00");
    assert.equal(formatKmb(3_310_139_164n, 9), "3.31"); // token amounts in their own decimals
    assert.equal(formatKmb(0n, 0), "0.00");
  });
});
