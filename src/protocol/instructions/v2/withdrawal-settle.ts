/**
 * `withdrawal_settle` (PROTOCOL-v2 §3.12): last base-chain step of a withdrawal: pays the owner and closes the
 * escrow (no signer).
 */
import * as pda from "../../pda.ts";
import { type NoArgs, noArgs, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W } = AccountRole;

export const WITHDRAWAL_SETTLE_DISCRIMINATOR = "e74a4368e0789d99";

/** No arguments: the data is the 8-byte discriminator alone. */
export const withdrawalSettle = defineInstruction<NoArgs>(
  "withdrawal_settle",
  WITHDRAWAL_SETTLE_DISCRIMINATOR,
  noArgs,
  100_000, // compute units: token transfer + escrow close
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface WithdrawalSettleAccounts {
  /** Owner's wallet (receives the escrow rent; not a signer). */
  owner: string;
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
  /** `pda.withdrawalEscrowReceipt(programId, owner, mint)`. */
  withdrawalEscrowReceipt: string;
  /** `pda.userDepositLedger(programId, owner)`. */
  userDepositLedger: string;
  /** Token program of the mint: legacy SPL Token or Token-2022. */
  tokenProgram: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** MagicBlock post-action placeholder: the SDK passes the owner (withdrawal) or the payer (custody settlement). */
  escrowAuth: string;
  /** MagicBlock post-action placeholder: the SDK passes the owner (withdrawal) or the payer (custody settlement). */
  escrow: string;
}

export const WITHDRAWAL_SETTLE_ACCOUNTS = accountTable<WithdrawalSettleAccounts>("withdrawal_settle", [
  ["owner", W],
  ["ownerTokenAccount", W],
  ["tokenMint", R],
  ["tradeVault", W],
  ["tradeVaultTokenAccount", W],
  ["transferAuthority", R, pda.transferAuthority],
  ["perpetuals", R, pda.perpetuals],
  ["withdrawalEscrowReceipt", W],
  ["userDepositLedger", W],
  ["tokenProgram", R],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["escrowAuth", R],
  ["escrow", R],
]);

export function withdrawalSettleInstruction(programId: string, accounts: WithdrawalSettleAccounts): Instruction {
  return withdrawalSettle.instruction(programId, WITHDRAWAL_SETTLE_ACCOUNTS.metas(programId, accounts), {});
}
