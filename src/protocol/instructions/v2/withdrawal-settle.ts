/**
 * `withdrawal_settle` (PROTOCOL-v2 §3.12): last base-chain step of a withdrawal: pays the owner and closes the
 * escrow (no signer).
 */
import * as pda from "../../pda.ts";
import { type NoArgs, noArgs, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W } = AccountRole;

const WITHDRAWAL_SETTLE_DISCRIMINATOR = "e74a4368e0789d99";

/** No arguments: the data is the 8-byte discriminator alone. */
export const withdrawalSettle = defineInstruction<NoArgs>(
  "withdrawal_settle",
  WITHDRAWAL_SETTLE_DISCRIMINATOR,
  noArgs,
  100_000, // compute units: token transfer + escrow close
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const WITHDRAWAL_SETTLE_ACCOUNTS = accountTable("withdrawal_settle", {
  /** Owner's wallet (receives the escrow rent; not a signer). */
  owner: W,
  /** Owner's associated token account of the mint. */
  ownerTokenAccount: W,
  /** Mint of the token. */
  tokenMint: R,
  /** `pda.tradeVault(programId, mint)`. */
  tradeVault: W,
  /** `pda.tradeVaultTokenAccount(programId, mint)`. */
  tradeVaultTokenAccount: W,
  /** `pda.transferAuthority(programId)`. */
  transferAuthority: [R, pda.transferAuthority],
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** `pda.withdrawalEscrowReceipt(programId, owner, mint)`. */
  withdrawalEscrowReceipt: W,
  /** `pda.userDepositLedger(programId, owner)`. */
  userDepositLedger: W,
  /** Token program of the mint: legacy SPL Token or Token-2022. */
  tokenProgram: R,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** MagicBlock post-action placeholder: the SDK passes the owner (withdrawal) or the payer (custody settlement). */
  escrowAuth: R,
  /** MagicBlock post-action placeholder: the SDK passes the owner (withdrawal) or the payer (custody settlement). */
  escrow: R,
});
export type WithdrawalSettleAccounts = AccountsOf<typeof WITHDRAWAL_SETTLE_ACCOUNTS>;

export function withdrawalSettleInstruction(programId: string, accounts: WithdrawalSettleAccounts): Instruction {
  return withdrawalSettle.instruction(programId, WITHDRAWAL_SETTLE_ACCOUNTS.metas(programId, accounts), {});
}
