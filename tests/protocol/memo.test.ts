import assert from "node:assert/strict";
import { BoundedMemo, PathMemo } from "../../src/protocol/memo.ts";

Deno.test("BoundedMemo: computes on a miss, remembers for a hit, evicts the oldest past its bound", () => {
  const calls: number[] = [];
  const square = (n: number) => {
    calls.push(n);
    return { n, square: n * n };
  };
  const memo = new BoundedMemo<number, { n: number; square: number }>(3);
  const first = memo.get(2, square);
  assert.deepEqual(first, { n: 2, square: 4 });
  assert.equal(memo.get(2, square), first, "a hit returns the remembered value without computing");
  assert.deepEqual(calls, [2]);
  for (const n of [3, 4, 5]) memo.get(n, square);
  assert.equal(memo.size, 3, "never more than the bound");
  assert.notEqual(memo.get(2, square), first, "2 was the oldest: evicted, computed again");
  assert.deepEqual(calls, [2, 3, 4, 5, 2]);
  assert.equal(memo.get(5, square).square, 25);
  memo.clear();
  assert.equal(memo.size, 0);
});

Deno.test("BoundedMemo: a computation that throws leaves nothing behind; a bound below one is refused", () => {
  const memo = new BoundedMemo<string, number>(2);
  assert.throws(() =>
    memo.get("bad", () => {
      throw new Error("no value");
    }), /no value/);
  assert.equal(memo.size, 0);
  assert.throws(() => new BoundedMemo(0), RangeError);
});

Deno.test("PathMemo: a value per path (prefixes and extensions are other paths), starts over past its bound", () => {
  let computed = 0;
  const memo = new PathMemo<string>(4);
  const get = (...path: [string, ...string[]]) => {
    const hit = memo.find(...path);
    if (hit !== undefined) return hit;
    computed++;
    return memo.remember(path.join("/"), ...path);
  };
  assert.equal(get("p", "a", "k1"), "p/a/k1");
  assert.equal(get("p", "a", "k1"), "p/a/k1");
  assert.equal(computed, 1, "a hit does not compute");
  assert.equal(memo.find("p", "a"), undefined, "a prefix of a remembered path is not remembered with it");
  assert.equal(get("p", "a"), "p/a", "it is its own entry");
  assert.equal(get("p", "a", "k1", "k2", "k3"), "p/a/k1/k2/k3", "so is an extension");
  assert.equal(get("q"), "q");
  assert.equal(computed, 4);
  assert.equal(memo.size, 4);
  assert.equal(memo.find("p", "b", "k1"), undefined);
  assert.equal(get("p", "b", "k1"), "p/b/k1", "past the bound: starts over with this entry");
  assert.equal(memo.size, 1);
  assert.equal(memo.find("p", "a", "k1"), undefined, "evicted");
  assert.equal(get("p", "a", "k1"), "p/a/k1", "an evicted path is computed again, the same");
  assert.equal(computed, 6);
  memo.remember("other", "p", "a", "k1");
  assert.equal(memo.find("p", "a", "k1"), "other", "remembering again replaces the value");
  assert.equal(memo.size, 2, "without counting it twice");
  assert.throws(() => new PathMemo(0), RangeError);
});
