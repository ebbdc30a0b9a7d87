/**
 * `deposit_direct` (PROTOCOL-v2 §3.11): moves tokens from the depositor's token account into the trade vault and
 * credits the owner's ledger.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { systemProgram, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

const DEPOSIT_DIRECT_DISCRIMINATOR = "ceb7b208c4571b96";

/** `DepositDirectParams` (16 bytes of instruction data with the discriminator). */
export interface DepositDirectArgs {
  /** Deposit, native units of the mint. */
  amount: bigint;
}

export const depositDirect = defineInstruction<DepositDirectArgs>(
  "deposit_direct",
  DEPOSIT_DIRECT_DISCRIMINATOR,
  struct<DepositDirectArgs>("DepositDirectParams", { amount: u64 }),
  80_000, // compute units: token transfer + ledger update
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const DEPOSIT_DIRECT_ACCOUNTS = accountTable("deposit_direct", {
  /** Wallet that funds the deposit (variant B: `fundingOwner`); signs and pays. */
  depositor: WS,
  /** Basket owner's wallet (not a signer here). */
  owner: R,
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /**
   * Depositor's token account of the mint: its associated token account (for native SOL its wrapped-SOL account,
   * DECISIONS 5.4).
   */
  depositorTokenAccount: W,
  /** Mint of the token. */
  tokenMint: R,
  /** `pda.tradeVault(programId, mint)`. */
  tradeVault: W,
  /** `pda.tradeVaultTokenAccount(programId, mint)`. */
  tradeVaultTokenAccount: W,
  /** `pda.userDepositLedger(programId, owner)`. */
  userDepositLedger: W,
  /** Token program of the mint: legacy SPL Token or Token-2022. */
  tokenProgram: R,
  /** System program. */
  systemProgram: [R, systemProgram],
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
});
export type DepositDirectAccounts = AccountsOf<typeof DEPOSIT_DIRECT_ACCOUNTS>;

export function depositDirectInstruction(
  programId: string,
  accounts: DepositDirectAccounts,
  args: DepositDirectArgs,
): Instruction {
  return depositDirect.instruction(programId, DEPOSIT_DIRECT_ACCOUNTS.metas(programId, accounts), args);
}
