/** Key rows against a Map: every lookup after every add and removal, through growth and removals inside clusters. */
import assert from "node:assert/strict";
import fc from "fast-check";
import { keyHash, KeyRows } from "../../src/state/key-rows.ts";

type Op = { add: boolean; key: number };

/** Against a Map, over `keys` distinct keys: few keep the table at its smallest, where clusters wrap past its end. */
function assertLikeAMap(keys: number) {
  fc.assert(
    fc.property(
      fc.array(fc.record({ add: fc.boolean(), key: fc.nat(keys - 1) }), { maxLength: 1_500, size: "max" }),
      (ops: Op[]) => {
        const table = new KeyRows();
        const model = new Map<string, number>();
        const freeRows: number[] = [];
        let nextRow = 0;
        for (const { add, key: k } of ops) {
          // Keys shaped like account keys; each add gets a fresh string, as each parsed answer does.
          const key = `${k}`.padStart(44, "x");
          if (add) {
            // The row a new key would take; a key held already keeps its own.
            const free = freeRows.at(-1) ?? nextRow;
            const row = table.getOrAdd(key.slice(0), free);
            assert.equal(row, model.get(key) ?? free);
            if (model.has(key)) continue;
            if (freeRows.length > 0) freeRows.pop();
            else nextRow++;
            model.set(key, row);
          } else {
            assert.equal(table.delete(key), model.get(key) ?? -1);
            const row = model.get(key);
            if (row !== undefined) freeRows.push(row);
            model.delete(key);
          }
        }
        assert.equal(table.size, model.size);
        for (let k = 0; k < keys; k++) {
          const key = `${k}`.padStart(44, "x");
          assert.equal(table.get(key), model.get(key) ?? -1, key);
          assert.equal(table.has(key), model.has(key));
          const row = model.get(key);
          if (row !== undefined) assert.equal(table.keyAt(row), key);
        }
        const byRow = [...model].sort((a, b) => a[1] - b[1]);
        assert.deepEqual([...table.entries()], byRow);
        assert.deepEqual([...table.keys()], byRow.map(([key]) => key));
      },
    ),
    { numRuns: 150 },
  );
}

Deno.test("key rows: lookups, size, keys by row equal a Map's through adds and removals", () => assertLikeAMap(400));

Deno.test("key rows: the same in a table of 16 slots, clusters wrapping past its end", () => assertLikeAMap(8));

Deno.test("key rows: 100,000 keys added, half removed, the rest found, the removed not", () => {
  const table = new KeyRows();
  const key = (i: number) => `key-${i}-${"z".repeat(30)}`;
  for (let i = 0; i < 100_000; i++) assert.equal(table.getOrAdd(key(i), i), i);
  for (let i = 0; i < 100_000; i += 2) assert.equal(table.delete(key(i)), i);
  assert.equal(table.size, 50_000);
  for (let i = 0; i < 100_000; i++) assert.equal(table.get(key(i)), i % 2 === 0 ? -1 : i);
  assert.equal(table.keyAt(2), undefined, "a removed key's row holds none");
  assert.equal(table.keyAt(3), key(3));
});

Deno.test("key rows: a key held already keeps its row; a removed key is not removed again", () => {
  const table = new KeyRows();
  assert.equal(table.getOrAdd("A", 0), 0);
  assert.equal(table.getOrAdd("A", 1), 0, "held already: its row, and nothing added");
  assert.equal(table.size, 1);
  assert.equal(table.keyAt(1), undefined);
  assert.throws(() => table.getOrAdd("B", -1), RangeError);
  assert.equal(table.delete("A"), 0);
  assert.equal(table.delete("A"), -1);
  assert.equal(table.size, 0);
});

Deno.test("keyHash: equal keys hash alike, whether or not the same string; the last key hashed is remembered", () => {
  const a = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
  const b = [...a].join("");
  assert.equal(keyHash(a), keyHash(b));
  keyHash("other");
  assert.equal(keyHash(b), keyHash(a));
  const hashes = new Set(Array.from({ length: 10_000 }, (_, i) => keyHash(`${i}`.padStart(44, "x"))));
  assert.ok(hashes.size > 9_990, "distinct keys spread over distinct hashes");
});

Deno.test("keyHash: the empty key hashed first in a process hashes as it does later (nothing remembered before)", async () => {
  // A fresh process, so that "" is the very first key hashed there.
  const module = new URL("../../src/state/key-rows.ts", import.meta.url).href;
  const code = `import { keyHash } from "${module}"; const first = keyHash(""); keyHash("x"); ` +
    `console.log(first === keyHash("") ? "same" : "differs");`;
  const { stdout, success } = await new Deno.Command(Deno.execPath(), { args: ["eval", code], stderr: "inherit" })
    .output();
  assert.ok(success);
  assert.equal(new TextDecoder().decode(stdout).trim(), "same");
});
