/**
 * Test helpers for the per-instruction tests: distinct recognisable keys for every account slot, the check of a
 * built instruction against an account table transcribed from the reference, and the build → parse property.
 */
import assert from "node:assert/strict";
import bs58 from "bs58";
import fc from "fast-check";
import { type AccountTable, type InstructionCodec } from "../../../src/protocol/instructions/define.ts";
import { parseInstruction } from "../../helpers/parse-instruction.ts";
import { type Instruction } from "../../../src/protocol/instructions/instruction.ts";
import { roleText } from "../../helpers/roles.ts";
import { arbitraryOf } from "../_arbitrary.ts";

import { key } from "../../helpers/instructions.ts";
export { hex, key, PROGRAM_EARLIER, PROGRAM_V2 } from "../../helpers/instructions.ts";

/** snake_case → camelCase, as the account tables name the program's accounts. */
export function camel(snake: string): string {
  return snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/**
 * A row of the reference's account table: the program's account name and its flags as the reference writes them
 * (`"S"`, `"W"`, `"SW"` or `""`), plus the address expected in the slot.
 */
export type ExpectedAccount = readonly [snakeName: string, flags: "" | "S" | "W" | "SW", address: string];

/** Asserts the instruction's accounts are exactly `expected`, in order, with the same roles and addresses. */
export function assertAccounts(ix: Instruction, expected: readonly ExpectedAccount[]): void {
  assert.equal(ix.accounts.length, expected.length, "account count");
  expected.forEach(([name, flags, address], i) => {
    const meta = ix.accounts[i];
    assert.equal(roleText(meta.role), flags, `account ${i} (${name}) flags`);
    assert.equal(meta.address, address, `account ${i} (${name}) address`);
  });
}

/** Asserts the table's slot names are the reference's names, in order. */
export function assertSlotNames<Acc>(table: AccountTable<Acc>, expected: readonly ExpectedAccount[]): void {
  assert.deepEqual(table.slots.map((s) => s[0]), expected.map(([name]) => camel(name)));
}

/**
 * Property: for random arguments and random distinct keys in every slot (optional slots sometimes left out), the
 * built instruction parses back to the same program, accounts and arguments.
 */
export function assertRoundTrip<Acc, A>(
  programId: string,
  codec: InstructionCodec<A>,
  table: AccountTable<Acc>,
  build: (programId: string, accounts: Acc, args: A) => Instruction,
): void {
  const keyArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => bs58.encode(b));
  const accountsArb = fc.tuple(
    fc.uniqueArray(keyArb, { minLength: table.slots.length, maxLength: table.slots.length }),
    fc.array(fc.boolean(), { minLength: table.slots.length, maxLength: table.slots.length }),
  ).map(([keys, omit]) => {
    const accounts: Record<string, string> = {};
    table.slots.forEach(([name, , fill], i) => {
      // An optional slot left out reads back as absent; a filled slot is always read back with its address.
      if (!(fill === "optional" && omit[i])) accounts[name] = keys[i];
    });
    return accounts as unknown as Acc;
  });
  fc.assert(
    fc.property(accountsArb, arbitraryOf(codec.args.schema) as fc.Arbitrary<A>, (accounts, args) => {
      const ix = build(programId, accounts, args);
      assert.ok(Object.isFrozen(ix) && Object.isFrozen(ix.accounts), "frozen");
      if (codec.dataSize !== undefined) assert.equal(ix.data.length, codec.dataSize);
      const parsed = parseInstruction(codec, table, ix);
      assert.equal(parsed.programAddress, programId);
      assert.deepEqual(parsed.accounts, accounts);
      assert.deepEqual(parsed.args, args);
      assert.deepEqual(parsed.remaining, []);
    }),
    { numRuns: 50 },
  );
}

/**
 * The optional `sessionToken` slot of a v2 trading instruction: given, it holds the session token and reads back as
 * it; left out, it holds the program id and reads back as absent.
 */
export function assertSessionTokenSlot<Acc extends { sessionToken?: string }, A>(
  programId: string,
  codec: InstructionCodec<A>,
  table: AccountTable<Acc>,
  build: (programId: string, accounts: Acc, args: A) => Instruction,
  accounts: Acc,
  args: A,
): void {
  const slot = table.slots.findIndex(([name]) => name === "sessionToken");
  const sessionToken = key("sessionToken");
  const withSession = build(programId, { ...accounts, sessionToken }, args);
  assert.equal(withSession.accounts[slot].address, sessionToken);
  assert.equal(parseInstruction(codec, table, withSession).accounts.sessionToken, sessionToken);
  const without = build(programId, { ...accounts, sessionToken: undefined }, args);
  assert.equal(without.accounts[slot].address, programId);
  assert.equal(parseInstruction(codec, table, without).accounts.sessionToken, undefined);
}
