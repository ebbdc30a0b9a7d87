/**
 * For the earlier-interface builder tests (issue 10): every address a built instruction should hold, derived here
 * independently of the code under test (web3.js `findProgramAddressSync`, spl-token `getAssociatedTokenAddressSync`),
 * and checks of a decoded instruction against them (program, name, named accounts, exact roles, remaining accounts).
 */
import assert from "node:assert/strict";
import { PublicKey } from "@solana/web3.js";
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import type { AccountRole, Instruction } from "../../src/protocol/instructions/instruction.ts";
import { catalogEntry, decodeProgramInstruction } from "./instructions.ts";

export const SYSTEM = "11111111111111111111111111111111";
export const SYSVAR_IX = "Sysvar1nstructions1111111111111111111111111";
export const NATIVE = "So11111111111111111111111111111111111111112";
export const FAF = "FAFxVxnkzZHMCodkWyoccgUNgVScqMw2mhhQBYDFjFAF";
export const ATA_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";
export const COMPUTE_BUDGET = "ComputeBudget111111111111111111111111111111";
export const TOKEN = TOKEN_PROGRAM_ID.toBase58();
export const TOKEN_2022 = TOKEN_2022_PROGRAM_ID.toBase58();

const enc = new TextEncoder();
const bytes = (k: string) => new PublicKey(k).toBytes();

/** A PDA of `programId` from text and key seeds (keys given as base58 prefixed with `@`). */
export function derive(programId: string, ...seeds: (string | Uint8Array)[]): string {
  const raw = seeds.map((s) => (typeof s === "string" ? (s.startsWith("@") ? bytes(s.slice(1)) : enc.encode(s)) : s));
  return PublicKey.findProgramAddressSync(raw, new PublicKey(programId))[0].toBase58();
}

/** The addresses of one deployment of the earlier program. */
export function earlierAddresses(programId: string) {
  return {
    perpetuals: derive(programId, "perpetuals"),
    transferAuthority: derive(programId, "transfer_authority"),
    eventAuthority: derive(programId, "__event_authority"),
    pool: (name: string) => derive(programId, "pool", name),
    custody: (pool: string, mint: string) => derive(programId, "custody", `@${pool}`, `@${mint}`),
    custodyTokenAccount: (pool: string, mint: string) =>
      derive(programId, "custody_token_account", `@${pool}`, `@${mint}`),
    oracle: (mint: string) => derive(programId, "oracle_account", `@${mint}`),
    market: (target: string, collateral: string, side: "Long" | "Short") =>
      derive(programId, "market", `@${target}`, `@${collateral}`, Uint8Array.of(side === "Long" ? 1 : 2)),
    position: (owner: string, market: string) => derive(programId, "position", `@${owner}`, `@${market}`),
    order: (owner: string, market: string) => derive(programId, "order", `@${owner}`, `@${market}`),
    tokenStake: (owner: string) => derive(programId, "token_stake", `@${owner}`),
    referral: (owner: string) => derive(programId, "referral", `@${owner}`),
    whitelist: (owner: string) => derive(programId, "whitelist", `@${owner}`),
    tokenVault: derive(programId, "token_vault"),
    tokenVaultTokenAccount: derive(programId, "token_vault_token_account"),
  };
}

/** The owner's associated token account (spl-token's derivation). */
export function ata(owner: string, mint: string, token2022 = false): string {
  const program = token2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID;
  return getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(owner), true, program).toBase58();
}

export interface ExpectedInstruction {
  name: string;
  /** Every named account of the instruction (slots the table fills are included). */
  accounts: Record<string, string>;
  args: Record<string, unknown>;
  /** Remaining accounts after the table, as `[address, role]`. */
  remaining?: [string, AccountRole][];
}

/**
 * Checks one earlier-program instruction: program id, decoded name and arguments, every named account, and (when
 * `exactRoles`: an instruction as built, before a message merges roles) each slot's role equal to its table's.
 */
export function assertEarlierInstruction(
  ix: Instruction,
  programId: string,
  expected: ExpectedInstruction,
  exactRoles = true,
): void {
  assert.equal(ix.programAddress, programId, `${expected.name}: program id`);
  const decoded = decodeProgramInstruction("earlier", ix);
  assert.equal(decoded.name, expected.name);
  assert.deepEqual(decoded.args, expected.args, `${expected.name}: arguments`);
  assert.deepEqual(decoded.accounts, expected.accounts, `${expected.name}: accounts`);
  const table = catalogEntry("earlier", expected.name).accounts;
  if (exactRoles) {
    table.slots.forEach(([name, role], i) =>
      assert.equal(ix.accounts[i].role, role, `${expected.name}: role of ${name}`)
    );
  }
  const remaining = decoded.remaining.map((m) => [m.address, m.role]);
  if (exactRoles) assert.deepEqual(remaining, expected.remaining ?? [], `${expected.name}: remaining accounts`);
  else assert.deepEqual(remaining.map(([a]) => a), (expected.remaining ?? []).map(([a]) => a));
}
