/**
 * `deposit_direct` (PROTOCOL-v2 §3.11): moves tokens from the depositor's token account into the trade vault and
 * credits the owner's ledger.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { systemProgram, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

export const DEPOSIT_DIRECT_DISCRIMINATOR = "ceb7b208c4571b96";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface DepositDirectAccounts {
  /** Wallet that funds the deposit (variant B: `fundingOwner`); signs and pays. */
  depositor: string;
  /** Basket owner's wallet (not a signer here). */
  owner: string;
  /** `pda.perpetuals(programId)`. */
  perpetuals?: string;
  /**
   * Depositor's token account of the mint: its associated token account (for native SOL its wrapped-SOL account,
   * DECISIONS 5.4).
   */
  depositorTokenAccount: string;
  /** Mint of the token. */
  tokenMint: string;
  /** `pda.tradeVault(programId, mint)`. */
  tradeVault: string;
  /** `pda.tradeVaultTokenAccount(programId, mint)`. */
  tradeVaultTokenAccount: string;
  /** `pda.userDepositLedger(programId, owner)`. */
  userDepositLedger: string;
  /** Token program of the mint: legacy SPL Token or Token-2022. */
  tokenProgram: string;
  /** System program. */
  systemProgram?: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
}

export const DEPOSIT_DIRECT_ACCOUNTS = accountTable<DepositDirectAccounts>("deposit_direct", [
  ["depositor", WS],
  ["owner", R],
  ["perpetuals", R, pda.perpetuals],
  ["depositorTokenAccount", W],
  ["tokenMint", R],
  ["tradeVault", W],
  ["tradeVaultTokenAccount", W],
  ["userDepositLedger", W],
  ["tokenProgram", R],
  ["systemProgram", R, systemProgram],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
]);

export function depositDirectInstruction(
  programId: string,
  accounts: DepositDirectAccounts,
  args: DepositDirectArgs,
): Instruction {
  return depositDirect.instruction(programId, DEPOSIT_DIRECT_ACCOUNTS.metas(programId, accounts), args);
}
