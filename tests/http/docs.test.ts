/** The machine-readable descriptions and the interactive docs page are served, with no CDN involved. */
import assert from "node:assert/strict";
import { testApp } from "../helpers/app.ts";
import { call } from "../helpers/contract.ts";
import { DOCUMENTS } from "../helpers/openapi.ts";
import { gunzipSync } from "node:zlib";

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

Deno.test("docs: the viewer's script is gzipped once when accepted, and streamed from one shared copy", async () => {
  // Before: each answer copied the 4.35 MB script whole, so every client that stopped reading held 4 MB.
  const app = await testApp();
  const plain = await app.request("/docs/scalar.js");
  const identity = new Uint8Array(await plain.arrayBuffer());
  assert.equal(plain.headers.get("content-length"), String(identity.length));
  assert.equal(plain.headers.get("content-encoding"), null);
  assert.equal(plain.headers.get("vary"), "Accept-Encoding");
  const zipped = await app.request("/docs/scalar.js", { headers: { "accept-encoding": "gzip, deflate, br" } });
  assert.equal(zipped.headers.get("content-encoding"), "gzip");
  const gzip = new Uint8Array(await zipped.arrayBuffer());
  assert.equal(zipped.headers.get("content-length"), String(gzip.length));
  assert.ok(gzip.length < identity.length / 3, `gzip ${gzip.length} of ${identity.length}`);
  assert.deepEqual(new Uint8Array(gunzipSync(gzip)), identity);
  // Chunks of two answers are views of one buffer: nothing is copied per answer.
  const chunks = await Promise.all([1, 2].map(async () => {
    const reader = (await app.request("/docs/scalar.js")).body!.getReader();
    const { value } = await reader.read();
    await reader.cancel();
    return value!;
  }));
  assert.equal(chunks[0].buffer, chunks[1].buffer);
  assert.equal(chunks[0].length, 64 * 1024);
});
