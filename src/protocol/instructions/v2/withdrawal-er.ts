/**
 * `withdrawal_er` (PROTOCOL-v2 §3.12): rollup step of a withdrawal; normally run by the validator as a queued
 * action.
 */
import * as pda from "../../pda.ts";
import { magicContext, magicProgram, type NoArgs, noArgs, systemProgram, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const WITHDRAWAL_ER_DISCRIMINATOR = "c1bb0079056a2d0f";

/** No arguments: the data is the 8-byte discriminator alone. */
export const withdrawalEr = defineInstruction<NoArgs>("withdrawal_er", WITHDRAWAL_ER_DISCRIMINATOR, noArgs);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface WithdrawalErAccounts {
  /** Basket owner's wallet (not a signer here). */
  owner: string;
  /** Pays rent and fees. */
  payer: string;
  /** `pda.basket(programId, owner)`. */
  basket: string;
  /** `pda.userDepositLedger(programId, owner)`. */
  userDepositLedger: string;
  /** `pda.withdrawalEscrowReceipt(programId, owner, mint)`. */
  withdrawalEscrowReceipt: string;
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
  /** Token program of the mint: legacy SPL Token or Token-2022. */
  tokenProgram: string;
  /** System program. */
  systemProgram?: string;
  /** The perpetuals program. */
  programId?: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** MagicBlock magic program. */
  magicProgram?: string;
  /** MagicBlock magic context account. */
  magicContext?: string;
}

export const WITHDRAWAL_ER_ACCOUNTS = accountTable<WithdrawalErAccounts>("withdrawal_er", [
  ["owner", R],
  ["payer", RS],
  ["basket", W],
  ["userDepositLedger", R],
  ["withdrawalEscrowReceipt", W],
  ["ownerTokenAccount", R],
  ["tokenMint", R],
  ["tradeVault", R],
  ["tradeVaultTokenAccount", R],
  ["transferAuthority", R, pda.transferAuthority],
  ["perpetuals", R, pda.perpetuals],
  ["tokenProgram", R],
  ["systemProgram", R, systemProgram],
  ["programId", R, theProgram],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["magicProgram", R, magicProgram],
  ["magicContext", W, magicContext],
]);

export function withdrawalErInstruction(programId: string, accounts: WithdrawalErAccounts): Instruction {
  return withdrawalEr.instruction(programId, WITHDRAWAL_ER_ACCOUNTS.metas(programId, accounts), {});
}
