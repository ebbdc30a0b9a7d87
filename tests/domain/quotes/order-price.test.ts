/** Order prices as instructions carry them: the oracle's exponent, non-zero, within u64. */
import assert from "node:assert/strict";
import { parseOrderPrice } from "../../../src/domain/quotes/order-price.ts";
import { U64_MAX } from "../../../src/protocol/constants.ts";
import { QuoteError } from "../../../src/domain/quotes/result.ts";

const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof QuoteError) return e.code;
    throw e;
  }
  return "none";
};

Deno.test("parseOrderPrice: the exponent's digits, truncated; zero and beyond u64 are TRIGGER_PRICE_INVALID", () => {
  assert.deepEqual(parseOrderPrice("148.52", -8, "p"), { price: 14_852_000_000n, exponent: -8 });
  assert.deepEqual(parseOrderPrice("1.0642510060", -10, "p"), { price: 10_642_510_060n, exponent: -10 });
  assert.deepEqual(parseOrderPrice("1.123456789", -8, "p"), { price: 112_345_678n, exponent: -8 });
  assert.equal(codeOf(() => parseOrderPrice("0", -8, "p")), "TRIGGER_PRICE_INVALID");
  assert.equal(codeOf(() => parseOrderPrice("0.000000001", -8, "p")), "TRIGGER_PRICE_INVALID"); // truncates to 0
  assert.deepEqual(parseOrderPrice("184467440737.09551615", -8, "p"), { price: U64_MAX, exponent: -8 });
  assert.equal(codeOf(() => parseOrderPrice("184467440737.09551616", -8, "p")), "TRIGGER_PRICE_INVALID");
  assert.equal(codeOf(() => parseOrderPrice("1e5", -8, "p")), "TRIGGER_PRICE_INVALID");
});
