/**
 * The bench's baseline (bench/baseline-server.ts) answers each route with exactly the bytes and content type it was
 * given (sent as text, the form Deno serves fastest), a POST after parsing its JSON body.
 */
import assert from "node:assert/strict";
import { startBaseline } from "../../bench/processes.ts";
import { base64 } from "../../src/protocol/codec/bytes.ts";

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
