/**
 * Reading one request header without `request.headers` (src/http/fast-path/request-header.ts): on a request served by
 * this Deno, the direct way is taken and gives what `request.headers.get` gives (absent, mixed-case, repeated and empty
 * fields); on a request built with `new Request` it falls back to the public way.
 */
import assert from "node:assert/strict";
import { requestHeader, servedInternalsOf } from "../../../src/http/fast-path/request-header.ts";

const NAMES = ["x-request-id", "if-none-match", "origin", "content-type", "content-length", "x-absent", "host"];

interface Seen {
  direct: boolean;
  read: (string | null)[];
  public: (string | null)[];
}

/** Sends `head` (a raw HTTP/1.1 request head) to a served handler and returns what it read, both ways. */
async function readOnServedRequest(headLines: string[]): Promise<Seen> {
  let seen: Seen | undefined;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    const direct = servedInternalsOf(request) !== undefined;
    // The direct reads first: once `request.headers` exists the server treats them as escaped.
    const read = NAMES.map((name) => requestHeader(request, name));
    seen = { direct, read, public: NAMES.map((name) => request.headers.get(name)) };
    return new Response("ok");
  });
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
    const head = ["GET /x HTTP/1.1", "Host: test.local", ...headLines, "Connection: close", "", ""].join("\r\n");
    await conn.write(new TextEncoder().encode(head));
    const answer = new TextDecoder().decode(await new Response(conn.readable).arrayBuffer());
    assert.match(answer, /^HTTP\/1\.1 200/);
  } finally {
    await server.shutdown();
  }
  assert.ok(seen, "the handler ran");
  return seen;
}

Deno.test("a served request's headers are read directly, as request.headers reads them", async (t) => {
  const cases: Record<string, string[]> = {
    "none of the read headers": [],
    "one of each, mixed case": ["X-Request-ID: trace-1", 'IF-NONE-MATCH: "7-abc"', "Origin: http://app.test"],
    "repeated fields": ['If-None-Match: "a"', 'if-none-match: "b"', "X-Request-Id: one", "X-Request-Id: two"],
    "empty values": ["X-Request-Id:", "Origin: "],
    "a body's headers": ["Content-Type: application/json", "Content-Length: 0"],
  };
  for (const [name, lines] of Object.entries(cases)) {
    await t.step(name, async () => {
      const seen = await readOnServedRequest(lines);
      assert.equal(seen.direct, true, "Deno 2.9.6's served request gives its headers one by one");
      assert.deepEqual(seen.read, seen.public);
    });
  }
  await t.step("the values themselves", async () => {
    const seen = await readOnServedRequest(["X-Request-Id: one", "X-Request-Id: two", "Origin: http://app.test"]);
    assert.equal(seen.read[NAMES.indexOf("x-request-id")], "one, two");
    assert.equal(seen.read[NAMES.indexOf("origin")], "http://app.test");
    assert.equal(seen.read[NAMES.indexOf("x-absent")], null);
    assert.equal(seen.read[NAMES.indexOf("host")], "test.local");
  });
});

Deno.test("a request built in the process is read through request.headers", () => {
  const request = new Request("http://test.local/x", { headers: { "X-Request-Id": "abc", "If-None-Match": '"e"' } });
  assert.equal(servedInternalsOf(request), undefined);
  assert.equal(requestHeader(request, "x-request-id"), "abc");
  assert.equal(requestHeader(request, "if-none-match"), '"e"');
  assert.equal(requestHeader(request, "origin"), null);
});
