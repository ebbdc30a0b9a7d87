/**
 * Regression tests for the hostile-input findings of issue 14 (each was reproduced before its fix).
 * The property-based sweep over every route lives in tests/http/fuzz.test.ts.
 */
import assert from "node:assert/strict";
import { startedReadService, testApp, testService } from "../helpers/app.ts";
import { scrape } from "../helpers/metrics.ts";
import { call } from "../helpers/contract.ts";
import { deref, DOCUMENTS, type OpenApiDocument, type SchemaObject } from "../helpers/openapi.ts";
import type { JsonObject } from "../../src/protocol/codec/json.ts";
import { requestBodySchema, SAMPLE_PUBKEY, sampleObject } from "../helpers/samples.ts";

/** 32 characters of valid base58 that decode to 23 bytes, not 32. */
const SHORT_KEY = "2".repeat(32);
/** 44 characters of valid base58 that decode to 33 bytes. */
const LONG_KEY = "z".repeat(44);

/** The request body schema of a POST route (the test names only routes that have one). */
function postBodySchema(doc: OpenApiDocument, path: string): SchemaObject {
  const operation = doc.paths[path]?.post;
  const schema = operation && requestBodySchema(doc, operation);
  if (!schema) throw new Error(`POST ${path} has no JSON body in the document`);
  return schema;
}

function sampleBody(iface: "v2" | "earlier", path: string): JsonObject {
  const doc = DOCUMENTS[iface];
  return sampleObject(doc, postBodySchema(doc, path));
}

Deno.test("a base58 key that is not 32 bytes is 400 INVALID_PUBKEY everywhere (was 500 / 200 COMPUTE_FAILED)", async (t) => {
  const app = await testApp();
  for (const key of [SHORT_KEY, LONG_KEY]) {
    await t.step(`path ${key.length} chars`, async () => {
      for (const url of [`/v2/owner/${key}`, `/positions/owner/${key}?includePnlInLeverageDisplay=false`]) {
        const response = await call(app, "GET", url);
        assert.equal(response.status, 400, response.text);
        assert.equal(response.body.code, "INVALID_PUBKEY");
        assert.equal(response.body.field, "path.owner");
      }
    });
    await t.step(`body ${key.length} chars`, async () => {
      const body = { ...sampleBody("v2", "/v2/preview/exit-fee"), owner: key };
      const response = await call(app, "POST", "/v2/preview/exit-fee", body);
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.code, "INVALID_PUBKEY");
      assert.equal(response.body.field, "body.owner");
    });
  }
  await t.step("a real 32-byte key still passes", async () => {
    // Past validation, this never-started service answers its not-loaded 503 (handlers/shared/first-load.ts).
    const response = await call(app, "GET", `/v2/owner/${SAMPLE_PUBKEY}`);
    assert.equal(response.body.code, "STALE_DATA", response.text);
  });
});

Deno.test("unknown HTTP methods are refused before bookkeeping: no new metric series (was unbounded)", async () => {
  const { app, services } = await testService();
  const metricsSize = async () => (await scrape(services)).length;
  await app.request("/v2/prices"); // the series of a known request exist from here on
  const before = await metricsSize();
  for (let i = 0; i < 500; i++) {
    const response = await app.request("/v2/prices", { method: `FOO${i}` });
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { error: "unsupported HTTP method", code: "NOT_FOUND" });
  }
  const text = await scrape(services);
  assert.doesNotMatch(text, /FOO/);
  // /metrics itself was counted twice more; nothing else may have grown.
  assert.ok(text.length - before < 2_000, `grew by ${text.length - before} bytes`);
});

Deno.test("unknown paths share one route label, so random paths cannot mint series either", async () => {
  const { app, services } = await testService();
  for (let i = 0; i < 50; i++) await app.request(`/no/such/path/${i}`);
  const text = await scrape(services);
  assert.doesNotMatch(text, /no\/such/);
  assert.match(text, /http_requests_total\{method="GET",route="other",status="404"\} 50/);
});

Deno.test("the earlier trigger-order builders answer body errors as {err, code} (was {error})", async (t) => {
  const app = await testApp();
  const path = "/transaction-builder/place-trigger-order";
  await t.step("invalid JSON", async () => {
    const response = await call(app, "POST", path, "{not json", { headers: { "content-type": "application/json" } });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, { err: "request body is not valid JSON", code: "INVALID_JSON" });
  });
  await t.step("wrong content type", async () => {
    const response = await call(app, "POST", path, JSON.stringify(sampleBody("earlier", path)), {
      headers: { "content-type": "text/plain" },
    });
    assert.equal(response.status, 400);
    assert.equal(response.body.err, "request body must be sent as application/json");
    assert.equal(response.body.field, "body");
  });
  await t.step("other builders keep {error, code}", async () => {
    const response = await call(app, "POST", "/transaction-builder/close-position", "{", {
      headers: { "content-type": "application/json" },
    });
    assert.deepEqual(response.body, { error: "request body is not valid JSON", code: "INVALID_JSON" });
  });
});

Deno.test("whole-body errors name field `body`, which the contract's field pattern now allows", async () => {
  const app = await testApp();
  for (const raw of ["[]", '"text"', "null", "42"]) {
    const response = await call(app, "POST", "/v2/preview/margin", raw, {
      headers: { "content-type": "application/json" },
    });
    assert.equal(response.status, 400, raw);
    assert.deepEqual(response.body, {
      error: "request body must be a JSON object",
      code: "INVALID_JSON",
      field: "body",
    });
  }
  const wrongType = await call(app, "POST", "/v2/preview/margin", "{}", { headers: { "content-type": "text/plain" } });
  assert.equal(wrongType.status, 400);
  assert.equal(wrongType.body.field, "body");
});

Deno.test("request amounts are bounded (20 + 20 digits), so answers stay within the contract's lengths", async (t) => {
  const service = await startedReadService();
  const app = service.app;
  try {
    const previews = [
      "/v2/preview/exit-fee",
      "/v2/preview/margin",
      "/v2/preview/tp-sl",
      "/v2/preview/limit-order-fees",
    ];
    const doc = DOCUMENTS.v2;
    const decimalFields = (path: string) =>
      Object.entries(deref(doc, postBodySchema(doc, path)).properties ?? {})
        .filter(([, prop]) => /DecimalInput$/.test(prop.$ref ?? ""))
        .map(([name]) => name);
    for (const path of previews) {
      await t.step(`${path}: 64 digits is 400 INVALID_DECIMAL`, async () => {
        for (const field of decimalFields(path)) {
          const response = await call(app, "POST", path, { ...sampleBody("v2", path), [field]: "9".repeat(64) });
          assert.equal(response.status, 400, response.text);
          assert.equal(response.body.code, "INVALID_DECIMAL", response.text);
          assert.equal(response.body.field, `body.${field}`);
        }
      });
      await t.step(`${path}: the largest accepted values answer within the contract`, async () => {
        const largest = `${"9".repeat(20)}.${"9".repeat(20)}`;
        const body = sampleBody("v2", path);
        for (const field of decimalFields(path)) body[field] = largest;
        // call() validates the answer, including every string's maxLength, against the YAML.
        const response = await call(app, "POST", path, body);
        assert.ok([200, 400].includes(response.status), response.text);
      });
    }
  } finally {
    await service.stop();
  }
});

Deno.test("HEAD on a WebSocket route answers the documented 426 of its GET (no handshake), with no body", async () => {
  const app = await testApp();
  for (const url of [`/v2/owner/${SAMPLE_PUBKEY}/ws`, `/owner/${SAMPLE_PUBKEY}/ws`]) {
    const response = await call(app, "HEAD", url);
    assert.equal(response.status, 426);
    assert.equal(response.text, "");
  }
});

Deno.test("a request head over 64 KiB or a URL with invalid UTF-8 gets the documented empty 400", async () => {
  const app = await testApp();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, app.fetch);
  try {
    const raw = async (head: Uint8Array) => {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
      try {
        await conn.write(head);
        const chunks: Uint8Array[] = [];
        const buffer = new Uint8Array(4096);
        for (;;) {
          // The server closes at once after refusing; unread bytes of ours can turn that into a reset.
          const n = await conn.read(buffer).catch(() => null);
          if (n === null) break;
          chunks.push(buffer.slice(0, n));
        }
        return new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c])));
      } finally {
        conn.close();
      }
    };
    const encode = (text: string) => new TextEncoder().encode(text);
    const tail = " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
    const long = await raw(encode(`GET /v2/prices/${"A".repeat(70 * 1024)}${tail}`));
    assert.match(long, /^HTTP\/1\.1 400 /);
    assert.match(long, /content-length: 0/i);
    const invalid = await raw(new Uint8Array([...encode("GET /v2/prices/"), 0xff, ...encode(tail)]));
    assert.match(invalid, /^HTTP\/1\.1 400 /);
    // Both documents say so.
    for (const doc of Object.values(DOCUMENTS)) assert.match(doc.info?.description ?? "", /exceed 64 KiB/);
    // Just under the limit the app answers with its usual body.
    const fine = await raw(encode(`GET /v2/prices/${"A".repeat(60 * 1024)}${tail}`));
    assert.match(fine, /^HTTP\/1\.1 400 /);
    assert.match(fine, /"code":"VALIDATION_FAILED"/);
  } finally {
    await server.shutdown();
  }
});
