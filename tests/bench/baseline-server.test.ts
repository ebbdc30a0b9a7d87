/**
 * The bench's baseline (bench/baseline-server.ts) answers each route with exactly the bytes and content type it was
 * given (sent as text, the form Deno serves fastest), a POST after parsing its JSON body.
 */
import assert from "node:assert/strict";
import { startBaseline } from "../../bench/processes.ts";
import { base64 } from "../../src/protocol/codec/bytes.ts";
import { CORS_EXPOSED_HEADERS } from "../../src/http/middleware/cors.ts";

Deno.test("baseline server: the same bytes and content type for every route, non-ASCII included", async () => {
  const answer = new TextEncoder().encode('{"name":"Señal","pools":[1,2,3]}');
  const baseline = await startBaseline([
    { method: "GET", path: "/v2/tokens?x=1", contentType: "application/json", bodyBase64: base64(answer) },
    { method: "POST", path: "/v2/preview/margin", contentType: "application/json", bodyBase64: base64(answer) },
  ]);
  try {
    for (
      const response of [
        await fetch(`${baseline.base}/v2/tokens?x=1`),
        await fetch(`${baseline.base}/v2/preview/margin`, { method: "POST", body: '{"a":1}' }),
      ]
    ) {
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-type"), "application/json");
      assert.deepEqual(new Uint8Array(await response.arrayBuffer()), answer);
    }
  } finally {
    await baseline.stop();
  }
});

Deno.test("baseline server, labelled: the same bytes with a fresh request id and the CORS headers of every answer", async () => {
  const answer = new TextEncoder().encode('{"status":"ok"}');
  const route = { method: "GET" as const, path: "/v2/health", contentType: "application/json" };
  const labelled = await startBaseline([{ ...route, bodyBase64: base64(answer) }], true);
  try {
    const ids = new Set<string | null>();
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${labelled.base}/v2/health`);
      assert.deepEqual(new Uint8Array(await response.arrayBuffer()), answer);
      assert.equal(response.headers.get("content-type"), "application/json");
      assert.match(response.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
      ids.add(response.headers.get("x-request-id"));
      assert.equal(response.headers.get("access-control-allow-origin"), "*");
      assert.equal(response.headers.get("access-control-expose-headers"), CORS_EXPOSED_HEADERS.join(","));
    }
    assert.equal(ids.size, 2);
  } finally {
    await labelled.stop();
  }
});
