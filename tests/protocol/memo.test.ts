import assert from "node:assert/strict";
import { BoundedMemo, PathMemo } from "../../src/protocol/memo.ts";

Deno.test("BoundedMemo: computes on a miss, remembers for a hit, holds at most its bound, keeps what is in use", () => {
  const calls: number[] = [];
  const square = (n: number) => {
    calls.push(n);
    return { n, square: n * n };
  };
  const memo = new BoundedMemo<number, { n: number; square: number }>(4); // two generations of two
  const first = memo.get(2, square);
  assert.deepEqual(first, { n: 2, square: 4 });
  assert.equal(memo.get(2, square), first, "a hit returns the remembered value without computing");
  assert.deepEqual(calls, [2]);
  memo.get(3, square); // young: 2, 3
  memo.get(4, square); // young full: 2, 3 become old; young: 4
  assert.equal(memo.get(2, square), first, "a hit in the old generation: no computation");
  memo.get(5, square); // young full (4, 2): old 2, 3 dropped; old: 4, 2; young: 5
  assert.equal(memo.get(2, square), first, "2 was used recently: still held");
  assert.notEqual(memo.get(3, square).n, undefined);
  assert.deepEqual(calls, [2, 3, 4, 5, 3], "3 was not used for a generation: dropped, computed again");
  for (let n = 10; n < 100; n++) {
    memo.get(n, square);
    assert.ok(memo.size <= 4, `never more than the bound (${memo.size})`);
  }
  memo.clear();
  assert.equal(memo.size, 0);
});

Deno.test("BoundedMemo: a stream of distinct keys through a full memo costs a constant per key", () => {
  // Counted, not timed: each miss computes once and the memo stays within its bound whatever the stream's length.
  const memo = new BoundedMemo<string, number>(1_000);
  let computed = 0;
  for (let i = 0; i < 50_000; i++) memo.get(`k${i}`, () => ++computed);
  assert.equal(computed, 50_000);
  assert.ok(memo.size <= 1_000);
  const one = new BoundedMemo<string, number>(1);
  one.get("a", () => 1);
  one.get("b", () => 2);
  assert.equal(one.size, 1, "a bound of one holds one entry");
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

Deno.test("bounded memo: find and remember keep only what the caller chooses, under the same bound", () => {
  const memo = new BoundedMemo<string, number>(4);
  assert.equal(memo.find("a"), undefined);
  assert.equal(memo.remember("a", 1), 1);
  assert.equal(memo.find("a"), 1);
  for (const key of ["b", "c", "d", "e", "f"]) memo.remember(key, 0);
  assert.equal(memo.find("a"), undefined, "not read again while four others were kept: dropped");
  assert.ok(memo.size <= 4);
  assert.equal(memo.get("g", () => 7), 7);
  assert.equal(memo.find("g"), 7, "get remembers what it computes");
});
