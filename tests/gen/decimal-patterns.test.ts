/**
 * The contract's request decimal patterns (`DecimalInput`, `SignedDecimalInput`) and the parser agree: every string
 * the pattern lets through, including the typed forms `".5"` and `"25."`, parses to the value of its plain form, and
 * the parser needs no other leniency for them (issue 12 item 4).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import v2Doc from "../../gen/v2/openapi.json" with { type: "json" };
import { parseDecimal } from "../../src/domain/math/decimal.ts";

const UNSIGNED = new RegExp(v2Doc.components.schemas.DecimalInput.pattern);
const SIGNED = new RegExp(v2Doc.components.schemas.SignedDecimalInput.pattern);

Deno.test("typed decimal forms: the parser reads them as their plain forms", () => {
  assert.equal(parseDecimal(".5", 6), 500_000n);
  assert.equal(parseDecimal("25.", 6), 25_000_000n);
  assert.equal(parseDecimal("-.5", 6, { allowNegative: true }), -500_000n);
  assert.equal(parseDecimal("-25.", 2, { allowNegative: true }), -2_500n);
  assert.equal(parseDecimal(".000001", 6), 1n);
  for (const form of [".5", "25.", "-.5", "-25."]) assert.ok(SIGNED.test(form), form);
  for (const form of [".5", "25."]) assert.ok(UNSIGNED.test(form), form);
  for (const bad of [".", "-.", "-", "", "..5", "5..", "+5", "-.5"]) assert.equal(UNSIGNED.test(bad), false, bad);
  for (const bad of [".", "-.", "-", "", "--5", "+.5"]) assert.equal(SIGNED.test(bad), false, bad);
});

Deno.test("typed decimal forms: whatever the contract pattern accepts parses to the plain form's value", () => {
  const digits = (max: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), maxLength: max });
  fc.assert(
    fc.property(fc.boolean(), digits(20), fc.boolean(), digits(20), (negative, whole, dot, fraction) => {
      const text = `${negative ? "-" : ""}${whole}${dot ? "." : ""}${dot ? fraction : ""}`;
      const unambiguous = whole !== "" || (dot && fraction !== "");
      assert.equal(SIGNED.test(text), unambiguous, text);
      assert.equal(UNSIGNED.test(text), unambiguous && !negative, text);
      if (!unambiguous) return;
      const plain = `${negative ? "-" : ""}${whole || "0"}${dot && fraction ? `.${fraction}` : ""}`;
      assert.equal(parseDecimal(text, 9, { allowNegative: true }), parseDecimal(plain, 9, { allowNegative: true }));
    }),
    { numRuns: 2_000 },
  );
});
