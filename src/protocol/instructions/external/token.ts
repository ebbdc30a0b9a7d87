/**
 * SPL Token instructions the funds flows need (1-byte instruction tag; identical layouts in the legacy program and
 * Token-2022, so the token program is a parameter): `TransferChecked` (12), `CloseAccount` (9), `SyncNative` (17).
 * Native SOL is wrapped through the owner's wrapped-SOL ATA: create-idempotent, system transfer, `SyncNative`; and
 * unwrapped by `CloseAccount` (DECISIONS 5.4).
 */
import { struct, u64, u8 } from "../../codec/mod.ts";
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "../../constants.ts";
import { type NoArgs, noArgs } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

/** The token program id, checked to be legacy SPL Token or Token-2022. */
export function checkTokenProgram(tokenProgram: string): string {
  if (tokenProgram !== TOKEN_PROGRAM_ID && tokenProgram !== TOKEN_2022_PROGRAM_ID) {
    throw new TypeError(`not a token program: ${tokenProgram}`);
  }
  return tokenProgram;
}

// ---- TransferChecked ----------------------------------------------------------------------------------------------

export const TRANSFER_CHECKED_TAG = "0c";
export interface TransferCheckedArgs {
  /** Native units of the mint. */
  amount: bigint;
  /** The mint's decimals (the program rejects a mismatch). */
  decimals: number;
}
export const transferChecked = defineInstruction<TransferCheckedArgs>(
  "TransferChecked",
  TRANSFER_CHECKED_TAG,
  struct<TransferCheckedArgs>("TransferChecked", { amount: u64, decimals: u8 }),
);
export const TRANSFER_CHECKED_ACCOUNTS = accountTable("TransferChecked", {
  source: W,
  mint: R,
  destination: W,
  /** Owner (or delegate) of `source`; signs. */
  owner: RS,
});
export type TransferCheckedAccounts = AccountsOf<typeof TRANSFER_CHECKED_ACCOUNTS>;
export function transferCheckedInstruction(
  tokenProgram: string,
  accounts: TransferCheckedAccounts,
  args: TransferCheckedArgs,
): Instruction {
  const program = checkTokenProgram(tokenProgram);
  return transferChecked.instruction(program, TRANSFER_CHECKED_ACCOUNTS.metas(program, accounts), args);
}

// ---- CloseAccount -------------------------------------------------------------------------------------------------

export const CLOSE_ACCOUNT_TAG = "09";
export const closeAccount = defineInstruction<NoArgs>("CloseAccount", CLOSE_ACCOUNT_TAG, noArgs);
export const CLOSE_ACCOUNT_ACCOUNTS = accountTable("CloseAccount", {
  /** The token account to close (for wrapped SOL its whole lamport balance is released). */
  account: W,
  /** Receives the lamports. */
  destination: W,
  /** Owner of `account`; signs. */
  owner: RS,
});
export type CloseAccountAccounts = AccountsOf<typeof CLOSE_ACCOUNT_ACCOUNTS>;
export function closeAccountInstruction(tokenProgram: string, accounts: CloseAccountAccounts): Instruction {
  const program = checkTokenProgram(tokenProgram);
  return closeAccount.instruction(program, CLOSE_ACCOUNT_ACCOUNTS.metas(program, accounts), {});
}

// ---- SyncNative ---------------------------------------------------------------------------------------------------

export const SYNC_NATIVE_TAG = "11";
export const syncNative = defineInstruction<NoArgs>("SyncNative", SYNC_NATIVE_TAG, noArgs);
export const SYNC_NATIVE_ACCOUNTS = accountTable("SyncNative", {
  /** A native-mint token account whose token amount is set to its lamports above rent. */
  account: W,
});
export type SyncNativeAccounts = AccountsOf<typeof SYNC_NATIVE_ACCOUNTS>;
export function syncNativeInstruction(tokenProgram: string, accounts: SyncNativeAccounts): Instruction {
  const program = checkTokenProgram(tokenProgram);
  return syncNative.instruction(program, SYNC_NATIVE_ACCOUNTS.metas(program, accounts), {});
}
