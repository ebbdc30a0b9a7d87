/**
 * `remove_collateral_and_swap` (PROTOCOL-v1 §8.7): withdraws collateral (in USD) and swaps it into another token.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

const REMOVE_COLLATERAL_AND_SWAP_DISCRIMINATOR = "c5d85286ad80173e";

/** `RemoveCollateralAndSwapParams` (16 bytes of instruction data with the discriminator). */
export interface RemoveCollateralAndSwapArgs {
  /** USD to withdraw, 6 decimals. */
  collateralDeltaUsd: bigint;
}

export const removeCollateralAndSwap = defineInstruction<RemoveCollateralAndSwapArgs>(
  "remove_collateral_and_swap",
  REMOVE_COLLATERAL_AND_SWAP_DISCRIMINATOR,
  struct<RemoveCollateralAndSwapArgs>("RemoveCollateralAndSwapParams", { collateralDeltaUsd: u64 }),
  435_000, // compute units: as close+swap
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const REMOVE_COLLATERAL_AND_SWAP_ACCOUNTS = accountTable("remove_collateral_and_swap", {
  /** The trader's wallet. */
  owner: WS,
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: WS,
  /** Owner's token account of the payout token (its associated token account). */
  receivingAccount: W,
  /** Owner's associated token account of the market's collateral token. */
  collateralAccount: W,
  /** `pda.transferAuthority(programId)`. */
  transferAuthority: [R, pda.transferAuthority],
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: W,
  /** `pda.position(programId, owner, market)`. */
  position: W,
  /** The market (`pda.market(programId, targetCustody, collateralCustody, side)`). */
  market: W,
  /** Custody of the market's target token. */
  targetCustody: R,
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: R,
  /** The market's collateral custody. */
  collateralCustody: W,
  /** Internal oracle of the collateral custody. */
  collateralOracleAccount: R,
  /** `pda.custodyTokenAccount(programId, pool, collateralMint)`. */
  collateralCustodyTokenAccount: W,
  /** Custody of the token paid out. */
  dispensingCustody: W,
  /** Internal oracle of the dispensing custody. */
  dispensingOracleAccount: R,
  /** Token account of the dispensing custody. */
  dispensingCustodyTokenAccount: W,
  /** Token program of the payout token. */
  receivingTokenProgram: R,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
  /** Mint of the payout token. */
  receivingMint: R,
  /** Mint of the collateral token. */
  collateralMint: R,
  /** Token program of the collateral token. */
  collateralTokenProgram: R,
});
export type RemoveCollateralAndSwapAccounts = AccountsOf<typeof REMOVE_COLLATERAL_AND_SWAP_ACCOUNTS>;

export function removeCollateralAndSwapInstruction(
  programId: string,
  accounts: RemoveCollateralAndSwapAccounts,
  args: RemoveCollateralAndSwapArgs,
): Instruction {
  return removeCollateralAndSwap.instruction(
    programId,
    REMOVE_COLLATERAL_AND_SWAP_ACCOUNTS.metas(programId, accounts),
    args,
  );
}
