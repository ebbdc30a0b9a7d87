/**
 * The running app, the generated code and the YAML agree:
 * - drift: the served operations (method, path, status) and component names equal the YAML's, per interface, and
 *   the CORS headers the middleware sends are those `x-cors` documents;
 * - every documented operation answers with a documented status and body (or 501 until its handler lands);
 * - every POST route rejects malformed bodies with 400 `{error, code, field}`, never 500.
 */
import assert from "node:assert/strict";
import { createInterfaceApps } from "../../src/http/app.ts";
import { handlers } from "../../src/handlers/mod.ts";
import {
  CORS_ALLOWED_HEADERS,
  CORS_ALLOWED_METHODS,
  CORS_EXPOSED_HEADERS,
  CORS_MAX_AGE_SECONDS,
} from "../../src/http/middleware/cors.ts";
import { call } from "../helpers/contract.ts";
import {
  asOpenApiDocument,
  corsOf,
  deref,
  DOCUMENTS,
  type HeaderObject,
  type OpenApiDocument,
  operationsOf,
  type SchemaObject,
} from "../helpers/openapi.ts";
import {
  isDecimalSchema,
  isPubkeySchema,
  nonNullType,
  requestBodySchema,
  sampleObject,
  sampleUrl,
} from "../helpers/samples.ts";
import { testApp } from "../helpers/app.ts";
import type { JsonObject, JsonValue } from "../../src/protocol/codec/json.ts";

function statusSet(doc: OpenApiDocument): Set<string> {
  return new Set(
    operationsOf(doc).flatMap(({ path, method, operation }) =>
      Object.keys(operation.responses).map((status) => `${method.toUpperCase()} ${path} ${status}`)
    ),
  );
}

Deno.test("drift: served operations and components equal the YAML", async (t) => {
  const apps = createInterfaceApps(handlers);
  for (const iface of ["v2", "earlier"] as const) {
    await t.step(iface, () => {
      const served = asOpenApiDocument(
        apps[iface].getOpenAPI31Document({ openapi: "3.1.0", info: { title: iface, version: "0" } }),
      );
      const yaml = DOCUMENTS[iface];
      assert.deepEqual([...statusSet(served)].sort(), [...statusSet(yaml)].sort());
      assert.deepEqual(
        Object.keys(served.components?.schemas ?? {}).sort(),
        Object.keys(yaml.components?.schemas ?? {}).sort(),
      );
    });
  }
});

Deno.test("drift: the CORS middleware's header values are the ones `x-cors` documents, in both interfaces", () => {
  for (const doc of Object.values(DOCUMENTS)) {
    const cors = corsOf(doc);
    const preflight = deref(doc, cors.preflight).headers ?? {};
    const value = (header: HeaderObject | undefined) => deref(doc, header)?.schema.const;
    assert.equal(value(preflight["Access-Control-Allow-Methods"]), CORS_ALLOWED_METHODS.join(","));
    assert.equal(value(preflight["Access-Control-Allow-Headers"]), CORS_ALLOWED_HEADERS.join(","));
    assert.equal(value(preflight["Access-Control-Max-Age"]), CORS_MAX_AGE_SECONDS);
    assert.equal(value(cors.headers["Access-Control-Expose-Headers"]), CORS_EXPOSED_HEADERS.join(","));
  }
});

Deno.test("every documented operation answers as documented (or 501 before its handler lands)", async (t) => {
  const app = await testApp();
  for (const [iface, doc] of Object.entries(DOCUMENTS)) {
    for (const { path, method, operation } of operationsOf(doc)) {
      await t.step(`${iface} ${method.toUpperCase()} ${path}`, async () => {
        const bodySchema = requestBodySchema(doc, operation);
        const body = bodySchema ? sampleObject(doc, bodySchema) : undefined;
        const response = await call(app, method.toUpperCase(), sampleUrl(doc, path, operation), body);
        // This app is never started: nothing is ingested and no blockhash was fetched, so a builder whose request
        // is valid answers its documented 500 BLOCKHASH_UNAVAILABLE.
        const noBlockhash = response.status === 500 && response.body.code === "BLOCKHASH_UNAVAILABLE";
        assert.ok(
          response.status < 500 || [501, 503].includes(response.status) || noBlockhash,
          `${response.status} ${response.text}`,
        );
        if (response.status === 501) {
          assert.equal(operation.operationId in handlers, false, "a landed handler must not answer 501");
          // The earlier trigger-order builders name their message `err` (earlier-interface document, Errors 1).
          const { error, err, ...rest } = response.body;
          assert.deepEqual({ message: error ?? err, ...rest }, { message: "not implemented", code: "NOT_IMPLEMENTED" });
        }
      });
    }
  }
});

interface Breakage {
  name: string;
  expectCode: string;
  mutate: (body: JsonObject) => void;
  field: string;
}

/** The ways to break a valid body, derived from its schema: one field at a time. */
function breakages(doc: OpenApiDocument, schema: SchemaObject): Breakage[] {
  const s = deref(doc, schema);
  const out: Breakage[] = [];
  const properties = Object.entries(s.properties ?? {});
  for (const name of s.required ?? []) {
    out.push({ name: `missing ${name}`, expectCode: "VALIDATION_FAILED", field: name, mutate: (b) => delete b[name] });
  }
  for (const [name, prop] of properties) {
    const p = deref(doc, prop);
    const type = nonNullType(p);
    const wrong: JsonValue | undefined = type === "string" || p.enum
      ? 12345
      : type === "boolean" || type === "number" || type === "integer"
      ? "not-a-value"
      : type === "object"
      ? "not-an-object"
      : undefined;
    if (wrong !== undefined) {
      out.push({
        name: `wrong type ${name}`,
        expectCode: "VALIDATION_FAILED",
        field: name,
        mutate: (b) => (b[name] = wrong),
      });
    }
    if (p.enum && p.enum.every((v) => typeof v === "string")) {
      out.push({
        name: `bad enum ${name}`,
        expectCode: "VALIDATION_FAILED",
        field: name,
        mutate: (b) => (b[name] = "NOT_AN_OPTION"),
      });
    }
    if (isPubkeySchema(doc, p)) {
      out.push({
        name: `invalid pubkey ${name}`,
        expectCode: "INVALID_PUBKEY",
        field: name,
        mutate: (b) => (b[name] = "0OIl-not-base58"),
      });
    }
    if (isDecimalSchema(doc, p)) {
      out.push({
        name: `non-decimal ${name}`,
        expectCode: "INVALID_DECIMAL",
        field: name,
        mutate: (b) => (b[name] = "12abc"),
      });
    }
    const maximum = p.maximum ?? p.exclusiveMaximum;
    if ((type === "number" || type === "integer") && maximum !== undefined) {
      const above = maximum + 1;
      out.push({
        name: `out of range ${name}`,
        expectCode: "VALIDATION_FAILED",
        field: name,
        mutate: (b) => (b[name] = above),
      });
    }
  }
  return out;
}

Deno.test("malformed POST bodies get 400 {error, code, field}, never 500", async (t) => {
  const app = await testApp();
  let cases = 0;
  for (const [iface, doc] of Object.entries(DOCUMENTS)) {
    for (const { path, method, operation } of operationsOf(doc)) {
      const schema = method === "post" ? requestBodySchema(doc, operation) : undefined;
      if (!schema) continue;
      for (const breakage of breakages(doc, schema)) {
        await t.step(`${iface} ${path}: ${breakage.name}`, async () => {
          const body = sampleObject(doc, schema);
          // Optional fields are broken too, so put the field in before breaking it.
          const props = deref(doc, schema).properties ?? {};
          if (!(breakage.field in body) && props[breakage.field]) body[breakage.field] = null;
          breakage.mutate(body);
          const response = await call(app, "POST", sampleUrl(doc, path, operation), body);
          assert.equal(response.status, 400, response.text);
          assert.equal(response.body.code, breakage.expectCode, response.text);
          assert.equal(response.body.field, `body.${breakage.field}`, response.text);
          // The earlier trigger-order builders name their message `err` (earlier-interface document, Errors 1).
          assert.match(response.body.error ?? response.body.err, new RegExp(breakage.field));
        });
        cases++;
      }
    }
  }
  assert.ok(cases > 0);
});

Deno.test("501 is documented on every operation that can still answer it (no handler yet)", () => {
  for (const doc of Object.values(DOCUMENTS)) {
    for (const { path, method, operation } of operationsOf(doc)) {
      if (operation.operationId in handlers) continue;
      assert.ok("501" in operation.responses, `${method.toUpperCase()} ${path} answers 501 but does not document it`);
    }
  }
});

Deno.test("a body that is not JSON gets 400 INVALID_JSON", async () => {
  const app = await testApp();
  const [path] = Object.entries(DOCUMENTS.v2.paths).find(([, item]) => item.post)!;
  const response = await call(app, "POST", path, "{not json", { headers: { "content-type": "application/json" } });
  assert.equal(response.status, 400);
  assert.equal(response.body.code, "INVALID_JSON");
});

Deno.test("a body over 64 KiB gets 413 PAYLOAD_TOO_LARGE", async () => {
  const app = await testApp();
  const [path] = Object.entries(DOCUMENTS.v2.paths).find(([, item]) => item.post)!;
  const response = await call(app, "POST", path, { padding: "x".repeat(70 * 1024) });
  assert.equal(response.status, 413);
  assert.equal(response.body.code, "PAYLOAD_TOO_LARGE");
});

Deno.test("an unknown route gets 404 {error, code: NOT_FOUND}", async () => {
  const app = await testApp();
  const response = await app.request("/v2/no-such-thing");
  assert.equal(response.status, 404);
  assert.deepEqual(await response.json(), { error: "no route for GET /v2/no-such-thing", code: "NOT_FOUND" });
});
