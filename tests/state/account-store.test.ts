import assert from "node:assert/strict";
import fc from "fast-check";
import { type AccountChange, AccountStore, discriminatorKey } from "../../src/state/account-store.ts";
import type { Chain, RawAccount } from "../../src/state/types.ts";
import { PackedRawAccount } from "../../src/state/packed-account.ts";
import { PackSlab } from "../../src/state/packed-bytes.ts";

const PROGRAM = "FTv2RxXarPfNta45HTTMVaGvjzsGg27FXJ3hEKWBhrzV";
const DELEG = "DELeGGvXpWV2fqJUhqcF5ZSYMS4JTLjteaAMARRSaeSh";
const BASKET = [0xdb, 0x4f, 0x6b, 0x87, 0xe7, 0xf3, 0xda, 0xf8];
const POOL = [0xf1, 0x9a, 0x6d, 0x04, 0x11, 0xb1, 0x6d, 0xbc];

function acc(
  pubkey: string,
  chain: Chain,
  slot: number,
  disc: number[],
  tail: number[] = [],
  owner = PROGRAM,
): RawAccount {
  return { pubkey, owner, lamports: 10n, data: Uint8Array.from([...disc, ...tail]), executable: false, slot, chain };
}

Deno.test("AccountStore", async (t) => {
  await t.step("ER copy wins over base; base is the fallback", () => {
    const s = new AccountStore();
    s.set(acc("A", "base", 10, BASKET, [1]));
    assert.equal(s.get("A")?.chain, "base");
    s.set(acc("A", "er", 5, BASKET, [2]));
    assert.equal(s.get("A")?.chain, "er");
    assert.equal(s.get("A")?.data[8], 2);
    assert.equal(s.getFrom("base", "A")?.data[8], 1);
    s.delete("er", "A", 6);
    assert.equal(s.get("A")?.chain, "base");
    assert.equal(s.size(), 1);
    assert.equal(s.size("er"), 0);
  });

  await t.step("change events: effective changes only, byte-identical rewrites are not changes", () => {
    const s = new AccountStore();
    const events: AccountChange[] = [];
    const off = s.subscribe((c) => events.push(c));
    assert.equal(s.set(acc("A", "base", 1, BASKET, [1])), "changed");
    assert.equal(s.set(acc("A", "base", 2, BASKET, [1])), "unchanged"); // same bytes, newer slot
    assert.equal(s.get("A")?.slot, 2);
    assert.equal(s.set(acc("A", "er", 1, BASKET, [2])), "changed"); // ER takes over
    assert.equal(s.set(acc("A", "base", 3, BASKET, [9])), "unchanged"); // hidden behind the ER copy
    assert.equal(s.delete("er", "A", 2), "changed"); // falls back to base [9]
    assert.equal(s.delete("base", "A", 4), "changed");
    assert.equal(s.delete("base", "A", 5), "unchanged");
    assert.deepEqual(events.map((e) => [e.before?.data[8] ?? null, e.after?.data[8] ?? null]), [
      [null, 1],
      [1, 2],
      [2, 9],
      [9, null],
    ]);
    off();
    s.set(acc("B", "base", 1, BASKET));
    assert.equal(events.length, 4);
  });

  await t.step("slot ordering: older writes and resurrections are refused", () => {
    const s = new AccountStore();
    s.set(acc("A", "er", 10, BASKET, [1]));
    assert.equal(s.set(acc("A", "er", 9, BASKET, [0])), "stale");
    assert.equal(s.get("A")?.data[8], 1);
    assert.equal(s.delete("er", "A", 8), "stale");
    assert.equal(s.delete("er", "A", 11), "changed");
    assert.equal(s.set(acc("A", "er", 10, BASKET, [1])), "stale"); // a load older than the deletion
    s.pruneTombstones("er", 11);
    assert.equal(s.set(acc("A", "er", 10, BASKET, [1])), "changed");
  });

  await t.step("owner and discriminator indexes follow the effective account", () => {
    const s = new AccountStore();
    s.set(acc("A", "base", 1, BASKET, [], DELEG)); // delegated base copy
    s.set(acc("B", "base", 1, BASKET));
    s.set(acc("P", "er", 1, POOL));
    assert.deepEqual(s.listByOwner(PROGRAM).map((a) => a.pubkey).sort(), ["B", "P"]);
    assert.deepEqual(s.listByOwner(DELEG).map((a) => a.pubkey), ["A"]);
    s.set(acc("A", "er", 1, BASKET)); // live copy on the ER
    assert.deepEqual(s.listByOwner(PROGRAM).map((a) => a.pubkey).sort(), ["A", "B", "P"]);
    assert.equal(s.countByOwner(DELEG), 0);
    assert.deepEqual(s.listByDiscriminator("db4f6b87e7f3daf8").map((a) => a.pubkey).sort(), ["A", "B"]);
    assert.deepEqual(s.listByDiscriminator(Uint8Array.from(POOL)).map((a) => a.pubkey), ["P"]);
    assert.deepEqual(s.listByDiscriminator("DB4F6B87E7F3DAF8", DELEG), []);
    assert.deepEqual(s.listByDiscriminator("db4f6b87e7f3daf8", PROGRAM).map((a) => a.pubkey).sort(), ["A", "B"]);
    assert.equal(s.countByDiscriminator("db4f6b87e7f3daf8", PROGRAM), 2);
    assert.equal(s.countByDiscriminator("db4f6b87e7f3daf8", DELEG), 0);
    s.set(acc("B", "base", 2, POOL)); // data changes type
    assert.equal(s.countByDiscriminator("db4f6b87e7f3daf8"), 1);
    assert.equal(s.countByDiscriminator("f19a6d0411b16dbc"), 2);
    assert.equal(s.countByDiscriminator("db4f6b87e7f3daf8", PROGRAM), 1);
    assert.equal(s.countByDiscriminator("f19a6d0411b16dbc", PROGRAM), 2);
    s.delete("base", "B", 3);
    assert.equal(s.countByDiscriminator("f19a6d0411b16dbc"), 1);
    assert.equal(s.countByDiscriminator("f19a6d0411b16dbc", PROGRAM), 1);
    s.set({ ...acc("S", "base", 1, []), data: new Uint8Array(3) }); // too short for a discriminator
    assert.equal(discriminatorKey(new Uint8Array(3)), undefined);
    assert.equal(s.get("S")?.data.length, 3);
    assert.throws(() => s.listByDiscriminator("zz"));
  });

  await t.step("100,000 accounts: listing one type uses the index", () => {
    const s = new AccountStore();
    for (let i = 0; i < 100_000; i++) s.set(acc(`k${i}`, i % 2 ? "er" : "base", 1, BASKET, [i & 0xff]));
    for (let i = 0; i < 10; i++) s.set(acc(`p${i}`, "er", 1, POOL));
    assert.equal(s.countByDiscriminator("db4f6b87e7f3daf8"), 100_000);
    let n = 0;
    for (let i = 0; i < 1000; i++) n += s.listByDiscriminator("f19a6d0411b16dbc").length;
    assert.equal(n, 10_000);
  });

  await t.step("per-chain slot tracker only moves forward", () => {
    const s = new AccountStore();
    s.noteSlot("base", 5);
    s.noteSlot("base", 3);
    s.noteSlot("er", 9);
    assert.equal(s.slot("base"), 5);
    assert.equal(s.slot("er"), 9);
    s.set(acc("A", "base", 7, BASKET));
    assert.equal(s.slot("base"), 7);
  });

  await t.step("a throwing listener does not break the store", () => {
    const s = new AccountStore();
    const orig = console.error;
    console.error = () => {};
    try {
      s.subscribe(() => {
        throw new Error("boom");
      });
      let seen = 0;
      s.subscribe(() => seen++);
      s.set(acc("A", "base", 1, BASKET));
      assert.equal(seen, 1);
      assert.equal(s.listenerErrors, 1);
    } finally {
      console.error = orig;
    }
  });
});

Deno.test("AccountStore: its indexes list exactly the effective accounts, through any writes and deletes on both chains", () => {
  const KEYS = ["A", "B", "C", "D", "E", "F"];
  const OWNERS = [PROGRAM, DELEG];
  const KINDS = [BASKET, POOL, [1, 2]]; // the last too short for a discriminator
  const write = fc.record({
    delete: fc.boolean(),
    chain: fc.constantFrom<Chain>("base", "er"),
    key: fc.constantFrom(...KEYS),
    owner: fc.constantFrom(...OWNERS),
    kind: fc.nat(KINDS.length - 1),
    byte: fc.nat(255),
  });
  fc.assert(
    fc.property(fc.array(write, { maxLength: 200, size: "max" }), (writes) => {
      const s = new AccountStore();
      // What each chain holds, as a model: the effective account is the ER copy, else the base copy.
      const held: Record<Chain, Map<string, RawAccount>> = { base: new Map(), er: new Map() };
      writes.forEach((w, slot) => {
        if (w.delete) {
          s.delete(w.chain, w.key, slot);
          held[w.chain].delete(w.key);
        } else {
          const account = acc(w.key, w.chain, slot, KINDS[w.kind], [w.byte], w.owner);
          s.set(account);
          held[w.chain].set(w.key, account);
        }
        const effective = KEYS.flatMap((k) => {
          const a = held.er.get(k) ?? held.base.get(k);
          return a ? [a] : [];
        });
        const keysOf = (accounts: RawAccount[]) => accounts.map((a) => `${a.pubkey}/${a.chain}/${a.data[8]}`).sort();
        for (const owner of OWNERS) {
          const owned = effective.filter((a) => a.owner === owner);
          assert.deepEqual(keysOf(s.listByOwner(owner)), keysOf(owned));
          assert.equal(s.countByOwner(owner), owned.length);
          for (const disc of [BASKET, POOL]) {
            const hex = discriminatorKey(Uint8Array.from(disc)) ?? "";
            const ofKind = owned.filter((a) => a.data.length >= 8 && discriminatorKey(a.data) === hex);
            assert.deepEqual(keysOf(s.listByDiscriminator(hex, owner)), keysOf(ofKind));
            assert.deepEqual(s.keysByDiscriminator(hex, owner).sort(), ofKind.map((a) => a.pubkey).sort());
            assert.equal(s.countByDiscriminator(hex, owner), ofKind.length);
          }
        }
        for (const disc of [BASKET, POOL]) {
          const hex = discriminatorKey(Uint8Array.from(disc)) ?? "";
          const ofKind = effective.filter((a) => a.data.length >= 8 && discriminatorKey(a.data) === hex);
          assert.deepEqual(keysOf(s.listByDiscriminator(hex)), keysOf(ofKind));
          assert.equal(s.countByDiscriminator(hex), ofKind.length);
        }
        assert.equal(s.size(), effective.length);
      });
    }),
    { numRuns: 200 },
  );
});

Deno.test("AccountStore.peek: the account get gives (the ER copy first), its packed form not remembered", () => {
  const store = new AccountStore();
  const slab = new PackSlab(4096);
  const packedAccount = (chain: Chain, fill: number) =>
    new PackedRawAccount("K", PROGRAM, 5n, slab.pack(Uint8Array.of(...BASKET, fill, 0, 0, 0)), false, 10, chain);
  store.set(packedAccount("base", 1));
  assert.equal(store.peek("K")?.data[8], 1);
  store.set(packedAccount("er", 2));
  assert.equal(store.peek("K")?.data[8], 2, "the ER copy hides the base copy");
  assert.equal(store.peek("K")?.chain, "er");
  assert.notEqual(store.peek("K")?.packed, store.peek("K")?.packed, "peek remembers none: a new form each time");
  assert.deepEqual(store.peek("K")?.data, store.get("K")?.data);
  assert.equal(store.get("K")?.packed, store.get("K")?.packed, "get remembers the form it gave");
  assert.equal(store.peek("K")?.packed, store.get("K")?.packed, "and peek gives a form remembered already");
  assert.equal(store.peek("absent"), undefined);
});
