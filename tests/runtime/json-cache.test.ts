import assert from "node:assert/strict";
import { JsonAnswers } from "../../src/runtime/json-cache.ts";

const wrapped = (list: readonly number[]) => ({ list: [...list] });
const counted = { calls: 0 };
const total = (list: readonly number[]) => (counted.calls++, list.reduce((a, b) => a + b, 0));

Deno.test("json answers: one serialization per (kept value, shape), the same text for every read", () => {
  const answers = new JsonAnswers<readonly number[]>();
  const kept = [1, 2, 3];
  const first = answers.of(kept, total);
  assert.equal(answers.of(kept, total), first, "the same kept object");
  assert.equal(counted.calls, 1);
  assert.equal(first.text, "6");
  assert.deepEqual(JSON.parse(answers.of(kept, wrapped).text), { list: [1, 2, 3] });
  const replaced = [1, 2, 3, 4];
  assert.equal(answers.of(replaced, total).text, "10", "a replaced value is serialized anew");
  assert.equal(counted.calls, 2);
});
