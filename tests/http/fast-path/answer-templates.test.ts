/**
 * Answer templates (src/http/fast-path/answer-templates.ts): an answer sent again is built once per object standing for
 * it, and every request gets a copy of its own that carries the answer's fixed headers.
 */
import assert from "node:assert/strict";
import { AnswerTemplates, headerListOf } from "../../../src/http/fast-path/answer-templates.ts";

Deno.test("answer templates: built once per answer, each request gets its own copy with the fixed headers", async () => {
  let built = 0;
  const templates = new AnswerTemplates((headers) => {
    built++;
    headers.set("access-control-allow-origin", "*");
  });
  const answer = { text: '{"a":1}' };
  const first = templates.answer(answer, answer.text, '"7-abc"');
  const second = templates.answer(answer, answer.text, '"7-abc"');
  assert.equal(built, 1);
  assert.notEqual(first, second);
  for (const response of [first, second]) {
    assert.equal(response.status, 200);
    assert.deepEqual([...response.headers], [
      ["access-control-allow-origin", "*"],
      ["content-type", "application/json"],
      ["etag", '"7-abc"'],
    ]);
    assert.equal(await response.text(), '{"a":1}');
  }
  // A copy's own headers stay its own: the next copy does not see them.
  first.headers.set("x-request-id", "one");
  assert.equal(templates.answer(answer, answer.text).headers.get("x-request-id"), null);
  // Another answer object, another template (its text, no entity tag).
  const other = templates.answer({}, '{"b":2}');
  assert.equal(built, 2);
  assert.equal(other.headers.get("etag"), null);
  assert.equal(await other.text(), '{"b":2}');
});

Deno.test("answer templates: without fixed labels, only the content type and entity tag", () => {
  const response = new AnswerTemplates().answer({}, "[]");
  assert.deepEqual([...response.headers], [["content-type", "application/json"]]);
});

Deno.test("answer templates: a copy given a request id carries it, in the process and on the wire", async (t) => {
  const templates = new AnswerTemplates((headers) => headers.set("access-control-allow-origin", "*"));
  const answer = { text: '{"a":1}' };
  await t.step("this Deno takes the direct way: the copy's own header list", () => {
    const copy = templates.answer(answer, answer.text, '"7-abc"');
    assert.ok(headerListOf(copy), "Deno 2.9.6 keeps a Response's headers as a list under its `response` symbol");
  });
  await t.step("in the process, only on the copy it was given to", () => {
    const first = templates.answer(answer, answer.text, '"7-abc"', "id-1");
    const second = templates.answer(answer, answer.text, '"7-abc"', "id-2");
    assert.equal(first.headers.get("x-request-id"), "id-1");
    assert.equal(second.headers.get("x-request-id"), "id-2");
    assert.equal(templates.answer(answer, answer.text, '"7-abc"').headers.get("x-request-id"), null);
    // Headers set afterwards (rate-limit labels) keep it.
    second.headers.set("ratelimit-remaining", "3");
    assert.deepEqual([...second.headers], [
      ["access-control-allow-origin", "*"],
      ["content-type", "application/json"],
      ["etag", '"7-abc"'],
      ["ratelimit-remaining", "3"],
      ["x-request-id", "id-2"],
    ]);
  });
  await t.step("on the wire", async () => {
    let served = 0;
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => {
      const copy = templates.answer(answer, answer.text, '"7-abc"', `wire-${++served}`);
      if (served === 2) copy.headers.set("ratelimit-remaining", "3");
      return copy;
    });
    try {
      for (const expected of ["wire-1", "wire-2"]) {
        const response = await fetch(`http://127.0.0.1:${server.addr.port}/`);
        assert.equal(await response.text(), '{"a":1}');
        assert.equal(response.headers.get("x-request-id"), expected);
        assert.equal(response.headers.get("etag"), '"7-abc"');
        assert.equal(response.headers.get("access-control-allow-origin"), "*");
        if (expected === "wire-2") assert.equal(response.headers.get("ratelimit-remaining"), "3");
      }
    } finally {
      await server.shutdown();
    }
  });
});
