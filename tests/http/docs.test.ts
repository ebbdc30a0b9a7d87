/** The machine-readable descriptions and the interactive docs page are served, with no CDN involved. */
import assert from "node:assert/strict";
import { testApp } from "../helpers/app.ts";
import { call } from "../helpers/contract.ts";
import { DOCUMENTS } from "../helpers/openapi.ts";

Deno.test("both OpenAPI documents are served verbatim as JSON", async () => {
  const app = await testApp();
  for (
    const [url, doc] of [["/v2/api-docs/openapi.json", DOCUMENTS.v2], ["/api-docs/openapi.json", DOCUMENTS.earlier]]
  ) {
    const response = await call(app, "GET", url as string);
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /application\/json/);
    assert.deepEqual(response.body, doc);
  }
});

Deno.test("the docs page lists both documents and loads its viewer from this server only", async () => {
  const app = await testApp();
  const page = await call(app, "GET", "/docs/");
  assert.equal(page.status, 200);
  assert.match(page.headers.get("content-type") ?? "", /text\/html/);
  assert.match(page.text, /\/v2\/api-docs\/openapi\.json/);
  assert.match(page.text, /\/api-docs\/openapi\.json/);
  const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(sources.length > 0);
  for (const source of sources) assert.ok(source.startsWith("/"), `external asset ${source}`);

  const script = await app.request("/docs/scalar.js");
  assert.equal(script.status, 200);
  assert.match(script.headers.get("content-type") ?? "", /javascript/);
  assert.ok((await script.arrayBuffer()).byteLength > 100_000);
});
