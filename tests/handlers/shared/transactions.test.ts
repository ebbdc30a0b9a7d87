/**
 * The builder handlers' shared step: instructions → `transactionBase64` with the right chain's cached blockhash,
 * lookup tables read from the store, and the registry's answers for a missing blockhash or an oversized message.
 */
import assert from "node:assert/strict";
import { ApiError } from "../../../src/http/errors.ts";
import { readTransaction } from "../../helpers/read-transaction.ts";
import { transferSolInstruction } from "../../../src/protocol/instructions/external/system.ts";
import { createInstruction, writable } from "../../../src/protocol/instructions/instruction.ts";
import {
  ACTIVE_LOOKUP_TABLE_SLOT,
  addressLookupTableAccount,
  LOOKUP_TABLE_TYPE,
} from "../../../src/protocol/external/address-lookup-table.ts";
import { buildTransaction, bundleTransactions, lookupTablesAt } from "../../../src/handlers/shared/transactions.ts";
import { key } from "../../helpers/instructions.ts";
import { packAlone } from "../../../src/state/packed-bytes.ts";
import { harness, NOW, PAYER } from "./_helpers.ts";

const ALT_PROGRAM = "AddressLookupTab1e1111111111111111111111111";

const transfer = (to: string) => transferSolInstruction({ source: PAYER, destination: to }, { lamports: 5n });

Deno.test("ER: the ER's cached blockhash, the signer pays, no lookup tables", async () => {
  const h = harness();
  h.freshBlockhashes();
  const out = await h.within(
    (c) => buildTransaction(c, "v2OpenPosition", { chain: "er", feePayer: PAYER, instructions: [transfer(key("a"))] }),
  );
  const tx = readTransaction(out.value as string);
  assert.equal(tx.blockhash, key("er-hash"));
  assert.equal(tx.feePayer, PAYER);
  assert.deepEqual(tx.lookups, []);
  assert.deepEqual(h.failures, []);
});

Deno.test("no blockhash, or one older than 60 s: 500 BLOCKHASH_UNAVAILABLE, counted as a builder failure", async (t) => {
  await t.step("never fetched", async () => {
    const h = harness();
    const out = await h.within(
      (c) => buildTransaction(c, "v2ClosePosition", { chain: "er", feePayer: PAYER, instructions: [transfer(PAYER)] }),
    );
    assert.ok(out.error instanceof ApiError);
    assert.equal(out.error.status, 500);
    assert.equal(out.error.code, "BLOCKHASH_UNAVAILABLE");
    assert.equal(out.error.message, "blockhash fetch failed");
    assert.deepEqual(h.failures, [["v2ClosePosition", "BLOCKHASH_UNAVAILABLE"]]);
  });
  await t.step("stale on the chain asked for, fresh on the other", async () => {
    const h = harness();
    h.blockhashes.base.set({ blockhash: key("base-hash"), lastValidBlockHeight: 1, fetchedAtMs: NOW - 60_001 });
    h.blockhashes.er.set({ blockhash: key("er-hash"), lastValidBlockHeight: 1, fetchedAtMs: NOW });
    const out = await h.within(
      (c) => buildTransaction(c, "v2Deposit", { chain: "base", feePayer: PAYER, instructions: [transfer(PAYER)] }),
    );
    assert.ok(out.error instanceof ApiError);
    assert.equal(out.error.code, "BLOCKHASH_UNAVAILABLE");
  });
});

/** Stores an active lookup table holding `addresses` at `pubkey` on the base chain. */
function storeLookupTable(h: ReturnType<typeof harness>, pubkey: string, addresses: string[]): void {
  h.accounts.set({
    pubkey,
    owner: ALT_PROGRAM,
    lamports: 1n,
    data: addressLookupTableAccount.encode({
      meta: {
        typeIndex: LOOKUP_TABLE_TYPE,
        deactivationSlot: ACTIVE_LOOKUP_TABLE_SLOT,
        lastExtendedSlot: 0n,
        lastExtendedSlotStartIndex: 0,
        authority: null,
        padding: new Uint8Array(2),
      },
      addresses,
    }),
    executable: false,
    slot: 1,
    chain: "base",
  });
}

Deno.test("base chain: a stored lookup table is used when it shortens the message; the priority fee is added", async () => {
  const h = harness({ priorityFee: 1_000 });
  h.blockhashes.base.set({ blockhash: key("base-hash"), lastValidBlockHeight: 1, fetchedAtMs: NOW });
  const targets = Array.from({ length: 12 }, (_, i) => key(`target-${i}`));
  const table = key("table");
  storeLookupTable(h, table, targets);
  const ix = createInstruction(key("program"), targets.map((t) => writable(t)), new Uint8Array([1]));
  const out = await h.within((c) =>
    buildTransaction(c, "v2Deposit", {
      chain: "base",
      feePayer: PAYER,
      instructions: [ix],
      lookupTableAddresses: [table, key("missing-table")],
    })
  );
  const tx = readTransaction(out.value as string, lookupTablesAt(h.services, [table]));
  assert.deepEqual(tx.lookups.map((l) => l.key), [table]);
  assert.equal(tx.blockhash, key("base-hash"));
  // SetComputeUnitLimit, SetComputeUnitPrice, then the program instruction.
  assert.equal(tx.instructions.length, 3);
  assert.equal(tx.instructions[1].data[0], 3);
});

Deno.test("lookupTablesAt leaves out keys that are missing or not a lookup table", () => {
  const h = harness();
  const notATable = key("not-a-table");
  h.accounts.set({
    pubkey: notATable,
    owner: ALT_PROGRAM,
    lamports: 1n,
    data: new Uint8Array(10),
    executable: false,
    slot: 1,
    chain: "base",
  });
  assert.deepEqual(lookupTablesAt(h.services, [notATable, key("absent")]), []);
});

Deno.test("lookupTablesAt: a table held packed is decoded once per packed form, whatever array reading it gives", () => {
  const h = harness();
  const table = key("packed-table");
  const targets = [key("t-1"), key("t-2")];
  storeLookupTable(h, table, targets);
  const packed = packAlone(h.accounts.get(table)!.data);
  // As a packed account whose expanded array has left the expansion cache: every read gives a fresh array.
  h.accounts.set({
    pubkey: table,
    owner: ALT_PROGRAM,
    lamports: 1n,
    packed,
    get data() {
      return packed.unpack();
    },
    executable: false,
    slot: 2,
    chain: "base",
  });
  const [first] = lookupTablesAt(h.services, [table]);
  assert.deepEqual(first.addresses, targets);
  assert.equal(lookupTablesAt(h.services, [table])[0], first, "the same decoded table object: decoded once");
});

Deno.test("over 1232 bytes: 500 TRANSACTION_TOO_LARGE, counted", async () => {
  const h = harness();
  h.blockhashes.er.set({ blockhash: key("er-hash"), lastValidBlockHeight: 1, fetchedAtMs: NOW });
  const many = Array.from({ length: 40 }, (_, i) => writable(key(`acct-${i}`)));
  const ix = createInstruction(key("program"), many, new Uint8Array(8));
  const out = await h.within(
    (c) => buildTransaction(c, "v2ReversePosition", { chain: "er", feePayer: PAYER, instructions: [ix] }),
  );
  assert.ok(out.error instanceof ApiError);
  assert.equal(out.error.status, 500);
  assert.equal(out.error.code, "TRANSACTION_TOO_LARGE");
  assert.match(out.error.message, /over the 1232-byte limit/);
  assert.deepEqual(h.failures, [["v2ReversePosition", "TRANSACTION_TOO_LARGE"]]);
});

Deno.test("a bundle: one transaction when every step fits, else the fewest that do, in order", async () => {
  const h = harness();
  h.freshBlockhashes();
  const step = (name: string, accounts: number) => ({
    name,
    instructions: [
      createInstruction(
        key("program"),
        Array.from({ length: accounts }, (_, i) => writable(key(`${name}-${i}`))),
        new Uint8Array([1]),
      ),
    ],
  });
  const bundle = (steps: ReturnType<typeof step>[]) => ({ chain: "base" as const, feePayer: PAYER, steps });
  const small = await h.within((c) => bundleTransactions(c, "v2Deposit", bundle([step("a", 2), step("b", 2)])));
  assert.deepEqual(small.value?.map((t) => t.steps.map((s) => s.name)), [["a", "b"]]);
  // 25 accounts each: one step fits 1232 bytes, two do not.
  const large = await h.within((c) => bundleTransactions(c, "v2Deposit", bundle([step("a", 25), step("b", 25)])));
  assert.deepEqual(large.value?.map((t) => t.steps.map((s) => s.name)), [["a"], ["b"]]);
  for (const [i, { transactionBase64 }] of (large.value ?? []).entries()) {
    const tx = readTransaction(transactionBase64);
    assert.equal(tx.blockhash, key("base-hash"));
    assert.equal(tx.feePayer, PAYER);
    // SetComputeUnitLimit, then the step's instruction.
    assert.equal(tx.instructions.length, 2);
    assert.equal(tx.instructions[1].accounts[0].address, key(`${["a", "b"][i]}-0`));
  }
  assert.deepEqual(h.failures, []);
});

Deno.test("lookupTablesAt decodes a table once per account bytes, and again when the bytes are replaced", () => {
  const h = harness();
  const table = key("cached-table");
  const store = (addresses: string[]) => storeLookupTable(h, table, addresses);
  store([key("a"), key("b")]);
  const [first] = lookupTablesAt(h.services, [table]);
  assert.deepEqual(first, { key: table, addresses: [key("a"), key("b")] });
  assert.equal(lookupTablesAt(h.services, [table])[0], first, "same bytes: the same decoded table (a hit)");
  store([key("a"), key("b"), key("c")]);
  const [extended] = lookupTablesAt(h.services, [table]);
  assert.notEqual(extended, first, "new bytes: decoded again");
  assert.deepEqual(extended.addresses, [key("a"), key("b"), key("c")]);
});
