/**
 * The instruction value every builder produces: a program address, an ordered list of account metas and the data
 * bytes. Modelled on anza-xyz/kit (`@solana/instructions`): an account's role is two bit flags, signer (0b10) and
 * writable (0b01), so merging two roles of the same key is a bitwise OR. Addresses are base58 strings; nothing here
 * depends on web3.js (the transaction layer converts).
 */
import { BoundedMemo } from "../memo.ts";

/** Signer and writable flags of one account slot, as bit flags. */
export const AccountRole = {
  READONLY: 0b00,
  WRITABLE: 0b01,
  READONLY_SIGNER: 0b10,
  WRITABLE_SIGNER: 0b11,
} as const;
export type AccountRole = (typeof AccountRole)[keyof typeof AccountRole];

/** One account slot of an instruction. */
export interface AccountMeta {
  readonly address: string;
  readonly role: AccountRole;
}

/** A program instruction: what a transaction message compiles. Built frozen; treat `data` as immutable too. */
export interface Instruction {
  readonly programAddress: string;
  readonly accounts: readonly AccountMeta[];
  readonly data: Uint8Array;
  /** The compute-unit estimate its definition states (base-chain perpetuals instructions only; see `define.ts`). */
  readonly computeUnits?: number;
}

/**
 * The four frozen metas of an address, built once: a builder names the same few hundred accounts on every request,
 * and sharing an immutable meta costs a lookup where a new frozen object cost an allocation and a freeze.
 */
const metasByAddress = new BoundedMemo<string, readonly AccountMeta[]>(65_536);
const ROLES: readonly AccountRole[] = [0b00, 0b01, 0b10, 0b11];
const metasOf = (address: string) => ROLES.map((role) => Object.freeze({ address, role }));

export function accountMeta(address: string, role: AccountRole): AccountMeta {
  if (ROLES[role] !== role) return Object.freeze({ address, role }); // not a role: nothing shared
  return metasByAddress.get(address, metasOf)[role];
}
export function readonly(address: string): AccountMeta {
  return accountMeta(address, AccountRole.READONLY);
}
export function writable(address: string): AccountMeta {
  return accountMeta(address, AccountRole.WRITABLE);
}
export function readonlySigner(address: string): AccountMeta {
  return accountMeta(address, AccountRole.READONLY_SIGNER);
}
export function writableSigner(address: string): AccountMeta {
  return accountMeta(address, AccountRole.WRITABLE_SIGNER);
}

/** A frozen instruction value (the account list is copied and frozen; `data` is kept as given). */
export function createInstruction(
  programAddress: string,
  accounts: readonly AccountMeta[],
  data: Uint8Array,
  computeUnits?: number,
): Instruction {
  // A frozen meta (every `accountMeta`) is kept as is: copying it again would only cost an allocation.
  const metas = Object.freeze(accounts.map((a) => Object.isFrozen(a) ? a : accountMeta(a.address, a.role)));
  return Object.freeze(
    computeUnits === undefined
      ? { programAddress, accounts: metas, data }
      : { programAddress, accounts: metas, data, computeUnits },
  );
}
