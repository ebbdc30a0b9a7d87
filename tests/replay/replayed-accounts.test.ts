import assert from "node:assert/strict";
import fc from "fast-check";
import { RecordedAccounts } from "../../src/replay/recorded-accounts.ts";
import { ReplayedAccounts } from "../../src/replay/replayed-accounts.ts";
import type { RecordedAccount, RecordedAccountData } from "../../src/replay/recorded-account.ts";
import { PackSlab } from "../../src/state/packed-bytes.ts";
import { key, PROGRAM } from "./_helpers.ts";

function account(n: number, lamports: bigint): RecordedAccountData {
  const data = new Uint8Array(64);
  data.fill(n, 0, 8);
  return { owner: PROGRAM, lamports, executable: false, data };
}

/** Initial accounts of keys 0..count-1, packed (as a recording's are). */
function initial(count: number): RecordedAccounts {
  const slab = new PackSlab(4096);
  const accounts = new RecordedAccounts("base");
  for (let n = 0; n < count; n++) {
    const a = account(n, 1n);
    accounts.add({ pubkey: key(n), ...a, packed: slab.pack(a.data) } as RecordedAccount);
  }
  return accounts;
}

type Op = { set: boolean; key: number; lamports: number };

Deno.test("replayed accounts: reads equal a Map's through any changes; the initial accounts are never written", () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ set: fc.boolean(), key: fc.nat(11), lamports: fc.nat(5) }), { maxLength: 60, size: "max" }),
      (ops: Op[]) => {
        const start = initial(8);
        const replayed = new ReplayedAccounts(start);
        const model = new Map<string, bigint>([...start].map((a) => [a.pubkey, a.lamports]));
        for (const op of ops) {
          if (op.set) {
            replayed.set(key(op.key), account(op.key, BigInt(op.lamports)));
            model.set(key(op.key), BigInt(op.lamports));
          } else {
            assert.equal(replayed.delete(key(op.key)), model.delete(key(op.key)));
          }
        }
        assert.equal(replayed.size, model.size);
        for (let n = 0; n < 12; n++) {
          assert.equal(replayed.has(key(n)), model.has(key(n)));
          assert.equal(replayed.get(key(n))?.lamports, model.get(key(n)));
          assert.equal(replayed.get(key(n))?.pubkey, model.has(key(n)) ? key(n) : undefined);
        }
        // Initial keys in their order, then the added ones in the order they came (as a Map orders them, less
        // the initial keys deleted then set again, which keep their place).
        const initialKeys = [...start.keys()];
        const expected = [
          ...initialKeys.filter((k) => model.has(k)),
          ...[...model.keys()].filter((k) => !initialKeys.includes(k)),
        ];
        assert.deepEqual([...replayed.keys()], expected);
        assert.deepEqual([...replayed].map((a) => a.lamports), expected.map((k) => model.get(k)));
        assert.deepEqual([...start].map((a) => a.lamports), new Array(8).fill(1n), "the start is as it was");
        for (const [k, now] of replayed.changes()) assert.equal(now?.lamports, model.get(k));
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("replayed accounts: a taken account reads as it was when taken, whatever changes after", () => {
  const replayed = new ReplayedAccounts(initial(3));
  replayed.set(key(1), account(1, 7n));
  const takenInitial = replayed.take(key(0));
  const takenChanged = replayed.take(key(1));
  assert.equal(takenInitial, key(0), "an unchanged account is taken by its key");
  replayed.set(key(0), account(0, 50n));
  replayed.set(key(1), account(1, 60n));
  replayed.delete(key(2));
  assert.equal(replayed.read(takenInitial).lamports, 1n);
  assert.equal(replayed.read(takenChanged).lamports, 7n);
  assert.throws(() => replayed.take(key(2)), /not held/);
  assert.throws(() => replayed.read(key(9)), /not an initial account/);
});
