/**
 * `deposit_token_stake` (PROTOCOL-v1 §8.9): stakes FAF; creates the owner's token stake account on first use (the
 * only instruction that does).
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { systemProgram, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

export const DEPOSIT_TOKEN_STAKE_DISCRIMINATOR = "694d1d421c23b70a";

/** `DepositTokenStakeParams` (16 bytes of instruction data with the discriminator). */
export interface DepositTokenStakeArgs {
  /** FAF native units. */
  depositAmount: bigint;
}

export const depositTokenStake = defineInstruction<DepositTokenStakeArgs>(
  "deposit_token_stake",
  DEPOSIT_TOKEN_STAKE_DISCRIMINATOR,
  struct<DepositTokenStakeArgs>("DepositTokenStakeParams", { depositAmount: u64 }),
  100_000, // compute units: token transfer + account creation
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface DepositTokenStakeAccounts {
  /** The trader's wallet. */
  owner: string;
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: string;
  /** Owner's FAF associated token account. */
  fundingTokenAccount: string;
  /** `pda.perpetuals(programId)`. */
  perpetuals?: string;
  /** `pda.tokenVault(programId)`. */
  tokenVault?: string;
  /** `pda.tokenVaultTokenAccount(programId)`. */
  tokenVaultTokenAccount?: string;
  /** Token stake account (`pda.tokenStake(programId, owner)`). */
  tokenStakeAccount: string;
  /** System program. */
  systemProgram?: string;
  /** SPL Token program (FAF is a legacy mint). */
  tokenProgram: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** FAF mint. */
  tokenMint: string;
}

export const DEPOSIT_TOKEN_STAKE_ACCOUNTS = accountTable<DepositTokenStakeAccounts>("deposit_token_stake", [
  ["owner", WS],
  ["feePayer", WS],
  ["fundingTokenAccount", W],
  ["perpetuals", R, pda.perpetuals],
  ["tokenVault", W, pda.tokenVault],
  ["tokenVaultTokenAccount", W, pda.tokenVaultTokenAccount],
  ["tokenStakeAccount", W],
  ["systemProgram", R, systemProgram],
  ["tokenProgram", R],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["tokenMint", R],
]);

export function depositTokenStakeInstruction(
  programId: string,
  accounts: DepositTokenStakeAccounts,
  args: DepositTokenStakeArgs,
): Instruction {
  return depositTokenStake.instruction(programId, DEPOSIT_TOKEN_STAKE_ACCOUNTS.metas(programId, accounts), args);
}
