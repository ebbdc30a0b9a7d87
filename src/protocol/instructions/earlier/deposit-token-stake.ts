/**
 * `deposit_token_stake` (PROTOCOL-v1 §8.9): stakes FAF; creates the owner's token stake account on first use (the
 * only instruction that does).
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { systemProgram, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

const DEPOSIT_TOKEN_STAKE_DISCRIMINATOR = "694d1d421c23b70a";

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

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const DEPOSIT_TOKEN_STAKE_ACCOUNTS = accountTable("deposit_token_stake", {
  /** The trader's wallet. */
  owner: WS,
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: WS,
  /** Owner's FAF associated token account. */
  fundingTokenAccount: W,
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** `pda.tokenVault(programId)`. */
  tokenVault: [W, pda.tokenVault],
  /** `pda.tokenVaultTokenAccount(programId)`. */
  tokenVaultTokenAccount: [W, pda.tokenVaultTokenAccount],
  /** Token stake account (`pda.tokenStake(programId, owner)`). */
  tokenStakeAccount: W,
  /** System program. */
  systemProgram: [R, systemProgram],
  /** SPL Token program (FAF is a legacy mint). */
  tokenProgram: R,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** FAF mint. */
  tokenMint: R,
});
export type DepositTokenStakeAccounts = AccountsOf<typeof DEPOSIT_TOKEN_STAKE_ACCOUNTS>;

export function depositTokenStakeInstruction(
  programId: string,
  accounts: DepositTokenStakeAccounts,
  args: DepositTokenStakeArgs,
): Instruction {
  return depositTokenStake.instruction(programId, DEPOSIT_TOKEN_STAKE_ACCOUNTS.metas(programId, accounts), args);
}
