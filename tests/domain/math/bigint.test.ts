import assert from "node:assert/strict";
import {
  ceilDiv,
  decimalCeilMul,
  decimalDiv,
  decimalMul,
  floorDiv,
  mulDiv,
  pow10,
} from "../../../src/domain/math/bigint.ts";
import { U64_MAX } from "../_helpers.ts";

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
