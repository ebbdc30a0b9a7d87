import assert from "node:assert/strict";
import { CodecError, struct, u64, u8 } from "../../../src/protocol/codec/mod.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../../../src/protocol/instructions/define.ts";
import { parseInstruction, readAccounts } from "../../helpers/parse-instruction.ts";
import { AccountRole, readonly, writable, writableSigner } from "../../../src/protocol/instructions/instruction.ts";
import { hex, key, PROGRAM_V2 as P } from "./_check.ts";

interface Args {
  amount: bigint;
  slot: number;
}
const demo = defineInstruction<Args>("demo", "0102030405060708", struct<Args>("DemoParams", { amount: u64, slot: u8 }));

const table = accountTable("demo", {
  owner: AccountRole.WRITABLE_SIGNER,
  session: [AccountRole.READONLY, "optional"],
  program: [AccountRole.READONLY, (programId: string) => programId],
});
type Accounts = AccountsOf<typeof table>;

Deno.test("defineInstruction: data is discriminator ‖ Borsh(args), fixed size known", () => {
  assert.equal(demo.name, "demo");
  assert.equal(demo.discriminatorHex, "0102030405060708");
  assert.equal(demo.dataSize, 17);
  // amount 258 = 0x0102 → 02 01 00 00 00 00 00 00, slot 9 → 09
  assert.equal(hex(demo.encode({ amount: 258n, slot: 9 })), "0102030405060708" + "0201000000000000" + "09");
  assert.deepEqual(demo.decode(demo.encode({ amount: 258n, slot: 9 })), { amount: 258n, slot: 9 });
  assert.ok(demo.matches(Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8)));
  assert.ok(!demo.matches(Uint8Array.of(1, 2, 3)));
});

Deno.test("defineInstruction: a short discriminator serves the native programs", () => {
  const tag = defineInstruction("tagged", "0c", struct<{ n: number }>("T", { n: u8 }));
  assert.equal(hex(tag.encode({ n: 5 })), "0c05");
  assert.equal(tag.dataSize, 2);
  assert.throws(() => defineInstruction("bad", "0x12", struct("T", {})), /invalid discriminator/);
  assert.throws(() => defineInstruction("bad", "ABC", struct("T", {})), /invalid discriminator/);
});

Deno.test("defineInstruction: decode rejects another discriminator, short data and trailing bytes", () => {
  const data = demo.encode({ amount: 1n, slot: 1 });
  const other = data.slice();
  other[0] = 0xff;
  assert.throws(() => demo.decode(other), (e) => e instanceof CodecError && /discriminator mismatch/.test(e.message));
  assert.throws(() => demo.decode(data.subarray(0, 12)), (e) => e instanceof CodecError && e.path[0] === "demo");
  assert.throws(() => demo.decode(Uint8Array.of(...data, 0)), /1 trailing byte/);
});

Deno.test("defineInstruction: encode names the instruction and field of a bad value", () => {
  assert.throws(
    () => demo.encode({ amount: -1n, slot: 0 }),
    (e) => e instanceof CodecError && e.path.join(".") === "demo.amount",
  );
  assert.throws(() => demo.encode({ amount: 1n, slot: 256 }), (e) => e instanceof CodecError && /slot/.test(e.message));
});

Deno.test("accountTable: fill rules, the optional sentinel, required accounts", () => {
  const owner = key("owner");
  assert.deepEqual(table.metas(P, { owner }), [writableSigner(owner), readonly(P), readonly(P)]);
  const session = key("session");
  assert.deepEqual(table.metas(P, { owner, session }).map((m) => m.address), [owner, session, P]);
  assert.throws(
    () => table.metas(P, {} as Accounts),
    (e) => e instanceof TypeError && /"owner" is required/.test(e.message),
  );
});

Deno.test("accountTable: slots in the order written, the accounts type derived from them", () => {
  assert.deepEqual(table.slots.map(([name, role, fill]) => [name, role, fill === undefined ? "none" : typeof fill]), [
    ["owner", AccountRole.WRITABLE_SIGNER, "none"],
    ["session", AccountRole.READONLY, "string"],
    ["program", AccountRole.READONLY, "function"],
  ]);
  // Only the slot without a fill rule is required (a type error otherwise: this line would not compile).
  const accounts: Accounts = { owner: key("owner") };
  assert.equal(table.metas(P, accounts).length, 3);
  // An integer-like name would be enumerated first, out of program order.
  assert.throws(
    () => accountTable("bad", { owner: AccountRole.READONLY, 1: AccountRole.WRITABLE }),
    /not an identifier/,
  );
});

Deno.test("readAccounts: sentinel reads as absent, extra privileges accepted, missing ones and short lists rejected", () => {
  const owner = key("owner");
  assert.deepEqual(readAccounts(table, P, table.metas(P, { owner })), { owner, program: P });
  // A compiled message may upgrade a role (the fee payer is a writable signer), never downgrade it.
  const upgraded = [writableSigner(owner), writable(key("s")), writable(P)];
  assert.deepEqual(readAccounts(table, P, upgraded), { owner, session: key("s"), program: P });
  assert.throws(
    () => readAccounts(table, P, [writable(owner), readonly(P), readonly(P)]),
    /account 0 \(owner\) has role "W", needs "SW"/,
  );
  assert.throws(() => readAccounts(table, P, [writableSigner(owner)]), /1 account\(s\), expected at least 3/);
});

Deno.test("parseInstruction: accounts, remaining accounts and arguments", () => {
  const owner = key("owner");
  const extra = writable(key("extra"));
  const ix = demo.instruction(P, [...table.metas(P, { owner }), extra], { amount: 7n, slot: 2 });
  assert.deepEqual(parseInstruction(demo, table, ix), {
    programAddress: P,
    accounts: { owner, program: P },
    remaining: [extra],
    args: { amount: 7n, slot: 2 },
  });
});
