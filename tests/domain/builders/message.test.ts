import assert from "node:assert/strict";
import {
  AddressLookupTableAccount,
  PublicKey,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from "@solana/web3.js";
import { Buffer } from "node:buffer";
import fc from "fast-check";
import {
  compileV0Message,
  type LookupTable,
  serializeUnsignedTransaction,
  transactionSize,
} from "../../../src/domain/builders/message.ts";
import { AccountRole, createInstruction, type Instruction } from "../../../src/protocol/instructions/instruction.ts";
import { isSignerRole, isWritableRole } from "../../helpers/roles.ts";
import { hex, key } from "../../helpers/instructions.ts";

const payer = key("payer");
const blockhash = key("blockhash");

/** The same message compiled and serialized by web3.js (`MessageV0.compile`, `VersionedTransaction.serialize`). */
function web3Bytes(instructions: readonly Instruction[], tables: readonly LookupTable[]): Uint8Array {
  const message = new TransactionMessage({
    payerKey: new PublicKey(payer),
    recentBlockhash: blockhash,
    instructions: instructions.map((ix) =>
      new TransactionInstruction({
        programId: new PublicKey(ix.programAddress),
        keys: ix.accounts.map((a) => ({
          pubkey: new PublicKey(a.address),
          isSigner: isSignerRole(a.role),
          isWritable: isWritableRole(a.role),
        })),
        data: Buffer.from(ix.data),
      })
    ),
  }).compileToV0Message(tables.map((t) =>
    new AddressLookupTableAccount({
      key: new PublicKey(t.key),
      state: {
        deactivationSlot: 0xffff_ffff_ffff_ffffn,
        lastExtendedSlot: 0,
        lastExtendedSlotStartIndex: 0,
        addresses: t.addresses.map((a) => new PublicKey(a)),
      },
    })
  ));
  return new VersionedTransaction(message).serialize();
}

function mine(instructions: readonly Instruction[], tables: readonly LookupTable[]): Uint8Array {
  const message = compileV0Message(payer, instructions, blockhash, tables);
  const bytes = serializeUnsignedTransaction(message);
  assert.equal(bytes.length, transactionSize(message));
  // Written into a reused buffer holding other bytes: the same transaction (the signature slots zeroed again).
  const reused = new Uint8Array(bytes.length + 7).fill(0xa5);
  assert.deepEqual(serializeUnsignedTransaction(message, reused), bytes);
  assert.throws(() => serializeUnsignedTransaction(message, new Uint8Array(bytes.length - 1)), RangeError);
  return bytes;
}

// Keys are drawn from a small pool so that instructions share accounts, programs appear as accounts, the payer
// appears inside instructions and tables overlap.
const POOL = [payer, ...[...Array(14)].map((_, i) => key(`k${i}`))];
const PROGRAMS = [key("program a"), key("program b"), POOL[3]];
const instructionArb = fc.record({
  program: fc.constantFrom(...PROGRAMS),
  accounts: fc.array(fc.tuple(fc.constantFrom(...POOL, ...PROGRAMS), fc.integer({ min: 0, max: 3 })), {
    maxLength: 10,
  }),
  data: fc.uint8Array({ maxLength: 140 }),
}).map(({ program, accounts, data }) =>
  createInstruction(program, accounts.map(([address, role]) => ({ address, role: role as AccountRole })), data)
);
const tableArb = fc.record({
  key: fc.constantFrom(key("alt 1"), key("alt 2"), key("alt 3")),
  addresses: fc.array(fc.constantFrom(...POOL, ...PROGRAMS, key("unused")), { maxLength: 20 }),
});

Deno.test("v0 compile and serialize give web3.js's bytes (property: shared keys, signers, programs, tables)", () => {
  fc.assert(
    fc.property(
      fc.array(instructionArb, { minLength: 1, maxLength: 4 }),
      fc.array(tableArb, { maxLength: 3 }),
      (instructions, tables) => {
        assert.equal(hex(mine(instructions, tables)), hex(web3Bytes(instructions, tables)));
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("header, key order and lookups of a small message, by hand", () => {
  const program = key("program a");
  const ix = createInstruction(program, [
    { address: key("ro"), role: AccountRole.READONLY },
    { address: key("signer"), role: AccountRole.READONLY_SIGNER },
    { address: key("w"), role: AccountRole.WRITABLE },
    { address: key("in table w"), role: AccountRole.WRITABLE },
    { address: key("in table r"), role: AccountRole.READONLY },
  ], Uint8Array.of(7));
  const table = { key: key("alt"), addresses: [key("x"), key("in table r"), key("in table w")] };
  const m = compileV0Message(payer, [ix], blockhash, [table]);
  // writable signers [payer], read-only signers [signer], writable [w], read-only [program, ro]
  assert.deepEqual(m.staticAccounts, [payer, key("signer"), key("w"), program, key("ro")]);
  assert.deepEqual(m.header, {
    numRequiredSignatures: 2,
    numReadonlySignedAccounts: 1,
    numReadonlyUnsignedAccounts: 2,
  });
  assert.deepEqual(m.lookups, [{ key: table.key, writableIndexes: [2], readonlyIndexes: [1] }]);
  // indexes: static 0..4, then the loaded writable key (5), then the loaded read-only key (6)
  assert.deepEqual(m.instructions, [{ programIndex: 3, accountIndexes: [4, 1, 2, 5, 6], data: Uint8Array.of(7) }]);
  // 1 + 2×64 signatures, 1 version, 3 header, 1 + 5×32 keys, 32 blockhash, 1 + (1 + 1 + 5 + 1 + 1) instruction,
  // 1 + (32 + 1 + 1 + 1 + 1) lookup = 129 + 4 + 161 + 32 + 10 + 37 = 373
  assert.equal(transactionSize(m), 373);
});

Deno.test("a table holding none of the message's keys is left out; invoked programs and signers stay static", () => {
  const program = key("program a");
  const ix = createInstruction(
    program,
    [{ address: key("signer"), role: AccountRole.READONLY_SIGNER }],
    new Uint8Array(),
  );
  const m = compileV0Message(payer, [ix], blockhash, [{ key: key("alt"), addresses: [program, key("signer"), payer] }]);
  assert.deepEqual(m.lookups, []);
});

Deno.test("more than 256 accounts is refused", () => {
  const accounts = [...Array(256)].map((_, i) => ({ address: key(`many ${i}`), role: AccountRole.READONLY }));
  assert.throws(
    () => compileV0Message(payer, [createInstruction(key("p"), accounts, new Uint8Array())], blockhash),
    RangeError,
  );
});
