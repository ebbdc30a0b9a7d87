/**
 * How builders answer, on both interfaces: quote builders 200 `{err, code}` (v2's order rules 400), simple builders
 * an error status (earlier: 404 / 503 / 400 with the field at fault; v2: 400 with the refusal's field), signers
 * checked before anything is quoted, and the counting rule of `builder_failures_total` (every refusal of a request
 * that asked for a transaction, never a preview-only quote).
 */
import assert from "node:assert/strict";
import { ApiError } from "../../../src/http/errors.ts";
import { attempt, fail, failField, type QuoteErrorCode, type QuoteResult } from "../../../src/domain/quotes/result.ts";
import { readTransaction } from "../../helpers/read-transaction.ts";
import type { ErTransactionPlan } from "../../../src/domain/builders/plan.ts";
import { transferSolInstruction } from "../../../src/protocol/instructions/external/system.ts";
import {
  answerBuilder,
  answerQuoteBuilder,
  answerQuotePreview,
  requireAccepted,
  requireSessionPair,
  requireTradeSigner,
  withPreconditions,
} from "../../../src/handlers/shared/builder-answers.ts";
import { key } from "../../helpers/instructions.ts";
import { PROGRAM } from "../../helpers/hand-built-deployment.ts";
import type { DeploymentSnapshot } from "../../../src/domain/deployment-snapshot.ts";
import { harness, PAYER } from "./_helpers.ts";

const failed = (code: QuoteErrorCode): QuoteResult<number> => ({ ok: false, code, err: `${code} text` });
const plan: ErTransactionPlan = {
  chain: "er",
  feePayer: PAYER,
  instructions: [transferSolInstruction({ source: PAYER, destination: key("to") }, { lamports: 5n })],
};

Deno.test("answerQuoteBuilder: 200 with the quote and its transaction, built on the plan's chain", async () => {
  const h = harness();
  h.freshBlockhashes();
  const out = await h.within((c) =>
    answerQuoteBuilder(c, "v2AddCollateral", { ok: true, value: 2 }, () => plan, (v, tx) => ({ v: v * 2, tx }))
  );
  const body = await out.response.json();
  assert.equal(out.response.status, 200);
  assert.equal(body.v, 4);
  assert.equal(readTransaction(body.tx).blockhash, key("er-hash"));
  assert.deepEqual(h.failures, []);
});

Deno.test("answerQuoteBuilder: a quote's or a plan's refusal is 200 {err, code}, counted", async () => {
  const h = harness();
  h.freshBlockhashes();
  const bad = await h.within((c) =>
    answerQuoteBuilder(c, "closePosition", failed("UNKNOWN_SYMBOL"), () => plan, String)
  );
  assert.equal(bad.response.status, 200);
  assert.deepEqual(await bad.response.json(), { err: "UNKNOWN_SYMBOL text", code: "UNKNOWN_SYMBOL" });
  const refused = await h.within((c) =>
    answerQuoteBuilder(
      c,
      "v2ClosePosition",
      { ok: true, value: 1 },
      () => fail("BASKET_NOT_FOUND", "no basket"),
      String,
    )
  );
  assert.deepEqual(await refused.response.json(), { err: "no basket", code: "BASKET_NOT_FOUND" });
  // The earlier interface answers even an order rule 200 {err} inside a quote builder.
  const earlierRule = await h.within((c) =>
    answerQuoteBuilder(c, "openPosition", failed("TRIGGER_PRICE_INVALID"), () => plan, String)
  );
  assert.deepEqual(await earlierRule.response.json(), {
    err: "TRIGGER_PRICE_INVALID text",
    code: "TRIGGER_PRICE_INVALID",
  });
  assert.deepEqual(h.failures, [
    ["closePosition", "UNKNOWN_SYMBOL"],
    ["v2ClosePosition", "BASKET_NOT_FOUND"],
    ["openPosition", "TRIGGER_PRICE_INVALID"],
  ]);
});

Deno.test("answerQuoteBuilder: v2's order rules are 400 {error, code}, counted; a bug is not a refusal", async () => {
  const h = harness();
  h.freshBlockhashes();
  for (const code of ["ORDER_SLOT_INVALID", "ORDER_SLOTS_FULL", "ORDER_NOT_FOUND", "TRIGGER_PRICE_INVALID"] as const) {
    const out = await h.within((c) => answerQuoteBuilder(c, "v2OpenPosition", failed(code), () => plan, String));
    assert.ok(out.error instanceof ApiError);
    assert.deepEqual([out.error.status, out.error.code], [400, code]);
  }
  const size = await h.within((c) =>
    answerQuoteBuilder(c, "v2OpenPosition", { ok: true, value: 1 }, () => fail("ORDER_SIZE_INVALID", "x"), String)
  );
  assert.ok(size.error instanceof ApiError && size.error.status === 400);
  assert.equal(h.failures.length, 5);
  const bug = await h.within((c) =>
    answerQuoteBuilder(c, "v2OpenPosition", { ok: true, value: 1 }, () => {
      throw new TypeError("a bug");
    }, String)
  );
  assert.ok(bug.error instanceof TypeError);
  assert.equal(h.failures.length, 5);
});

Deno.test("answerQuotePreview: the quote or 200 {err, code}, v2's order rules 400, never counted", async () => {
  const h = harness();
  const ok = await h.within((c) => answerQuotePreview(c, "v2OpenPosition", { ok: true, value: 2 }, (v) => ({ v })));
  assert.deepEqual(await ok.response.json(), { v: 2 });
  const bad = await h.within((c) => answerQuotePreview(c, "openPosition", failed("UNKNOWN_SYMBOL"), (v) => v));
  assert.deepEqual([bad.response.status, await bad.response.json()], [200, {
    err: "UNKNOWN_SYMBOL text",
    code: "UNKNOWN_SYMBOL",
  }]);
  const rule = await h.within((c) => answerQuotePreview(c, "v2OpenPosition", failed("TRIGGER_PRICE_INVALID"), String));
  assert.ok(rule.error instanceof ApiError && rule.error.status === 400);
  assert.deepEqual(h.failures, []);
});

Deno.test("earlier simple builders: 404 for a missing account, 503 for a missing price, 400 with the field", async () => {
  const h = harness();
  const cases = [
    ["NOT_FOUND", 404, undefined],
    ["PRICE_UNAVAILABLE", 503, undefined],
    ["TRIGGER_PRICE_INVALID", 400, "body.triggerPriceUi"],
    ["ORDER_SIZE_INVALID", 400, "body.sizeAmountUi"],
    ["ORDER_NOT_FOUND", 400, "body.orderId"],
    ["UNKNOWN_SYMBOL", 400, undefined],
  ] as const;
  for (const [code, status, field] of cases) {
    const { error } = await h.within((c) => requireAccepted(c, "placeTriggerOrder", failed(code)));
    assert.ok(error instanceof ApiError);
    assert.deepEqual([error.status, error.code, error.field], [status, code, field]);
  }
  assert.equal(h.failures.length, cases.length);
});

Deno.test("v2 simple builders: every refusal is 400, naming the field when the refusal does", async () => {
  const h = harness();
  for (const code of ["NOT_FOUND", "PRICE_UNAVAILABLE", "TRIGGER_PRICE_INVALID"] as const) {
    const { error } = await h.within((c) => requireAccepted(c, "v2PlaceTriggerOrder", failed(code)));
    assert.ok(error instanceof ApiError);
    assert.deepEqual([error.status, error.code, error.field], [400, code, undefined]);
  }
  const named = await h.within((c) =>
    requireAccepted(
      c,
      "v2Withdraw",
      attempt(() => failField("FEE_PAYER_CONFLICT", "feePayer", "must differ from owner")),
    )
  );
  assert.ok(named.error instanceof ApiError);
  assert.deepEqual([named.error.status, named.error.field], [400, "body.feePayer"]);
  assert.equal(h.failures.length, 4);
});

Deno.test("answerBuilder: 200 {transactionBase64}, or the handler's shape of the plan", async () => {
  const h = harness();
  h.freshBlockhashes();
  const base = { ...plan, chain: "base" as const, receipt: key("receipt") };
  const plain = await h.within((c) => answerBuilder(c, "placeTriggerOrder", { ok: true, value: base }));
  const body = await plain.response.json();
  assert.deepEqual(Object.keys(body), ["transactionBase64"]);
  assert.equal(readTransaction(body.transactionBase64).blockhash, key("base-hash"));
  const shaped = await h.within((c) =>
    answerBuilder(c, "v2CustodySettlement", { ok: true, value: base }, (p, tx) => ({ tx, receipt: p.receipt }))
  );
  assert.equal((await shaped.response.json()).receipt, key("receipt"));
  assert.deepEqual(withPreconditions({ unmetPreconditions: ["BASKET_MISSING"] }, "tx"), {
    transactionBase64: "tx",
    unmetPreconditions: ["BASKET_MISSING"],
  });
  assert.deepEqual(h.failures, []);
});

Deno.test("signers: a refused session is 400 before any quote, counted; the preview's pair rule is not", async () => {
  const h = harness();
  const snapshot = { programId: PROGRAM.v2 } as DeploymentSnapshot;
  const owner = key("owner");
  const signer = await h.within((c) => requireTradeSigner(c, "v2ClosePosition", snapshot, { owner }));
  assert.deepEqual(signer.value, { owner, signer: owner });
  const half = await h.within((c) => requireTradeSigner(c, "v2ClosePosition", snapshot, { owner, signer: owner }));
  assert.ok(half.error instanceof ApiError);
  assert.deepEqual([half.error.status, half.error.code, half.error.field], [
    400,
    "VALIDATION_FAILED",
    "body.sessionToken",
  ]);
  assert.equal(half.error.message, "body.sessionToken is required together with signer");
  const preview = await h.within(() => requireSessionPair("v2OpenPosition", { sessionToken: key("token") }));
  assert.ok(preview.error instanceof ApiError);
  assert.deepEqual([preview.error.status, preview.error.field], [400, "body.signer"]);
  assert.equal(preview.error.message, "body.signer is required together with sessionToken");
  assert.deepEqual(h.failures, [["v2ClosePosition", "VALIDATION_FAILED"]]);
});
