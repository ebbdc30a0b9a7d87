/**
 * System program `Transfer` (instruction index 2 as a u32, then u64 lamports): moves lamports between two system
 * accounts. Used for the wrapped-SOL top-up (DECISIONS 5.4) and the withdraw fee-payer top-up (PROTOCOL-v2 §3.12).
 */
import { struct, u64 } from "../../codec/mod.ts";
import { SYSTEM_PROGRAM_ID } from "../../constants.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

export const TRANSFER_SOL_TAG = "02000000";

export interface TransferSolArgs {
  lamports: bigint;
}
export const transferSol = defineInstruction<TransferSolArgs>(
  "Transfer",
  TRANSFER_SOL_TAG,
  struct<TransferSolArgs>("Transfer", { lamports: u64 }),
);

export const TRANSFER_SOL_ACCOUNTS = accountTable("Transfer", {
  /** Pays the lamports; signs. */
  source: AccountRole.WRITABLE_SIGNER,
  destination: AccountRole.WRITABLE,
});
export type TransferSolAccounts = AccountsOf<typeof TRANSFER_SOL_ACCOUNTS>;

export function transferSolInstruction(accounts: TransferSolAccounts, args: TransferSolArgs): Instruction {
  return transferSol.instruction(SYSTEM_PROGRAM_ID, TRANSFER_SOL_ACCOUNTS.metas(SYSTEM_PROGRAM_ID, accounts), args);
}
