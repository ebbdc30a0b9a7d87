/**
 * `add_collateral` (PROTOCOL-v1 §8.6): adds collateral paid in the collateral token (no fee payer slot).
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const ADD_COLLATERAL_DISCRIMINATOR = "7f52792aa1b0f9ce";

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

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const ADD_COLLATERAL_ACCOUNTS = accountTable("add_collateral", {
  /** The trader's wallet. */
  owner: RS,
  /**
   * Owner's token account of the paying token (its associated token account; wrapped-SOL ATA for SOL, DECISIONS
   * 5.4).
   */
  fundingAccount: W,
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
  /** Token program of the paying token (legacy or Token-2022). */
  fundingTokenProgram: R,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
  /** Mint of the paying token. */
  fundingMint: R,
});
export type AddCollateralAccounts = AccountsOf<typeof ADD_COLLATERAL_ACCOUNTS>;

export function addCollateralInstruction(
  programId: string,
  accounts: AddCollateralAccounts,
  args: AddCollateralArgs,
): Instruction {
  return addCollateral.instruction(programId, ADD_COLLATERAL_ACCOUNTS.metas(programId, accounts), args);
}
