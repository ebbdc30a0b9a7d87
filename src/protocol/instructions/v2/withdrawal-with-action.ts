/**
 * `withdrawal_with_action` (PROTOCOL-v2 §3.12): base-chain step of a withdrawal: creates and delegates the escrow
 * receipt and queues the rollup step.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { delegationProgram, systemProgram, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS, WRITABLE_SIGNER: WS } = AccountRole;

const WITHDRAWAL_WITH_ACTION_DISCRIMINATOR = "00faf33a443304a6";

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

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const WITHDRAWAL_WITH_ACTION_ACCOUNTS = accountTable("withdrawal_with_action", {
  /** Owner's wallet; signs. */
  owner: RS,
  /** Pays escrow and delegation rent; signs; must differ from `owner` (PROTOCOL-v2 §2.1). */
  feePayer: WS,
  /** Owner's associated token account of the mint. */
  ownerTokenAccount: W,
  /** Mint of the token. */
  tokenMint: R,
  /** `pda.tradeVault(programId, mint)`. */
  tradeVault: R,
  /** `pda.tradeVaultTokenAccount(programId, mint)`. */
  tradeVaultTokenAccount: W,
  /** `pda.transferAuthority(programId)`. */
  transferAuthority: [R, pda.transferAuthority],
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** `pda.basket(programId, owner)`. */
  basket: R,
  /** `pda.userDepositLedger(programId, owner)`. */
  userDepositLedger: R,
  /** `pda.delegationBuffer(programId, withdrawalEscrowReceipt)`. */
  bufferWithdrawalEscrowReceipt: W,
  /** `pda.delegationRecord(withdrawalEscrowReceipt)`. */
  delegationRecordWithdrawalEscrowReceipt: W,
  /** `pda.delegationMetadata(withdrawalEscrowReceipt)`. */
  delegationMetadataWithdrawalEscrowReceipt: W,
  /** `pda.withdrawalEscrowReceipt(programId, owner, mint)`. */
  withdrawalEscrowReceipt: W,
  /** Token program of the mint: legacy SPL Token or Token-2022. */
  tokenProgram: R,
  /** System program. */
  systemProgram: [R, systemProgram],
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** The perpetuals program (owner of the delegated account). */
  ownerProgram: [R, theProgram],
  /** MagicBlock delegation program. */
  delegationProgram: [R, delegationProgram],
});
export type WithdrawalWithActionAccounts = AccountsOf<typeof WITHDRAWAL_WITH_ACTION_ACCOUNTS>;

export function withdrawalWithActionInstruction(
  programId: string,
  accounts: WithdrawalWithActionAccounts,
  args: WithdrawalWithActionArgs,
): Instruction {
  return withdrawalWithAction.instruction(programId, WITHDRAWAL_WITH_ACTION_ACCOUNTS.metas(programId, accounts), args);
}
