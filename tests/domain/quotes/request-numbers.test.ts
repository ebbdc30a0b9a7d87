import assert from "node:assert/strict";
import { parseU64Amount, parseUiPrice } from "../../../src/domain/quotes/request-numbers.ts";
import { failureOf as failure } from "../builders/v2/_helpers.ts";

Deno.test("parseU64Amount and parseUiPrice: within a u64, as the program holds every amount and price", () => {
  // u64 max at 9 decimals: 18,446,744,073.709551615 SOL.
  assert.equal(parseU64Amount("18446744073.709551615", 9, "outputAmountUi"), (1n << 64n) - 1n);
  assert.deepEqual(failure(() => parseU64Amount("18446744073.709551616", 9, "outputAmountUi")), {
    code: "COMPUTE_FAILED",
    err: "outputAmountUi is beyond the largest amount the program holds",
  });
  assert.equal(parseUiPrice("184467440737.09551615", -8, "limitPrice").price, (1n << 64n) - 1n);
  assert.deepEqual(failure(() => parseUiPrice("184467440737.09551616", -8, "limitPrice")), {
    code: "COMPUTE_FAILED",
    err: "limitPrice is beyond the largest price the program holds",
  });
});
