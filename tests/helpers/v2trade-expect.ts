/**
 * Independent expectations for the v2 trading and order builders (issue 8), shared by their domain tests
 * (tests/domain/builders/v2) and the HTTP tests on the embedded world (tests/e2e/v2-trading-builders.test.ts):
 *
 * - addresses derived here with web3.js `PublicKey.findProgramAddressSync` from names, mints and keys (never with
 *   `src/protocol/pda.ts`);
 * - the reference's account tables of the emitted instructions (PROTOCOL-v2 §3.13), transcribed: name, flags,
 *   discriminator;
 * - `assertProgramInstruction`: program id, discriminator, decoded arguments and every account with its flags;
 * - `assertErTransaction`: a built ER transaction's envelope (v0, fee payer, ER blockhash, no lookup tables, one
 *   `SetComputeUnitLimit(1_400_000)`, zeroed signatures, ≤ 1232 bytes) and its message-level account roles.
 */
import assert from "node:assert/strict";
import { PublicKey } from "@solana/web3.js";
import { readTransaction } from "../../src/domain/builders/transaction.ts";
import { type Instruction, roleText } from "../../src/protocol/instructions/instruction.ts";
import { decodeProgramInstruction, hex } from "./instructions.ts";

export const SYSVAR_INSTRUCTIONS = "Sysvar1nstructions1111111111111111111111111";
export const SESSION_KEYS_PROGRAM = "KeyspM2ssCJbqUhQ4k7sveSiY4WjnYsrXkC8oDbwde5";
export const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111";

const utf8 = (s: string) => new TextEncoder().encode(s);
const bytes = (key: string) => new PublicKey(key).toBytes();
const derive = (program: string, ...seeds: Uint8Array[]) =>
  PublicKey.findProgramAddressSync(seeds, new PublicKey(program))[0].toBase58();

/** The v2 program's addresses, derived from first principles (PROTOCOL-v2 §1). */
export function v2Addresses(program: string) {
  return {
    perpetuals: derive(program, utf8("perpetuals")),
    reallocVault: derive(program, utf8("realloc_vault")),
    eventAuthority: derive(program, utf8("__event_authority")),
    basket: (owner: string) => derive(program, utf8("basket"), bytes(owner)),
    ledger: (owner: string) => derive(program, utf8("user_deposit_ledger"), bytes(owner)),
    pool: (name: string) => derive(program, utf8("pool"), utf8(name)),
    custody: (pool: string, mint: string) => derive(program, utf8("custody"), bytes(pool), bytes(mint)),
    oracle: (mint: string) => derive(program, utf8("oracle_account"), bytes(mint)),
    market: (target: string, lock: string, side: "long" | "short") =>
      derive(program, utf8("market"), bytes(target), bytes(lock), Uint8Array.of(side === "long" ? 1 : 2)),
    sessionToken: (signer: string, owner: string) =>
      derive(SESSION_KEYS_PROGRAM, utf8("session_token_v2"), bytes(program), bytes(signer), bytes(owner)),
  };
}

type Flags = "" | "S" | "W" | "SW";
interface Table {
  discriminator: string;
  accounts: readonly (readonly [name: string, flags: Flags])[];
}

const PREFIX = [["owner", ""], ["signer", "S"], ["session_token", ""], ["perpetuals", ""], ["basket", "W"]] as const;
const EVENT_TAIL = [["event_authority", ""], ["program", ""]] as const;
const TAIL = [["realloc_vault", "W"], ...EVENT_TAIL, ["ix_sysvar", ""]] as const;

/** PROTOCOL-v2 §3.13, transcribed: discriminator and ordered accounts of every instruction the builders emit. */
export const TABLES: Record<string, Table> = {
  open_position_er: {
    discriminator: "3884e4954122a76f",
    accounts: [
      ...PREFIX,
      ["user_deposit_ledger", ""],
      ["pool", "W"],
      ["market", "W"],
      ["target_custody", ""],
      ["lock_custody", "W"],
      ["receiving_custody", "W"],
      ["target_oracle_account", ""],
      ["lock_oracle_account", ""],
      ["receiving_oracle_account", ""],
      ...TAIL,
    ],
  },
  increase_position_size_er: {
    discriminator: "fb389c2168ad84f7",
    accounts: [
      ...PREFIX,
      ["user_deposit_ledger", ""],
      ["market", "W"],
      ["pool", "W"],
      ["target_custody", ""],
      ["receiving_custody", "W"],
      ["lock_custody", "W"],
      ["target_oracle_account", ""],
      ["receiving_oracle_account", ""],
      ["lock_oracle_account", ""],
      ...TAIL,
    ],
  },
  close_position_er: {
    discriminator: "77545c12ee6d1e5c",
    accounts: [
      ...PREFIX,
      ["pool", "W"],
      ["market", "W"],
      ["target_custody", ""],
      ["lock_custody", "W"],
      ["dispensing_custody", "W"],
      ["target_oracle_account", ""],
      ["lock_oracle_account", ""],
      ["dispensing_oracle_account", ""],
      ...TAIL,
    ],
  },
  decrease_position_size_er: {
    discriminator: "561b02f0fe13c652",
    accounts: [
      ...PREFIX,
      ["market", "W"],
      ["pool", "W"],
      ["target_custody", ""],
      ["dispensing_custody", "W"],
      ["lock_custody", "W"],
      ["target_oracle_account", ""],
      ["dispensing_oracle_account", ""],
      ["lock_oracle_account", ""],
      ...TAIL,
    ],
  },
  add_collateral_er: {
    discriminator: "e12d954274a0e45d",
    accounts: [
      ...PREFIX,
      ["user_deposit_ledger", ""],
      ["market", "W"],
      ["pool", ""],
      ["target_custody", ""],
      ["receiving_custody", "W"],
      ["lock_custody", "W"],
      ["target_oracle_account", ""],
      ["receiving_oracle_account", ""],
      ["lock_oracle_account", ""],
      ...TAIL,
    ],
  },
  remove_collateral_er: {
    discriminator: "824690d560fe01e1",
    accounts: [
      ...PREFIX,
      ["market", "W"],
      ["pool", ""],
      ["target_custody", ""],
      ["dispensing_custody", "W"],
      ["lock_custody", "W"],
      ["target_oracle_account", ""],
      ["dispensing_oracle_account", ""],
      ["lock_oracle_account", ""],
      ...TAIL,
    ],
  },
  place_limit_order_er: {
    discriminator: "514bd522743419bf",
    accounts: [
      ...PREFIX,
      ["user_deposit_ledger", ""],
      ["pool", ""],
      ["market", ""],
      ["target_custody", ""],
      ["lock_custody", ""],
      ["reserve_custody", "W"],
      ["receive_custody", ""],
      ["target_oracle_account", ""],
      ["reserve_oracle_account", ""],
      ...TAIL,
    ],
  },
  edit_limit_order_er: {
    discriminator: "2cfeac9a84f97b56",
    accounts: [
      ...PREFIX,
      ["user_deposit_ledger", ""],
      ["pool", ""],
      ["market", ""],
      ["target_custody", ""],
      ["lock_custody", ""],
      ["reserve_custody", "W"],
      ["receive_custody", ""],
      ["target_oracle_account", ""],
      ["reserve_oracle_account", ""],
      ...EVENT_TAIL,
      ["ix_sysvar", ""],
    ],
  },
  cancel_limit_order_er: {
    discriminator: "d63f8c47c82216af",
    accounts: [
      ...PREFIX,
      ["pool", ""],
      ["target_custody", ""],
      ["lock_custody", ""],
      ["reserve_custody", "W"],
      ...EVENT_TAIL,
    ],
  },
  place_trigger_order_er: {
    discriminator: "1296e15d2ab60338",
    accounts: [
      ...PREFIX,
      ["pool", ""],
      ["market", ""],
      ["target_custody", ""],
      ["lock_custody", ""],
      ["receive_custody", ""],
      ["target_oracle_account", ""],
      ["lock_oracle_account", ""],
      ...TAIL,
    ],
  },
  edit_trigger_order_er: {
    discriminator: "d22a7c153dff1801",
    accounts: [
      ...PREFIX,
      ["pool", ""],
      ["market", ""],
      ["target_custody", ""],
      ["lock_custody", ""],
      ["receive_custody", ""],
      ["target_oracle_account", ""],
      ["lock_oracle_account", ""],
      ...EVENT_TAIL,
      ["ix_sysvar", ""],
    ],
  },
  cancel_trigger_order_er: { discriminator: "c8ccc19b74f06d66", accounts: [...PREFIX, ...EVENT_TAIL] },
  cancel_all_trigger_orders_er: { discriminator: "0c58d8ebceacad07", accounts: [...PREFIX, ...EVENT_TAIL] },
};

/** Who signs a trading instruction: the owner alone, or a session key with its token. */
export interface Signing {
  owner: string;
  signer: string;
  sessionToken?: string;
}

/**
 * The expected account list of `name`: the caller gives the variable accounts by their snake_case names (pool,
 * market, custodies, oracles); the prefix and the fixed accounts are derived here.
 */
export function expectedAccounts(
  program: string,
  name: string,
  signing: Signing,
  values: Record<string, string>,
): { name: string; flags: Flags; address: string }[] {
  const a = v2Addresses(program);
  const fixed: Record<string, string> = {
    owner: signing.owner,
    signer: signing.signer,
    session_token: signing.sessionToken ?? program,
    perpetuals: a.perpetuals,
    basket: a.basket(signing.owner),
    user_deposit_ledger: a.ledger(signing.owner),
    realloc_vault: a.reallocVault,
    event_authority: a.eventAuthority,
    program,
    ix_sysvar: SYSVAR_INSTRUCTIONS,
  };
  return TABLES[name].accounts.map(([account, flags]) => {
    const address = values[account] ?? fixed[account];
    if (address === undefined) throw new Error(`test: no expected address for ${name}.${account}`);
    return { name: account, flags, address };
  });
}

/**
 * Asserts one program instruction: program id, discriminator, decoded arguments, and every account in order. With
 * `exactRoles` each account's flags are the table's; otherwise (a compiled message, where a key's role is the union
 * of its uses) they include the table's.
 */
export function assertProgramInstruction(
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
  const { program, name } = expected;
  assert.equal(ix.programAddress, program, `${name}: program id`);
  assert.equal(hex(ix.data.subarray(0, 8)), TABLES[name].discriminator, `${name}: discriminator`);
  const decoded = decodeProgramInstruction("v2", ix);
  assert.equal(decoded.name, name);
  assert.deepEqual(decoded.args, expected.args, `${name}: arguments`);
  const accounts = expectedAccounts(program, name, expected.signing, expected.accounts);
  assert.equal(ix.accounts.length, accounts.length, `${name}: account count`);
  accounts.forEach((want, i) => {
    const meta = ix.accounts[i];
    assert.equal(meta.address, want.address, `${name}: account ${i} (${want.name}) address`);
    const got = roleText(meta.role);
    if (expected.exactRoles) {
      assert.equal(got, want.flags, `${name}: account ${i} (${want.name}) flags`);
    } else {
      for (const flag of want.flags) {
        assert.ok(got.includes(flag), `${name}: account ${i} (${want.name}) lacks ${flag}`);
      }
    }
  });
}

/** The compute-unit limit instruction's data as the reference writes it: `02` + u32 LE 1 400 000. */
const ER_COMPUTE_LIMIT_DATA = (() => {
  const data = new Uint8Array(5);
  data[0] = 2;
  new DataView(data.buffer).setUint32(1, 1_400_000, true);
  return hex(data);
})();

/**
 * Decodes a built ER transaction and asserts its envelope: v0, `feePayer` as account 0 and only signer (zeroed
 * signature), the ER's cached blockhash, no lookup tables, exactly one compute-budget instruction
 * (`SetComputeUnitLimit(1_400_000)`, first), at most 1232 bytes. Also asserts the message-level roles: each key's
 * role is exactly the union of its table flags over `tables` (in instruction order), the fee payer writable and
 * signing. Returns the program instructions (without the compute-budget one).
 */
export function assertErTransaction(
  base64: string,
  expected: { feePayer: string; blockhash: string; program: string; names: readonly string[] },
): Instruction[] {
  const tx = readTransaction(base64);
  assert.equal(tx.version, 0);
  assert.equal(tx.feePayer, expected.feePayer);
  assert.deepEqual(tx.signers, [expected.feePayer]);
  assert.equal(tx.signatures.length, 1);
  assert.ok(tx.signatures[0].every((b) => b === 0), "the signature slot is zeroed");
  assert.equal(tx.blockhash, expected.blockhash);
  assert.deepEqual(tx.lookups, []);
  assert.ok(tx.sizeBytes <= 1232, `${tx.sizeBytes} bytes`);
  const [budget, ...rest] = tx.instructions;
  assert.equal(budget.programAddress, COMPUTE_BUDGET_PROGRAM);
  assert.equal(hex(budget.data), ER_COMPUTE_LIMIT_DATA);
  assert.deepEqual(budget.accounts, []);
  assert.ok(rest.every((ix) => ix.programAddress === expected.program), "only program instructions follow");
  assert.deepEqual(rest.map((ix) => decodeProgramInstruction("v2", ix).name), [...expected.names]);

  // Message-level roles: the union of every use of a key, the fee payer writable and signing.
  const union = new Map<string, Set<string>>([[expected.feePayer, new Set(["S", "W"])]]);
  rest.forEach((ix, i) => {
    TABLES[expected.names[i]].accounts.forEach(([, flags], j) => {
      const address = ix.accounts[j].address;
      const set = union.get(address) ?? new Set<string>();
      for (const f of flags) set.add(f);
      union.set(address, set);
    });
  });
  for (const ix of rest) {
    for (const meta of ix.accounts) {
      const want = union.get(meta.address) ?? new Set();
      const text = (want.has("S") ? "S" : "") + (want.has("W") ? "W" : "");
      assert.equal(roleText(meta.role), text, `message role of ${meta.address}`);
    }
  }
  return rest;
}
