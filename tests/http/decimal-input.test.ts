/**
 * Decimal request strings as people type them (issue 12 item 4): `".5"` means 0.5 and `"25."` means 25 in every
 * decimal request field of both interfaces (`DecimalInput`, `SignedDecimalInput`, `SlippagePercentage`), and the
 * answer is exactly the one to `"0.5"` / `"25"`. Forms that are not unambiguous numbers stay 400 INVALID_DECIMAL.
 * Every answer goes through `call`, which validates it against the YAML.
 */
import assert from "node:assert/strict";
import { call } from "../helpers/contract.ts";
import { deref, DOCUMENTS, operationsOf } from "../helpers/openapi.ts";
import { isDecimalSchema, requestBodySchema, sampleObject, sampleUrl } from "../helpers/samples.ts";
import { ALICE, DAVE, fixtureApp } from "../helpers/hand-built-deployment.ts";
import type { JsonValue } from "../../src/protocol/codec/json.ts";

/** Every decimal field of every request body of both interfaces, with a valid sample body around it. */
const DECIMAL_FIELDS = Object.entries(DOCUMENTS).flatMap(([iface, doc]) =>
  operationsOf(doc).flatMap(({ path, method, operation }) => {
    const schema = method === "post" ? requestBodySchema(doc, operation) : undefined;
    if (!schema) return [];
    const properties = Object.entries(deref(doc, schema).properties ?? {});
    return properties.filter(([, prop]) => isDecimalSchema(doc, prop)).map(([field, prop]) => ({
      iface,
      url: sampleUrl(doc, path, operation),
      field,
      body: sampleObject(doc, schema),
      signed: deref(doc, prop).pattern?.startsWith("^-?") ?? false,
    }));
  })
);

Deno.test('every decimal request field of both interfaces accepts ".5" and "25." (no INVALID_DECIMAL)', async () => {
  assert.ok(DECIMAL_FIELDS.filter((f) => f.iface === "v2").length >= 10, "v2 decimal fields found");
  assert.ok(DECIMAL_FIELDS.filter((f) => f.iface === "earlier").length >= 10, "earlier decimal fields found");
  const app = fixtureApp();
  for (const { url, field, body, signed } of DECIMAL_FIELDS) {
    for (const typed of [".5", "25.", "1.", ...(signed ? ["-.5", "-25."] : [])]) {
      const r = await call(app, "POST", url, { ...body, [field]: typed });
      const rejected = r.status === 400 && r.body.field === `body.${field}`;
      assert.ok(!rejected, `${url} ${field}=${typed}: ${r.text}`);
    }
  }
});

Deno.test("decimal forms that are not unambiguous numbers stay 400 INVALID_DECIMAL, naming the field", async () => {
  const app = fixtureApp();
  const malformed = [".", "-.", "..5", "5..", ".5.", "1.2.3", "+.5", "+5", " .5", ". 5", "5 .", "1e3", ",5", "5,"];
  for (const { url, field, body, signed } of DECIMAL_FIELDS) {
    for (const text of [...malformed, ...(signed ? [] : ["-.5", "-5."])]) {
      const r = await call(app, "POST", url, { ...body, [field]: text });
      assert.equal(r.status, 400, `${url} ${field}=${JSON.stringify(text)}: ${r.text}`);
      assert.equal(r.body.code, "INVALID_DECIMAL", `${url} ${field}=${JSON.stringify(text)}: ${r.text}`);
      assert.equal(r.body.field, `body.${field}`);
    }
  }
});

/** The plain forms of a request and its typed twin: `0.x` → `.x` and a whole number `n` → `n.`. */
function typedTwin(plain: string): string | undefined {
  const match = /^(-?)(0?)(\.[0-9]+)$/.exec(plain);
  if (match?.[2] === "0") return `${match[1]}${match[3]}`;
  if (/^-?[0-9]+$/.test(plain)) return `${plain}.`;
  return undefined;
}

Deno.test("typed forms answer exactly what the plain forms answer (quotes and previews, both interfaces)", async (t) => {
  const app = fixtureApp();
  const open = { inputTokenSymbol: "SOL", outputTokenSymbol: "SOL", leverage: 5, tradeType: "LONG" };
  const cases: [string, Record<string, JsonValue>][] = [
    ["/v2/transaction-builder/open-position", { ...open, inputAmountUi: "0.5", takeProfit: "200", stopLoss: "100" }],
    ["/v2/transaction-builder/open-position", { ...open, inputAmountUi: "2", orderType: "LIMIT", limitPrice: "150" }],
    ["/transaction-builder/open-position", { ...open, inputTokenSymbol: "USDC", inputAmountUi: "100" }],
    ["/transaction-builder/open-position", { ...open, inputAmountUi: "0.25", slippagePercentage: "0.5" }],
    ["/v2/preview/limit-order-fees", { marketSymbol: "SOL", inputAmountUi: "1", outputAmountUi: "3", side: "LONG" }],
    ["/preview/limit-order-fees", {
      marketSymbol: "SOL",
      inputAmountUi: "0.5",
      outputAmountUi: "2",
      side: "LONG",
      limitPrice: "140",
    }],
    ["/v2/preview/exit-fee", { owner: ALICE, marketSymbol: "SOL", side: "LONG", closeAmountUsdUi: "500" }],
    ["/preview/exit-fee", { owner: DAVE, marketSymbol: "SOL", side: "LONG", closeAmountUsdUi: "0.5" }],
    ["/v2/preview/margin", { owner: ALICE, marketSymbol: "SOL", side: "LONG", marginDeltaUsdUi: "50", action: "ADD" }],
    ["/v2/preview/tp-sl", { mode: "forward", owner: ALICE, marketSymbol: "SOL", side: "LONG", triggerPriceUi: "180" }],
    ["/v2/preview/tp-sl", {
      mode: "reverse_pnl",
      owner: ALICE,
      marketSymbol: "SOL",
      side: "LONG",
      targetPnlUsdUi: "-20",
    }],
    ["/preview/tp-sl", {
      mode: "forward",
      marketSymbol: "SOL",
      side: "LONG",
      entryPriceUi: "140",
      sizeUsdUi: "700",
      collateralUsdUi: "140",
      triggerPriceUi: "160",
    }],
  ];
  let compared = 0;
  for (const [url, body] of cases) {
    const plain = await call(app, "POST", url, body);
    assert.equal(plain.status, 200, `${url}: ${plain.text}`);
    assert.equal(plain.body.code, undefined, `${url} answers a quote, not an error: ${plain.text}`);
    for (const [field, value] of Object.entries(body)) {
      const twin = typeof value === "string" ? typedTwin(value) : undefined;
      if (twin === undefined) continue;
      await t.step(`${url} ${field}: ${JSON.stringify(twin)} = ${JSON.stringify(value)}`, async () => {
        const typed = await call(app, "POST", url, { ...body, [field]: twin });
        assert.equal(typed.status, plain.status);
        assert.deepEqual(typed.body, plain.body);
      });
      compared++;
    }
  }
  assert.ok(compared >= 20, `${compared} comparisons`);
});
