/**
 * `withdrawal_with_action` (PROTOCOL-v2 §3.12): base-chain step of a withdrawal: creates and delegates the escrow
 * receipt and queues the rollup step.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { delegationProgram, systemProgram, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS, WRITABLE_SIGNER: WS } = AccountRole;

export const WITHDRAWAL_WITH_ACTION_DISCRIMINATOR = "00faf33a443304a6";

/** `WithdrawalWithActionParams` (16 bytes of instruction data with the discriminator). */
export interface WithdrawalWithActionArgs {
  /** Withdrawal, native units of the mint. */
  amount: bigint;
}

export const withdrawalWithAction = defineInstruction<WithdrawalWithActionArgs>(
  "withdrawal_with_action",
  WITHDRAWAL_WITH_ACTION_DISCRIMINATOR,
  struct<WithdrawalWithActionArgs>("WithdrawalWithActionParams", { amount: u64 }),
  200_000, // compute units: escrow creation + delegation + queued action
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface WithdrawalWithActionAccounts {
  /** Owner's wallet; signs. */
  owner: string;
  /** Pays escrow and delegation rent; signs; must differ from `owner` (PROTOCOL-v2 §2.1). */
  feePayer: string;
  /** Owner's associated token account of the mint. */
  ownerTokenAccount: string;
  /** Mint of the token. */
  tokenMint: string;
  /** `pda.tradeVault(programId, mint)`. */
  tradeVault: string;
  /** `pda.tradeVaultTokenAccount(programId, mint)`. */
  tradeVaultTokenAccount: string;
  /** `pda.transferAuthority(programId)`. */
  transferAuthority?: string;
  /** `pda.perpetuals(programId)`. */
  perpetuals?: string;
  /** `pda.basket(programId, owner)`. */
  basket: string;
  /** `pda.userDepositLedger(programId, owner)`. */
  userDepositLedger: string;
  /** `pda.delegationBuffer(programId, withdrawalEscrowReceipt)`. */
  bufferWithdrawalEscrowReceipt: string;
  /** `pda.delegationRecord(withdrawalEscrowReceipt)`. */
  delegationRecordWithdrawalEscrowReceipt: string;
  /** `pda.delegationMetadata(withdrawalEscrowReceipt)`. */
  delegationMetadataWithdrawalEscrowReceipt: string;
  /** `pda.withdrawalEscrowReceipt(programId, owner, mint)`. */
  withdrawalEscrowReceipt: string;
  /** Token program of the mint: legacy SPL Token or Token-2022. */
  tokenProgram: string;
  /** System program. */
  systemProgram?: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** The perpetuals program (owner of the delegated account). */
  ownerProgram?: string;
  /** MagicBlock delegation program. */
  delegationProgram?: string;
}

export const WITHDRAWAL_WITH_ACTION_ACCOUNTS = accountTable<WithdrawalWithActionAccounts>("withdrawal_with_action", [
  ["owner", RS],
  ["feePayer", WS],
  ["ownerTokenAccount", W],
  ["tokenMint", R],
  ["tradeVault", R],
  ["tradeVaultTokenAccount", W],
  ["transferAuthority", R, pda.transferAuthority],
  ["perpetuals", R, pda.perpetuals],
  ["basket", R],
  ["userDepositLedger", R],
  ["bufferWithdrawalEscrowReceipt", W],
  ["delegationRecordWithdrawalEscrowReceipt", W],
  ["delegationMetadataWithdrawalEscrowReceipt", W],
  ["withdrawalEscrowReceipt", W],
  ["tokenProgram", R],
  ["systemProgram", R, systemProgram],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ownerProgram", R, theProgram],
  ["delegationProgram", R, delegationProgram],
]);

export function withdrawalWithActionInstruction(
  programId: string,
  accounts: WithdrawalWithActionAccounts,
  args: WithdrawalWithActionArgs,
): Instruction {
  return withdrawalWithAction.instruction(programId, WITHDRAWAL_WITH_ACTION_ACCOUNTS.metas(programId, accounts), args);
}
