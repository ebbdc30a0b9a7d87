/** Refusals as values: `fail` / `failField`, and the two runners (quotes catch everything, builder steps only refusals). */
import assert from "node:assert/strict";
import {
  attempt,
  COMPUTE_FAILED_TEXT,
  fail,
  failField,
  QuoteError,
  runQuote,
  unwrapQuote,
} from "../../../src/domain/quotes/result.ts";

Deno.test("a refusal becomes a value; one naming a field keeps it, others carry none", () => {
  assert.deepEqual(runQuote(() => fail("UNKNOWN_SYMBOL", "no such symbol")), {
    ok: false,
    code: "UNKNOWN_SYMBOL",
    err: "no such symbol",
  });
  assert.deepEqual(attempt(() => failField("FEE_PAYER_CONFLICT", "feePayer", "must differ from owner")), {
    ok: false,
    code: "FEE_PAYER_CONFLICT",
    err: "body.feePayer must differ from owner",
    field: "body.feePayer",
  });
  assert.deepEqual(attempt(() => 3), { ok: true, value: 3 });
});

Deno.test("runQuote turns any other exception into COMPUTE_FAILED; attempt lets it through", () => {
  const bug = () => {
    throw new RangeError("division by zero");
  };
  assert.deepEqual(runQuote(bug), { ok: false, code: "COMPUTE_FAILED", err: COMPUTE_FAILED_TEXT });
  assert.throws(() => attempt(bug), RangeError);
});

Deno.test("unwrapQuote raises a failure again, field included", () => {
  assert.equal(unwrapQuote({ ok: true, value: "x" }), "x");
  assert.throws(
    () => unwrapQuote({ ok: false, code: "VALIDATION_FAILED", err: "body.owner bad", field: "body.owner" }),
    (e) => e instanceof QuoteError && e.code === "VALIDATION_FAILED" && e.field === "body.owner",
  );
});
