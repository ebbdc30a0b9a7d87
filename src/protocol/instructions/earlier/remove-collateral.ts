/**
 * `remove_collateral` (PROTOCOL-v1 §8.7): withdraws collateral (in USD), paid out in the collateral token.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const REMOVE_COLLATERAL_DISCRIMINATOR = "56de82565c144841";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface RemoveCollateralAccounts {
  /** The trader's wallet. */
  owner: string;
  /** Owner's token account of the payout token (its associated token account). */
  receivingAccount: string;
  /** `pda.transferAuthority(programId)`. */
  transferAuthority?: string;
  /** `pda.perpetuals(programId)`. */
  perpetuals?: string;
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** `pda.position(programId, owner, market)`. */
  position: string;
  /** The market (`pda.market(programId, targetCustody, collateralCustody, side)`). */
  market: string;
  /** Custody of the market's target token. */
  targetCustody: string;
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: string;
  /** The market's collateral custody. */
  collateralCustody: string;
  /** Internal oracle of the collateral custody. */
  collateralOracleAccount: string;
  /** `pda.custodyTokenAccount(programId, pool, collateralMint)`. */
  collateralCustodyTokenAccount: string;
  /** Token program of the payout token. */
  receivingTokenProgram: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
  /** Mint of the payout token. */
  receivingMint: string;
}

export const REMOVE_COLLATERAL_ACCOUNTS = accountTable<RemoveCollateralAccounts>("remove_collateral", [
  ["owner", RS],
  ["receivingAccount", W],
  ["transferAuthority", R, pda.transferAuthority],
  ["perpetuals", R, pda.perpetuals],
  ["pool", R],
  ["position", W],
  ["market", W],
  ["targetCustody", R],
  ["targetOracleAccount", R],
  ["collateralCustody", W],
  ["collateralOracleAccount", R],
  ["collateralCustodyTokenAccount", W],
  ["receivingTokenProgram", R],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
  ["receivingMint", R],
]);

export function removeCollateralInstruction(
  programId: string,
  accounts: RemoveCollateralAccounts,
  args: RemoveCollateralArgs,
): Instruction {
  return removeCollateral.instruction(programId, REMOVE_COLLATERAL_ACCOUNTS.metas(programId, accounts), args);
}
