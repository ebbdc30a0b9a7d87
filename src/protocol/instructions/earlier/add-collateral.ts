/**
 * `add_collateral` (PROTOCOL-v1 §8.6): adds collateral paid in the collateral token (no fee payer slot).
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const ADD_COLLATERAL_DISCRIMINATOR = "7f52792aa1b0f9ce";

/** `AddCollateralParams` (16 bytes of instruction data with the discriminator). */
export interface AddCollateralArgs {
  /** Amount deposited, collateral-token native units. */
  collateralDelta: bigint;
}

export const addCollateral = defineInstruction<AddCollateralArgs>(
  "add_collateral",
  ADD_COLLATERAL_DISCRIMINATOR,
  struct<AddCollateralArgs>("AddCollateralParams", { collateralDelta: u64 }),
  120_000, // compute units: the vendor CLI's `add collateral` limit
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface AddCollateralAccounts {
  /** The trader's wallet. */
  owner: string;
  /**
   * Owner's token account of the paying token (its associated token account; wrapped-SOL ATA for SOL, DECISIONS
   * 5.4).
   */
  fundingAccount: string;
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
  /** Token program of the paying token (legacy or Token-2022). */
  fundingTokenProgram: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
  /** Mint of the paying token. */
  fundingMint: string;
}

export const ADD_COLLATERAL_ACCOUNTS = accountTable<AddCollateralAccounts>("add_collateral", [
  ["owner", RS],
  ["fundingAccount", W],
  ["perpetuals", R, pda.perpetuals],
  ["pool", R],
  ["position", W],
  ["market", W],
  ["targetCustody", R],
  ["targetOracleAccount", R],
  ["collateralCustody", W],
  ["collateralOracleAccount", R],
  ["collateralCustodyTokenAccount", W],
  ["fundingTokenProgram", R],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
  ["fundingMint", R],
]);

export function addCollateralInstruction(
  programId: string,
  accounts: AddCollateralAccounts,
  args: AddCollateralArgs,
): Instruction {
  return addCollateral.instruction(programId, ADD_COLLATERAL_ACCOUNTS.metas(programId, accounts), args);
}
