import assert from "node:assert/strict";
import { RecordedAccounts } from "../../src/replay/recorded-accounts.ts";
import { PackedRecordedAccount, type RecordedAccount } from "../../src/replay/recorded-account.ts";
import { PackSlab } from "../../src/state/packed-bytes.ts";
import { key, PROGRAM } from "./_helpers.ts";

const OWNER = "DELeGGvXpWV2fqJUhqcF5ZSYMS4JTLjteaAMARRSaeSh";

function bytes(fill: number, length = 200): Uint8Array {
  const out = new Uint8Array(length);
  out.fill(fill, 0, 8);
  out[length - 10] = fill;
  return out;
}

function packed(slab: PackSlab, pubkey: string, fill: number, lamports = 5n): PackedRecordedAccount {
  return new PackedRecordedAccount(pubkey, PROGRAM, lamports, false, slab.pack(bytes(fill)));
}

/** The fields a reader sees. */
function fields(a: RecordedAccount | undefined) {
  return a && {
    pubkey: a.pubkey,
    owner: a.owner,
    lamports: a.lamports,
    executable: a.executable,
    data: [...a.data],
    rentEpoch: a.rentEpoch,
  };
}

Deno.test("recorded accounts: a packed account is a row, read back field by field, its bytes in place", () => {
  const slab = new PackSlab(4096);
  const accounts = new RecordedAccounts("er");
  const a = packed(slab, key(1), 7, 2n ** 63n);
  accounts.add(a);
  const read = accounts.get(key(1));
  assert.deepEqual(fields(read), fields(a));
  assert.equal(read?.packed?.slab, a.packed.slab, "the bytes are where they were packed: no copy");
  assert.equal(read?.packed?.offset, a.packed.offset);
  assert.notEqual(accounts.get(key(1)), read, "each read is a new view: nothing is held per account");
  assert.equal(accounts.size, 1);
  assert.equal(accounts.has(key(1)), true);
  assert.equal(accounts.get(key(2)), undefined);
});

Deno.test("recorded accounts: an account with a rent epoch, or with plain bytes, is kept with every field", () => {
  const slab = new PackSlab(4096);
  const accounts = new RecordedAccounts("base");
  const withRent = packed(slab, key(1), 3);
  withRent.rentEpoch = 361;
  const plain: RecordedAccount = { pubkey: key(2), owner: OWNER, lamports: 9n, executable: true, data: bytes(4) };
  accounts.add(withRent);
  accounts.add(plain);
  assert.equal(accounts.get(key(1))?.rentEpoch, 361);
  assert.deepEqual(fields(accounts.get(key(1))), fields(withRent));
  assert.deepEqual(fields(accounts.get(key(2))), fields(plain));
  assert.equal(accounts.get(key(2))?.data, plain.data, "plain bytes are the array given");
  assert.equal(accounts.get(key(2))?.packed, undefined);
  assert.ok(!("rentEpoch" in (accounts.get(key(2)) ?? {})), "no rent epoch property when none was recorded");
});

Deno.test("recorded accounts: set replaces, delete removes, fields are read when set; keys and accounts in order", () => {
  const slab = new PackSlab(4096);
  const given = [1, 2, 3, 4].map((n) => packed(slab, key(n), n));
  const accounts = RecordedAccounts.of("er", given);
  assert.deepEqual([...accounts.keys()], [1, 2, 3, 4].map(key));
  assert.deepEqual([...accounts].map(fields), given.map(fields));
  given[0].lamports = 99n; // changed after it was added: not seen
  assert.equal(accounts.get(key(1))?.lamports, 5n);
  accounts.set(key(2), { owner: OWNER, lamports: 1n, executable: false, data: bytes(9) });
  assert.equal(accounts.get(key(2))?.owner, OWNER);
  assert.equal(accounts.get(key(2))?.pubkey, key(2));
  assert.equal(accounts.delete(key(3)), true);
  assert.equal(accounts.delete(key(3)), false);
  assert.equal(accounts.size, 3);
  assert.deepEqual([...accounts.keys()], [1, 2, 4].map(key));
  assert.deepEqual([...accounts].map((a) => a.data[0]), [1, 9, 4]);
});

Deno.test("recorded accounts: getWithHeldKey reads as get does, packed rows and object rows, and finds no absent key", () => {
  const slab = new PackSlab(4096);
  const accounts = new RecordedAccounts("er");
  accounts.add(packed(slab, key(1), 7));
  const kept = packed(slab, key(2), 9);
  kept.rentEpoch = 12;
  accounts.add(kept); // a recorded rent epoch: held as an object row
  for (const k of [key(1), key(2)]) {
    // The key asked with is a string built anew (another reader's copy of it).
    const asked = [...k].join("");
    assert.deepEqual(fields(accounts.getWithHeldKey(asked)), fields(accounts.get(k)), k);
    assert.equal(accounts.getWithHeldKey(asked)?.packed?.offset, accounts.get(k)?.packed?.offset);
  }
  assert.equal(accounts.getWithHeldKey(key(3)), undefined);
  accounts.delete(key(1));
  assert.equal(accounts.getWithHeldKey(key(1)), undefined, "a deleted key is absent");
});
