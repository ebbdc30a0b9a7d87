/** The store's row index against a model of sets (insertion order): every listing and count, after every change. */
import assert from "node:assert/strict";
import fc from "fast-check";
import { entryOnEr, entryRow, rowEntry, RowIndex } from "../../src/state/row-index.ts";

const OWNERS = ["P1", "P2", "P3"];
const KINDS = ["k1", "k2", ""];

type Op = { add: boolean; owner: string; kind: string; entry: number };

const op = fc.record({
  add: fc.boolean(),
  owner: fc.constantFrom(...OWNERS),
  kind: fc.constantFrom(...KINDS),
  entry: fc.nat(60),
});

/** owner → kind → entries in insertion order (a Set keeps it: a removed then added entry goes last). */
class Model {
  readonly groups = new Map<string, Map<string, Set<number>>>();
  /** Where each indexed entry is: an entry is under one group at a time. */
  readonly where = new Map<number, { owner: string; kind: string }>();

  group(owner: string, kind: string): Set<number> {
    let inner = this.groups.get(owner);
    if (!inner) this.groups.set(owner, inner = new Map());
    let set = inner.get(kind);
    if (!set) inner.set(kind, set = new Set());
    return set;
  }

  entries(owner: string, kind: string): number[] {
    return [...(this.groups.get(owner)?.get(kind) ?? [])];
  }

  /** Groups in the order they were first made (as the index's maps keep them), empty ones left out. */
  ofOwner(owner: string): number[] {
    return [...(this.groups.get(owner)?.values() ?? [])].flatMap((s) => [...s]);
  }

  ofKind(kind: string): number[] {
    return [...this.groups.values()].flatMap((inner) => [...(inner.get(kind) ?? [])]);
  }
}

function assertSame(index: RowIndex, model: Model) {
  for (const owner of OWNERS) {
    assert.deepEqual([...index.entriesOfOwner(owner)], model.ofOwner(owner), `owner ${owner}`);
    assert.equal(index.countOfOwner(owner), model.ofOwner(owner).length);
    for (const kind of KINDS) {
      assert.deepEqual([...index.entries(owner, kind)], model.entries(owner, kind), `${owner} / ${kind}`);
      assert.equal(index.count(owner, kind), model.entries(owner, kind).length);
    }
  }
  for (const kind of KINDS) {
    assert.deepEqual([...index.entriesOfKind(kind)], model.ofKind(kind), `kind ${kind}`);
    assert.equal(index.countOfKind(kind), model.ofKind(kind).length);
  }
}

Deno.test("row index: listings and counts equal a model of sets, in insertion order, through adds and removals", () => {
  fc.assert(
    fc.property(fc.array(op, { maxLength: 300, size: "max" }), (ops: Op[]) => {
      const index = new RowIndex();
      const model = new Model();
      for (const { add, owner, kind, entry } of ops) {
        const at = model.where.get(entry);
        if (add && at === undefined) {
          index.add(owner, kind, entry);
          model.group(owner, kind).add(entry);
          model.where.set(entry, { owner, kind });
        } else if (!add && at !== undefined) {
          index.delete(at.owner, at.kind, entry);
          const set = model.group(at.owner, at.kind);
          set.delete(entry);
          // The index lets an emptied group go; so does the model (a later add makes it anew, last).
          if (set.size === 0) {
            const inner = model.groups.get(at.owner);
            inner?.delete(at.kind);
            if (inner?.size === 0) model.groups.delete(at.owner);
          }
          model.where.delete(entry);
        }
        assertSame(index, model);
      }
    }),
    { numRuns: 300 },
  );
});

Deno.test("row index: removing an entry from a group it is not in is a bug, and says so", () => {
  const index = new RowIndex();
  index.add("P1", "k1", 4);
  assert.throws(() => index.delete("P1", "k2", 4), /row entry 4 is not indexed under P1 \/ k2/);
  assert.throws(() => index.delete("P1", "k1", 6), /not indexed/);
  assert.throws(() => index.delete("P1", "k1", 100_000), /not indexed/);
  index.delete("P1", "k1", 4);
  assert.throws(() => index.delete("P1", "k1", 4), /not indexed/);
  assert.equal(index.countOfOwner("P1"), 0);
});

Deno.test("row index: an entry is a row and its chain", () => {
  for (const row of [0, 1, 16_383, 16_384, 1_000_000]) {
    for (const er of [false, true]) {
      const entry = rowEntry(row, er);
      assert.equal(entryRow(entry), row);
      assert.equal(entryOnEr(entry), er);
    }
  }
});
