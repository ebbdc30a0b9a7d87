/**
 * The checks every builder test makes of a built transaction, decoded with web3.js (`readTransaction`), an
 * implementation independent of the one that encoded it:
 *
 * - `checkedTransaction`: the envelope — v0 message, the fee payer as account 0, exactly the expected signers with
 *   zeroed signature slots, the blockhash, at most 1232 bytes, and the chain's compute budget (ER: one
 *   `SetComputeUnitLimit(1_400_000)`, no lookup tables; base: a unit limit first, a unit price exactly when a priority
 *   fee is configured);
 * - `assertProgramInstruction`: one perpetuals-program instruction — program id, discriminator, decoded name and
 *   arguments, every account in order by name and address, its roles, the remaining accounts;
 * - `assertMessageRoles`: every key's message-level role is exactly the union of the roles the references give it;
 * - for each family of builders the whole check built from these: `assertTransaction` (instructions fully written
 *   out: setup and funds), `assertErTransaction` + `assertTradeInstruction` (v2 trading and order builders, against
 *   the transcribed tables), `assertEarlierInstruction` (earlier interface, against the instruction catalog).
 *
 * Expected addresses come from ./expected-accounts.ts, expected instructions from ./expected-instructions.ts.
 */
import assert from "node:assert/strict";
import { PublicKey, VersionedTransaction } from "@solana/web3.js";
import { type LookupTable } from "../../src/domain/builders/transaction.ts";
import { type ReadTransaction, readTransaction } from "./read-transaction.ts";
import {
  parseSetComputeUnitLimit,
  parseSetComputeUnitPrice,
} from "../../src/protocol/instructions/external/compute-budget.ts";
import { type AccountRole, type Instruction } from "../../src/protocol/instructions/instruction.ts";
import { roleText } from "./roles.ts";
import { COMPUTE_BUDGET_PROGRAM } from "./expected-accounts.ts";
import {
  type ExpectedInstruction,
  type ExpectedProgramInstruction,
  type NamedAccount,
  type RoleText,
  type Signing,
  TRADE_TABLES,
  tradeInstruction,
} from "./expected-instructions.ts";
import { catalogEntry, decodeProgramInstruction, hex } from "./instructions.ts";
import { expectedComputeUnitLimit } from "./compute-units.ts";

/** The compute-unit limit every ER transaction carries (DECISIONS 5.3). */
const ER_COMPUTE_UNITS = 1_400_000;
/** Its instruction data as the reference writes it: `02` + u32 LE 1 400 000 (not through the code's codec). */
const ER_COMPUTE_LIMIT_DATA = (() => {
  const data = new Uint8Array(5);
  data[0] = 2;
  new DataView(data.buffer).setUint32(1, ER_COMPUTE_UNITS, true);
  return hex(data);
})();

function roleBits(text: RoleText): AccountRole {
  return ((text.includes("S") ? 0b10 : 0) | (text.includes("W") ? 0b01 : 0)) as AccountRole;
}

/** `open_position_er` → `openPositionEr`: the reference's snake_case names as the decoder names accounts. */
function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export interface Envelope {
  chain: "er" | "base";
  feePayer: string;
  /** Every key that must sign, fee payer first; nothing else may (default: the fee payer alone). */
  signers?: readonly string[];
  /**
   * Signers whose slot the service filled (request-withdrawal variant A's one-time fee payer, DECISIONS 5.20): their
   * slot must not be zero (`assertSignedBy` verifies the signature); every other slot must be.
   */
  presignedBy?: readonly string[];
  blockhash: string;
  /** Base chain: the lookup tables the message may use (their content at build time). */
  lookupTables?: readonly LookupTable[];
  /** Base chain: the configured priority fee; a `SetComputeUnitPrice` follows the limit exactly when it is above 0. */
  priorityFeeMicroLamports?: bigint;
}

/** Decodes a built transaction, checks its envelope, and returns it with its program instructions (after the budget). */
export function checkedTransaction(
  base64: string,
  envelope: Envelope,
): { tx: ReadTransaction; program: Instruction[] } {
  const tx = readTransaction(base64, envelope.lookupTables ?? []);
  assert.equal(tx.version, 0, "a v0 message");
  assert.equal(tx.feePayer, envelope.feePayer, "fee payer (account 0)");
  assert.deepEqual(tx.signers, [...(envelope.signers ?? [envelope.feePayer])], "exactly these signers");
  assert.equal(tx.signatures.length, tx.signers.length, "one signature slot per signer");
  tx.signatures.forEach((signature, i) => {
    const signer = tx.signers[i];
    if (envelope.presignedBy?.includes(signer)) {
      assert.ok(signature.some((b) => b !== 0), `${signer}'s slot holds its signature`);
    } else assert.ok(signature.every((b) => b === 0), `${signer}'s signature slot left zeroed`);
  });
  assert.equal(tx.blockhash, envelope.blockhash, "blockhash");
  assert.ok(tx.sizeBytes <= 1232, `size ${tx.sizeBytes} ≤ 1232`);

  const [limit, ...rest] = tx.instructions;
  assert.equal(limit.programAddress, COMPUTE_BUDGET_PROGRAM, "the compute budget first");
  let program = rest;
  if (envelope.chain === "er") {
    assert.equal(hex(limit.data), ER_COMPUTE_LIMIT_DATA, "SetComputeUnitLimit(1_400_000)");
    assert.deepEqual(limit.accounts, []);
    assert.deepEqual(tx.lookups, [], "the ER resolves no lookup tables");
  } else {
    assert.equal(parseSetComputeUnitLimit(limit), expectedComputeUnitLimit(rest), "compute-unit limit");
    const fee = envelope.priorityFeeMicroLamports ?? 0n;
    if (fee > 0n) {
      assert.equal(parseSetComputeUnitPrice(rest[0]), fee, "SetComputeUnitPrice = the configured priority fee");
      program = rest.slice(1);
    }
  }
  assert.ok(program.every((ix) => ix.programAddress !== COMPUTE_BUDGET_PROGRAM), "no other compute-budget ix");
  return { tx, program };
}

/**
 * Verifies, with the runtime's own Ed25519 (WebCrypto, not the code under test), that `signer`'s slot of the
 * transaction holds `signer`'s signature of the message.
 */
export async function assertSignedBy(base64: string, signer: string): Promise<void> {
  const tx = VersionedTransaction.deserialize(Uint8Array.fromBase64(base64));
  const index = tx.message.staticAccountKeys.findIndex((k) => k.toBase58() === signer);
  assert.ok(index >= 0 && index < tx.message.header.numRequiredSignatures, `${signer} is a signer`);
  const key = await crypto.subtle.importKey(
    "raw",
    new PublicKey(signer).toBytes() as Uint8Array<ArrayBuffer>,
    "Ed25519",
    false,
    ["verify"],
  );
  const valid = await crypto.subtle.verify(
    "Ed25519",
    key,
    tx.signatures[index] as Uint8Array<ArrayBuffer>,
    tx.message.serialize() as Uint8Array<ArrayBuffer>,
  );
  assert.ok(valid, `${signer}'s signature verifies against the message`);
}

/** How an instruction's roles are compared: each exactly, each including the expected flags, or not here. */
export type RoleCheck = "exact" | "included" | "unchecked";

/**
 * Checks one perpetuals-program instruction of `version`: program id, discriminator (when the reference gives it),
 * decoded name and arguments, the table's accounts in order (names and addresses), then exactly the expected
 * remaining accounts, with roles compared as `roles` says (a compiled message merges a key's roles over all its
 * uses, so roles read back from a transaction can only be `included` or checked message-wide).
 */
export function assertProgramInstruction(
  ix: Instruction,
  version: "v2" | "earlier",
  programId: string,
  want: ExpectedProgramInstruction,
  roles: RoleCheck,
): void {
  const { name } = want;
  assert.equal(ix.programAddress, programId, `${name}: program id`);
  if (want.discriminator !== undefined) {
    assert.equal(hex(ix.data.subarray(0, 8)), want.discriminator, `${name}: discriminator`);
  }
  const decoded = decodeProgramInstruction(version, ix);
  assert.equal(decoded.name, name);
  assert.deepEqual(decoded.args, want.args, `${name}: arguments`);
  const slots = catalogEntry(version, name).accounts.slots.map(([slot]) => slot);
  assert.deepEqual(slots, want.accounts.map(([n]) => camel(n)), `${name}: account names in order`);
  const table = ix.accounts.slice(0, want.accounts.length);
  assert.deepEqual(table.map((a) => a.address), want.accounts.map(([, a]) => a), `${name}: accounts in order`);
  const remaining = ix.accounts.slice(want.accounts.length);
  const wantRemaining = want.remaining ?? [];
  assert.deepEqual(remaining.map((a) => a.address), wantRemaining.map(([a]) => a), `${name}: remaining accounts`);
  if (roles === "unchecked") return;
  const pairs = [
    ...want.accounts.map(([n, , role], i) => [n, role, table[i]] as const),
    ...wantRemaining.map(([a, role], i) => [a, role, remaining[i]] as const),
  ];
  for (const [label, role, meta] of pairs) {
    const got = roleText(meta.role);
    if (roles === "exact") assert.equal(got, role, `${name}: role of ${label}`);
    else for (const flag of role) assert.ok(got.includes(flag), `${name}: ${label} lacks ${flag}`);
  }
}

/**
 * Every key's message-level role is exactly the union of the roles the expected instructions give it (the fee
 * payer signing and writable).
 */
export function assertMessageRoles(
  feePayer: string,
  instructions: readonly Instruction[],
  expected: readonly (readonly (readonly [address: string, role: AccountRole])[])[],
): void {
  const roles = new Map<string, number>([[feePayer, 0b11]]);
  for (const list of expected) for (const [address, role] of list) roles.set(address, (roles.get(address) ?? 0) | role);
  for (const ix of instructions) {
    for (const account of ix.accounts) {
      assert.equal(
        roleText(account.role),
        roleText(roles.get(account.address) as AccountRole),
        `message-level role of ${account.address}`,
      );
    }
  }
}

const rolesOf = (accounts: readonly NamedAccount[]) =>
  accounts.map(([, address, role]) => [address, roleBits(role)] as const);

/**
 * Checks a built transaction completely against instructions written out in full (the setup and funds builders):
 * the envelope, then every instruction — another program's by program id, data and accounts, a perpetuals one by
 * `assertProgramInstruction` — and the message-level roles. Returns the decoded transaction.
 */
export function assertTransaction(
  base64: string,
  expected: Envelope & { programId: string; instructions: readonly ExpectedInstruction[] },
): ReadTransaction {
  const { tx, program } = checkedTransaction(base64, expected);
  assert.equal(program.length, expected.instructions.length, "number of program instructions");
  program.forEach((ix, i) => {
    const want = expected.instructions[i];
    if ("external" in want) {
      assert.equal(ix.programAddress, want.external.programAddress, `instruction ${i}: program`);
      assert.deepEqual([...ix.data], [...want.external.data], `instruction ${i}: data`);
      assert.deepEqual(
        ix.accounts.map((a) => a.address),
        want.external.accounts.map((a) => a.address),
        `instruction ${i}: accounts`,
      );
    } else {
      assertProgramInstruction(ix, "v2", expected.programId, want, "unchecked");
    }
  });
  assertMessageRoles(
    expected.feePayer,
    program,
    expected.instructions.map((want) =>
      "external" in want ? want.external.accounts.map((a) => [a.address, a.role] as const) : rolesOf(want.accounts)
    ),
  );
  return tx;
}

/**
 * Checks a built ER transaction (the v2 trading and order builders): the envelope, only perpetuals-program
 * instructions named `names` in order, and the message-level roles from the reference tables. Returns the program
 * instructions, for `assertTradeInstruction`.
 */
export function assertErTransaction(
  base64: string,
  expected: { feePayer: string; blockhash: string; program: string; names: readonly string[] },
): Instruction[] {
  const { program } = checkedTransaction(base64, { chain: "er", ...expected });
  assert.ok(program.every((ix) => ix.programAddress === expected.program), "only program instructions follow");
  assert.deepEqual(program.map((ix) => decodeProgramInstruction("v2", ix).name), [...expected.names]);
  assertMessageRoles(
    expected.feePayer,
    program,
    program.map((ix, i) =>
      TRADE_TABLES[expected.names[i]].accounts.map(([, role], j) => [ix.accounts[j].address, roleBits(role)] as const)
    ),
  );
  return program;
}

/**
 * One v2 trading instruction against its transcribed table (`tradeInstruction`): the caller names the variable
 * accounts, the signer prefix and fixed accounts are derived. `exactRoles`: an instruction as built (each role the
 * table's); otherwise one read back from a message (each role includes the table's).
 */
export function assertTradeInstruction(
  ix: Instruction,
  expected: {
    program: string;
    name: string;
    signing: Signing;
    accounts: Record<string, string>;
    args: Record<string, unknown>;
    exactRoles?: boolean;
  },
): void {
  const { program, name, signing, accounts, args } = expected;
  const want = tradeInstruction(program, name, signing, accounts, args);
  assertProgramInstruction(ix, "v2", program, want, expected.exactRoles ? "exact" : "included");
}

/** An earlier-program instruction as a test writes it: every named account of its table, by name. */
export interface ExpectedEarlierInstruction {
  name: string;
  /** Every named account of the instruction (slots the table fills are included). */
  accounts: Record<string, string>;
  args: Record<string, unknown>;
  /** Remaining accounts after the table, as `[address, role]`. */
  remaining?: [string, AccountRole][];
}

/**
 * Checks one earlier-program instruction: every named account (the instruction catalog gives the order and, when
 * `exactRoles` — an instruction as built, before a message merges roles — each slot's role), the remaining accounts
 * (with their roles when `exactRoles`), program id, name and arguments.
 */
export function assertEarlierInstruction(
  ix: Instruction,
  programId: string,
  expected: ExpectedEarlierInstruction,
  exactRoles = true,
): void {
  const slots = catalogEntry("earlier", expected.name).accounts.slots;
  assert.deepEqual(
    Object.keys(expected.accounts).sort(),
    slots.map(([name]) => name).sort(),
    `${expected.name}: the test names every account`,
  );
  const want: ExpectedProgramInstruction = {
    name: expected.name,
    accounts: slots.map(([name, role]): NamedAccount => [name, expected.accounts[name], roleText(role) as RoleText]),
    args: expected.args,
    remaining: (expected.remaining ?? []).map(([address, role]) => [address, roleText(role) as RoleText] as const),
  };
  assertProgramInstruction(ix, "earlier", programId, want, exactRoles ? "exact" : "unchecked");
}
