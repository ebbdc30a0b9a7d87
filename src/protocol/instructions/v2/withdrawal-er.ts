/**
 * `withdrawal_er` (PROTOCOL-v2 §3.12): rollup step of a withdrawal; normally run by the validator as a queued
 * action.
 */
import * as pda from "../../pda.ts";
import { magicContext, magicProgram, type NoArgs, noArgs, systemProgram, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const WITHDRAWAL_ER_DISCRIMINATOR = "c1bb0079056a2d0f";

/** No arguments: the data is the 8-byte discriminator alone. */
export const withdrawalEr = defineInstruction<NoArgs>("withdrawal_er", WITHDRAWAL_ER_DISCRIMINATOR, noArgs);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const WITHDRAWAL_ER_ACCOUNTS = accountTable("withdrawal_er", {
  /** Basket owner's wallet (not a signer here). */
  owner: R,
  /** Pays rent and fees. */
  payer: RS,
  /** `pda.basket(programId, owner)`. */
  basket: W,
  /** `pda.userDepositLedger(programId, owner)`. */
  userDepositLedger: R,
  /** `pda.withdrawalEscrowReceipt(programId, owner, mint)`. */
  withdrawalEscrowReceipt: W,
  /** Owner's associated token account of the mint. */
  ownerTokenAccount: R,
  /** Mint of the token. */
  tokenMint: R,
  /** `pda.tradeVault(programId, mint)`. */
  tradeVault: R,
  /** `pda.tradeVaultTokenAccount(programId, mint)`. */
  tradeVaultTokenAccount: R,
  /** `pda.transferAuthority(programId)`. */
  transferAuthority: [R, pda.transferAuthority],
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** Token program of the mint: legacy SPL Token or Token-2022. */
  tokenProgram: R,
  /** System program. */
  systemProgram: [R, systemProgram],
  /** The perpetuals program. */
  programId: [R, theProgram],
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** MagicBlock magic program. */
  magicProgram: [R, magicProgram],
  /** MagicBlock magic context account. */
  magicContext: [W, magicContext],
});
export type WithdrawalErAccounts = AccountsOf<typeof WITHDRAWAL_ER_ACCOUNTS>;

export function withdrawalErInstruction(programId: string, accounts: WithdrawalErAccounts): Instruction {
  return withdrawalEr.instruction(programId, WITHDRAWAL_ER_ACCOUNTS.metas(programId, accounts), {});
}
