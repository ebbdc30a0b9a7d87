import assert from "node:assert/strict";
import { AccountTable } from "../../src/state/account-table.ts";
import { PackedRawAccount } from "../../src/state/packed-account.ts";
import { packAlone, PackSlab } from "../../src/state/packed-bytes.ts";
import type { RawAccount } from "../../src/state/types.ts";

const PROGRAM = "FTv2RxXarPfNta45HTTMVaGvjzsGg27FXJ3hEKWBhrzV";
const OTHER = "DELeGGvXpWV2fqJUhqcF5ZSYMS4JTLjteaAMARRSaeSh";

/** 64 bytes: an 8-byte kind, `fill` at bytes 20..24, zeros elsewhere. */
function bytesOf(kind: number, fill: number): Uint8Array {
  const bytes = new Uint8Array(64);
  bytes.fill(kind, 0, 8);
  bytes.fill(fill, 20, 24);
  return bytes;
}

/** The slot a table holds for a key (undefined: none), read as the store reads it. */
function slotOf(table: AccountTable, pubkey: string): number | undefined {
  const row = table.rowOf(pubkey);
  return row < 0 ? undefined : table.slotAt(row);
}

function packed(pubkey: string, slab: PackSlab, fill: number, slot = 1, lamports = 1_000n): PackedRawAccount {
  return new PackedRawAccount(pubkey, PROGRAM, lamports, slab.pack(bytesOf(7, fill)), false, slot, "er");
}

Deno.test("AccountTable", async (t) => {
  await t.step(
    "a packed account is held as a row: every field and byte read back, the same packed form each read",
    () => {
      const table = new AccountTable("er");
      const slab = new PackSlab(4096);
      const written = new PackedRawAccount("A", OTHER, 2_039_280n, slab.pack(bytesOf(3, 9)), true, 77, "er");
      table.set(written);
      const read = table.get("A");
      assert.ok(read instanceof PackedRawAccount);
      assert.notEqual(read, written, "made on demand: the table keeps no account object");
      const { pubkey, owner, lamports, executable, slot, chain } = read;
      assert.deepEqual({ pubkey, owner, lamports, executable, slot, chain }, {
        pubkey: "A",
        owner: OTHER,
        lamports: 2_039_280n,
        executable: true,
        slot: 77,
        chain: "er",
      });
      assert.deepEqual(read.data, bytesOf(3, 9));
      assert.equal(read.packed.prefix, written.packed.prefix);
      assert.equal(table.get("A")?.packed, read.packed, "what decode caches key by stays the same object");
      assert.equal(slotOf(table, "A"), 77);
      assert.equal(slotOf(table, "B"), undefined);
    },
  );

  await t.step("a rewrite with the same segments keeps the packed form; other bytes get another", () => {
    const table = new AccountTable("er");
    const slab = new PackSlab(4096);
    table.set(packed("A", slab, 1));
    const form = table.get("A")?.packed;
    assert.ok(form);
    table.set(new PackedRawAccount("A", PROGRAM, 5n, form, false, 2, "er")); // a reload: lamports and slot only
    assert.equal(table.get("A")?.packed, form);
    assert.equal(table.get("A")?.lamports, 5n);
    table.set(packed("A", slab, 2, 3));
    assert.notEqual(table.get("A")?.packed, form);
    assert.equal(table.get("A")?.data[20], 2);
  });

  await t.step("a slab no row uses any more is let go", () => {
    const table = new AccountTable("base");
    const bulk = new PackSlab(4096);
    for (const key of ["A", "B", "C"]) table.set(packed(key, bulk, 1));
    assert.equal(table.slabsInUse, 1);
    // Notifications: each change in a buffer of its own.
    const change = (key: string, fill: number) =>
      new PackedRawAccount(key, PROGRAM, 1n, packAlone(bytesOf(7, fill)), false, 2, "base");
    table.set(change("A", 4));
    table.set(change("B", 5));
    assert.equal(table.slabsInUse, 3);
    table.set(change("C", 6));
    assert.equal(table.slabsInUse, 3, "the bulk slab went with its last row");
    table.delete("A");
    assert.equal(table.slabsInUse, 2);
    assert.equal(table.get("B")?.data[20], 5);
  });

  await t.step("other accounts are held as the objects they are", () => {
    const table = new AccountTable("base");
    const plain: RawAccount = {
      pubkey: "P",
      owner: PROGRAM,
      lamports: 1n,
      data: bytesOf(1, 1),
      executable: false,
      slot: 4,
      chain: "base",
    };
    table.set(plain);
    assert.equal(table.get("P"), plain);
    // A lamports amount a column cannot hold (no chain has one) keeps the account as it is, not a wrapped amount.
    const huge = packed("H", new PackSlab(4096), 1, 1, 1n << 64n);
    table.set(huge);
    assert.equal(table.get("H"), huge);
    // A packed row replaced by an object, and back.
    table.set(packed("P", new PackSlab(4096), 3, 5));
    assert.equal(table.get("P")?.data[20], 3);
    table.set(plain);
    assert.equal(table.get("P"), plain);
  });

  await t.step("rows over several pages; deleted rows are reused", () => {
    const table = new AccountTable("er");
    const slab = new PackSlab();
    const n = 40_000; // more than two pages of columns
    for (let i = 0; i < n; i++) table.set(packed(`k${i}`, slab, i & 0xff, i));
    assert.equal(table.size, n);
    for (const i of [0, 16_383, 16_384, 39_999]) {
      assert.equal(table.get(`k${i}`)?.data[20], i & 0xff, `k${i}`);
      assert.equal(slotOf(table, `k${i}`), i);
    }
    for (let i = 0; i < 100; i++) table.delete(`k${i}`);
    for (let i = 0; i < 100; i++) table.set(packed(`new${i}`, slab, 200, 9));
    assert.equal(table.size, n);
    assert.equal(table.get("k0"), undefined);
    assert.equal(table.get("new99")?.data[20], 200);
    assert.equal(table.get("k100")?.data[20], 100);
    let seen = 0;
    for (const account of table.values()) seen += account.pubkey.startsWith("new") ? 1 : 0;
    assert.equal(seen, 100);
    assert.equal([...table.keys()].length, n);
  });

  await t.step("a key looked up, then written or deleted, reads as it is now", () => {
    const table = new AccountTable("er");
    const slab = new PackSlab();
    assert.equal(slotOf(table, "a"), undefined);
    const rowOfA = table.set(packed("a", slab, 1, 5));
    assert.equal(table.rowOf("a"), rowOfA);
    assert.equal(slotOf(table, "a"), 5);
    assert.equal(table.has("a"), true);
    assert.equal(table.set(packed("a", slab, 2, 6)), rowOfA, "a rewrite keeps the row"); // right after the lookup
    assert.equal(table.get("a")?.data[20], 2);
    assert.equal(slotOf(table, "b"), undefined);
    table.set(packed("b", slab, 3, 7)); // b takes a row of its own, a keeps its own
    assert.equal(slotOf(table, "a"), 6);
    assert.equal(table.delete("a"), true);
    assert.equal(table.has("a"), false);
    assert.equal(table.delete("a"), false);
    const rowOfC = table.set(packed("c", slab, 4, 8)); // reuses a's row
    assert.equal(rowOfC, rowOfA);
    assert.equal(table.rowOf("a"), -1);
    assert.equal(table.keyAt(rowOfC), "c", "the row names its new key");
    assert.equal(table.accountAt(rowOfC).data[20], 4);
    assert.equal(table.get("a"), undefined);
    assert.equal(table.get("c")?.data[20], 4);
    assert.equal(table.get("b")?.data[20], 3);
    table.set(packed("a", slab, 5, 9));
    assert.deepEqual([slotOf(table, "a"), slotOf(table, "b"), slotOf(table, "c")], [9, 7, 8]);
    assert.equal(table.size, 3);
  });
});
