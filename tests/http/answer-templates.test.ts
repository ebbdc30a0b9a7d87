/**
 * Answer templates (src/http/answer-templates.ts): an answer sent again is built once per object standing for it, and
 * every request gets a copy of its own that carries the answer's fixed headers.
 */
import assert from "node:assert/strict";
import { AnswerTemplates } from "../../src/http/answer-templates.ts";

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
