import assert from "node:assert/strict";
import { JsonCache } from "../../src/runtime/json-cache.ts";

const wrapped = (list: readonly number[]) => ({ list: [...list] });
const counted = { calls: 0 };
const total = (list: readonly number[]) => (counted.calls++, list.reduce((a, b) => a + b, 0));

Deno.test("json cache: one serialization per (cached value, shape), the same text for every read", () => {
  const answers = new JsonCache<readonly number[]>();
  const cached = [1, 2, 3];
  const first = answers.of(cached, total);
  assert.equal(answers.of(cached, total), first, "the same cached object");
  assert.equal(counted.calls, 1);
  assert.equal(first.text, "6");
  assert.deepEqual(JSON.parse(answers.of(cached, wrapped).text), { list: [1, 2, 3] });
  const replaced = [1, 2, 3, 4];
  assert.equal(answers.of(replaced, total).text, "10", "a replaced value is serialized anew");
  assert.equal(counted.calls, 2);
});
