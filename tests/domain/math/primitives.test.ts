import assert from "node:assert/strict";
import {
  ceilDiv,
  decimalCeilMul,
  decimalDiv,
  decimalMul,
  DecimalParseError,
  floorDiv,
  isDecimalString,
  mulDiv,
  parseDecimal,
  pow10,
  toExactDecimal,
  toFixedDecimal,
} from "../../../src/domain/math/mod.ts";

const U64_MAX = 18_446_744_073_709_551_615n;

Deno.test("integer primitives", async (t) => {
  await t.step("pow10, floor and ceil division", () => {
    assert.equal(pow10(0), 1n);
    assert.equal(pow10(18), 1_000_000_000_000_000_000n);
    assert.equal(pow10(70), 10n ** 70n);
    assert.throws(() => pow10(-1), RangeError);
    // 7/2 = 3.5 → floor 3, ceil 4; 8/2 exact → 4 both; 0 → 0.
    assert.equal(floorDiv(7n, 2n), 3n);
    assert.equal(ceilDiv(7n, 2n), 4n);
    assert.equal(ceilDiv(8n, 2n), 4n);
    assert.equal(ceilDiv(0n, 5n), 0n);
    assert.throws(() => floorDiv(1n, 0n), RangeError);
    assert.throws(() => ceilDiv(-1n, 2n), RangeError);
    // u64::MAX · u64::MAX / u64::MAX = u64::MAX (no overflow in bigint).
    assert.equal(mulDiv(U64_MAX, U64_MAX, U64_MAX), U64_MAX);
  });

  await t.step("decimal_mul / decimal_ceil_mul / decimal_div", () => {
    // 1.5 SOL (1 500 000 000 at 10^-9) × 148.52 (14 852 000 000 at 10^-8) at 10^-6:
    // k = −9 − 8 + 6 = −11 → 1 500 000 000 × 14 852 000 000 / 10^11 = 222 780 000 ($222.78).
    assert.equal(decimalMul(1_500_000_000n, -9, 14_852_000_000n, -8, -6), 222_780_000n);
    // k ≥ 0 multiplies: 3 × 10^0 × 2 × 10^1 at 10^0 = 60.
    assert.equal(decimalMul(3n, 0, 2n, 1, 0), 60n);
    // 1 × 10^-9 × 1 × 10^-8 at 10^-6 = 10^-11 → floor 0, ceil 1.
    assert.equal(decimalMul(1n, -9, 1n, -8, -6), 0n);
    assert.equal(decimalCeilMul(1n, -9, 1n, -8, -6), 1n);
    assert.equal(decimalCeilMul(0n, -9, 1n, -8, -6), 0n);
    // $100 (100 000 000 at 10^-6) / 148.52 (10^-8) at 10^-9: k = −6 + 8 + 9 = 11 →
    // ⌊100 000 000 × 10^11 / 14 852 000 000⌋ = ⌊673 309 991.92⌋ = 673 309 991 (0.673309991 SOL).
    assert.equal(decimalDiv(100_000_000n, -6, 14_852_000_000n, -8, -9), 673_309_991n);
    // k < 0 divides further: 5 at 10^0 / 2 at 10^0 at 10^1 → ⌊5 / (2·10)⌋ = 0.
    assert.equal(decimalDiv(5n, 0, 2n, 0, 1), 0n);
    assert.throws(() => decimalDiv(1n, 0, 0n, 0, 0), RangeError);
    assert.equal(decimalDiv(0n, 0, 7n, 0, 0), 0n);
  });
});

Deno.test("decimal strings", async (t) => {
  await t.step("parseDecimal truncates toward zero and rejects malformed text", () => {
    assert.equal(parseDecimal("148.52", 8), 14_852_000_000n);
    assert.equal(parseDecimal("0.5", 2), 50n);
    assert.equal(parseDecimal(".5", 2), 50n);
    assert.equal(parseDecimal("7.", 2), 700n);
    assert.equal(parseDecimal("1.123456789", 8), 112_345_678n); // 9th digit dropped
    assert.equal(parseDecimal("-1.239", 2, { allowNegative: true }), -123n); // toward zero, not −124
    assert.equal(parseDecimal("+3", 0), 3n);
    assert.equal(parseDecimal("18446744073.709551615", 9), U64_MAX);
    for (const bad of ["", ".", "1e5", " 1", "1,000", "NaN", "Infinity", "0x10", "--1", "1.2.3"]) {
      assert.throws(() => parseDecimal(bad, 6), DecimalParseError, bad);
      assert.equal(isDecimalString(bad), false, bad);
    }
    assert.throws(() => parseDecimal("-1", 6), DecimalParseError);
    assert.equal(isDecimalString("-1"), false);
    assert.equal(isDecimalString("-1", { allowNegative: true }), true);
  });

  await t.step("toFixedDecimal and toExactDecimal", () => {
    // 1 234 567 at 10^-6 = 1.234567 → 2 dp truncated 1.23.
    assert.equal(toFixedDecimal(1_234_567n, 6, 2), "1.23");
    assert.equal(toFixedDecimal(-1_239_999n, 6, 2), "-1.23");
    assert.equal(toFixedDecimal(-1_000n, 6, 2), "0.00"); // −0.001 truncates to zero: no "-0.00"
    assert.equal(toFixedDecimal(5n, 0, 3), "5.000");
    assert.equal(toFixedDecimal(0n, 9, 0), "0");
    assert.equal(toFixedDecimal(U64_MAX, 6, 6), "18446744073709.551615");
    assert.equal(toExactDecimal(1_500_000n, 6), "1.5");
    assert.equal(toExactDecimal(2_000_000n, 6), "2");
    assert.equal(toExactDecimal(-1n, 6), "-0.000001");
  });
});
