/**
 * `remove_collateral` (PROTOCOL-v1 §8.7): withdraws collateral (in USD), paid out in the collateral token.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const REMOVE_COLLATERAL_DISCRIMINATOR = "56de82565c144841";

/** `RemoveCollateralParams` (16 bytes of instruction data with the discriminator). */
export interface RemoveCollateralArgs {
  /** USD to withdraw, 6 decimals. */
  collateralDeltaUsd: bigint;
}

export const removeCollateral = defineInstruction<RemoveCollateralArgs>(
  "remove_collateral",
  REMOVE_COLLATERAL_DISCRIMINATOR,
  struct<RemoveCollateralArgs>("RemoveCollateralParams", { collateralDeltaUsd: u64 }),
  120_000, // compute units: the vendor CLI's `remove collateral` limit
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const REMOVE_COLLATERAL_ACCOUNTS = accountTable("remove_collateral", {
  /** The trader's wallet. */
  owner: RS,
  /** Owner's token account of the payout token (its associated token account). */
  receivingAccount: W,
  /** `pda.transferAuthority(programId)`. */
  transferAuthority: [R, pda.transferAuthority],
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: R,
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
});
export type RemoveCollateralAccounts = AccountsOf<typeof REMOVE_COLLATERAL_ACCOUNTS>;

export function removeCollateralInstruction(
  programId: string,
  accounts: RemoveCollateralAccounts,
  args: RemoveCollateralArgs,
): Instruction {
  return removeCollateral.instruction(programId, REMOVE_COLLATERAL_ACCOUNTS.metas(programId, accounts), args);
}
