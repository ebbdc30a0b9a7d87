/** Answers beyond the schema: quote outcomes as 200, and the request checks the schema cannot express. */
import assert from "node:assert/strict";
import { ApiError } from "../../../src/http/errors.ts";
import {
  answerQuote,
  missingField,
  positionTargetOf,
  requireModeInput,
  requirePositiveAmount,
  tokenStakeAccountOf,
} from "../../../src/handlers/shared/answers.ts";
import { harness } from "./_helpers.ts";

Deno.test("answerQuote: 200 with the (mapped) value, or 200 {err, code}", async () => {
  const h = harness();
  const ok = await h.within((c) => answerQuote(c, { ok: true, value: 2 }, (v) => ({ v: v * 2 })));
  assert.deepEqual([ok.response.status, await ok.response.json()], [200, { v: 4 }]);
  const bad = await h.within((c) => answerQuote(c, { ok: false, code: "UNKNOWN_SYMBOL", err: "no such symbol" }));
  assert.deepEqual([bad.response.status, await bad.response.json()], [200, {
    err: "no such symbol",
    code: "UNKNOWN_SYMBOL",
  }]);
  assert.deepEqual(h.failures, []);
});

Deno.test("request checks: missing fields, mode inputs, positive amounts, the vendor alias of the stake account", () => {
  const missing = missingField("limitPrice", "is required when orderType is LIMIT");
  assert.deepEqual([missing.status, missing.code, missing.field], [400, "VALIDATION_FAILED", "body.limitPrice"]);
  assert.equal(missing.message, "body.limitPrice is required when orderType is LIMIT");
  requireModeInput({ mode: "forward", triggerPriceUi: "1" });
  assert.throws(
    () => requireModeInput({ mode: "reverse_roi" }),
    (e) => e instanceof ApiError && e.field === "body.targetRoiPercent",
  );
  requirePositiveAmount("depositAmountUi", "0.01");
  assert.throws(
    () => requirePositiveAmount("depositAmountUi", "0.000"),
    (e) => e instanceof ApiError && e.code === "INVALID_DECIMAL",
  );
  assert.equal(tokenStakeAccountOf({ tokenStakeFafAccount: "x" }), "x");
  assert.equal(tokenStakeAccountOf({ tokenStakeTokenAccount: "y", tokenStakeFafAccount: "y" }), "y");
  assert.throws(
    () => tokenStakeAccountOf({ tokenStakeTokenAccount: "y", tokenStakeFafAccount: "x" }),
    (e) => e instanceof ApiError && e.field === "body.tokenStakeFafAccount",
  );
});

Deno.test("positionTargetOf: a position key wins over owner + market + side; neither is no target", () => {
  assert.deepEqual(positionTargetOf({ positionKey: "k", owner: "o", marketSymbol: "SOL", side: "LONG" }), {
    positionKey: "k",
  });
  assert.deepEqual(positionTargetOf({ owner: "o", marketSymbol: "SOL", side: "SHORT" }), {
    owner: "o",
    marketSymbol: "SOL",
    side: "SHORT",
  });
  assert.equal(positionTargetOf({ owner: "o" }), undefined);
});
