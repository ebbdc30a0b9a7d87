/**
 * The body limit judges a declared length without reading the body, counts an undeclared (chunked) one as it is read,
 * and in both cases leaves an accepted body readable by the route. Over a real socket too, where Deno's HTTP parser
 * frames the body by its `Content-Length`.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { limitRequestBody } from "../../../src/http/middleware/body-limit.ts";
import { serveOnLoopback } from "../../helpers/streams.ts";

const LIMIT = 16;

function app() {
  const hono = new Hono();
  hono.post(
    "*",
    limitRequestBody(LIMIT, () => {
      throw new HTTPException(413);
    }),
    async (c) => c.text(`read ${await c.req.text()}`),
  );
  hono.onError((error, c) => c.text("refused", error instanceof HTTPException ? error.status : 500));
  return hono;
}

const chunked = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder().encode(text);
      for (let i = 0; i < bytes.length; i += 5) controller.enqueue(bytes.subarray(i, i + 5));
      controller.close();
    },
  });

Deno.test("body limit: a declared length decides without reading; an accepted body stays readable", async () => {
  const under = await app().request("/", { method: "POST", body: "0123456789", headers: { "content-length": "10" } });
  assert.deepEqual([under.status, await under.text()], [200, "read 0123456789"]);
  const exact = await app().request("/", {
    method: "POST",
    body: "x".repeat(LIMIT),
    headers: { "content-length": "16" },
  });
  assert.equal(exact.status, 200);
  const over = await app().request("/", { method: "POST", body: "x".repeat(17), headers: { "content-length": "17" } });
  assert.deepEqual([over.status, await over.text()], [413, "refused"]);
});

Deno.test("body limit: an undeclared length is counted as it is read", async () => {
  const under = await app().request("/", { method: "POST", body: chunked("0123456789") });
  assert.deepEqual([under.status, await under.text()], [200, "read 0123456789"]);
  const over = await app().request("/", { method: "POST", body: chunked("x".repeat(40)) });
  assert.equal(over.status, 413);
  await over.body?.cancel();
});

Deno.test("body limit: over a socket, declared and chunked bodies", async () => {
  const { server, base } = await serveOnLoopback(app().fetch);
  try {
    const declared = await fetch(base, { method: "POST", body: "0123456789" });
    assert.deepEqual([declared.status, await declared.text()], [200, "read 0123456789"]);
    const tooLong = await fetch(base, { method: "POST", body: "x".repeat(100) });
    assert.equal(tooLong.status, 413);
    await tooLong.body?.cancel();
    const streamed = await fetch(base, { method: "POST", body: chunked("x".repeat(100)) });
    assert.equal(streamed.status, 413);
    await streamed.body?.cancel();
  } finally {
    await server.shutdown();
  }
});
