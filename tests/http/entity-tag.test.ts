/**
 * Cached answers carry an entity tag; a client sending it back in `If-None-Match` gets a 304 without a body while the
 * answer is unchanged, and the full answer with a new tag once it changes. Every response is checked against the
 * YAML (status, documented headers) by `call`.
 */
import assert from "node:assert/strict";
import { startedReadService } from "../helpers/app.ts";
import { entityTagOf, entityTagOfBytes, ifNoneMatchHolds } from "../../src/http/entity-tag.ts";
import { call } from "../helpers/contract.ts";
import { eventually } from "../helpers/eventually.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("entity tag: derived from the bytes (same bytes, same tag; other bytes, another), quoted", () => {
  const tag = entityTagOfBytes(bytes('{"SOL":1}'));
  assert.match(tag, /^"[0-9a-z]+-[0-9a-f]{16}"$/);
  assert.equal(entityTagOfBytes(bytes('{"SOL":1}')), tag, "another array with the same bytes: the same tag");
  assert.notEqual(entityTagOfBytes(bytes('{"SOL":2}')), tag);
  assert.notEqual(entityTagOfBytes(bytes('{"SOL":1} ')), tag);
  assert.notEqual(entityTagOfBytes(bytes("")), entityTagOfBytes(bytes(" ")));
  // A cached answer's tag is that of its text's UTF-8 bytes (non-ASCII included), computed once per cached answer.
  const cached = { text: '{"name":"Señal"}' };
  assert.equal(entityTagOf(cached), entityTagOfBytes(bytes(cached.text)));
  assert.equal(entityTagOf({ text: '{"SOL":1}' }), tag);
});

Deno.test("entity tag: If-None-Match matches by weak comparison, in a list, or as *", () => {
  const tag = '"a-0123456789abcdef"';
  assert.equal(ifNoneMatchHolds(undefined, tag), false);
  assert.equal(ifNoneMatchHolds(tag, tag), true);
  assert.equal(ifNoneMatchHolds(`W/${tag}`, tag), true);
  assert.equal(ifNoneMatchHolds(`"x-1", ${tag}`, tag), true);
  assert.equal(ifNoneMatchHolds(" * ", tag), true);
  assert.equal(ifNoneMatchHolds('"a-0123456789abcdee"', tag), false);
  assert.equal(ifNoneMatchHolds("a-0123456789abcdef", tag), false, "unquoted is not the tag");
  assert.equal(ifNoneMatchHolds("", tag), false);
});

Deno.test("cached answers: 200 with ETag, 304 without a body for the same tag, a new tag once the answer changes", async (t) => {
  const service = await startedReadService();
  const { app } = service;
  try {
    for (const path of ["/v2/prices", "/v2/tokens", "/v2/pool-data", "/prices", "/tokens", "/pool-data"]) {
      await t.step(path, async () => {
        const first = await call(app, "GET", path);
        assert.equal(first.status, 200);
        const tag = first.headers.get("etag");
        assert.ok(tag, "an ETag");
        const again = await call(app, "GET", path, undefined, { headers: { "if-none-match": tag } });
        assert.equal(again.status, 304);
        assert.equal(again.text, "");
        assert.equal(again.headers.get("etag"), tag);
        const weakInList = await call(app, "GET", path, undefined, { headers: { "if-none-match": `"0-0", W/${tag}` } });
        assert.equal(weakInList.status, 304);
        const other = await call(app, "GET", path, undefined, { headers: { "if-none-match": '"0-0000000000000000"' } });
        assert.equal(other.status, 200);
        assert.equal(other.text, first.text);
        assert.equal(other.headers.get("etag"), tag);
      });
    }
    await t.step("prices move: the cached tag no longer matches, the new answer has a new tag", async () => {
      const before = await call(app, "GET", "/v2/prices");
      const tag = before.headers.get("etag") ?? "";
      service.replay!.replayer.advanceTo(60_000);
      const after = await eventually(async () => {
        const answer = await call(app, "GET", "/v2/prices", undefined, { headers: { "if-none-match": tag } });
        return answer.status === 200 ? answer : undefined;
      }, "a price change");
      assert.notEqual(after.text, before.text);
      assert.notEqual(after.headers.get("etag"), tag);
    });
  } finally {
    await service.stop();
  }
});
