import assert from "node:assert/strict";
import {
  DecimalParseError,
  isDecimalString,
  isZeroDecimal,
  parseDecimal,
  toExactDecimal,
  toFixedDecimal,
} from "../../../src/domain/math/decimal.ts";
import { U64_MAX } from "../_helpers.ts";

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

  await t.step("isZeroDecimal: every digit zero, not what the text parses to", () => {
    for (const zero of ["0", "0.00", ".0", "00", "0.", "-0"]) assert.equal(isZeroDecimal(zero), true, zero);
    // Each parses to 0 at 6 decimals, and none is zero.
    for (const small of ["0.0000001", "0.00000000000000000001", ".0000009"]) {
      assert.equal(parseDecimal(small, 6), 0n, small);
      assert.equal(isZeroDecimal(small), false, small);
    }
    for (const other of ["1", "0.000001", "", ".", "abc", "0e1"]) assert.equal(isZeroDecimal(other), false, other);
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
