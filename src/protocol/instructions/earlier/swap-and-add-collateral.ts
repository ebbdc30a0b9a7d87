/**
 * `swap_and_add_collateral` (PROTOCOL-v1 §8.6): swaps the paying token into the collateral and adds it.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

const SWAP_AND_ADD_COLLATERAL_DISCRIMINATOR = "87cfe470f70f1d96";

/** `SwapAndAddCollateralParams` (16 bytes of instruction data with the discriminator). */
export interface SwapAndAddCollateralArgs {
  /** Paying-token native units. */
  amountIn: bigint;
}

export const swapAndAddCollateral = defineInstruction<SwapAndAddCollateralArgs>(
  "swap_and_add_collateral",
  SWAP_AND_ADD_COLLATERAL_DISCRIMINATOR,
  struct<SwapAndAddCollateralArgs>("SwapAndAddCollateralParams", { amountIn: u64 }),
  420_000, // compute units: the vendor CLI's `add+swap` limit
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const SWAP_AND_ADD_COLLATERAL_ACCOUNTS = accountTable("swap_and_add_collateral", {
  /** The trader's wallet. */
  owner: WS,
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: WS,
  /**
   * Owner's token account of the paying token (its associated token account; wrapped-SOL ATA for SOL, DECISIONS
   * 5.4).
   */
  fundingAccount: W,
  /** `pda.transferAuthority(programId)`. */
  transferAuthority: [R, pda.transferAuthority],
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: W,
  /** Custody of the token the trader pays with. */
  receivingCustody: W,
  /** Internal oracle of the receiving custody. */
  receivingCustodyOracleAccount: R,
  /** Token account of the receiving custody. */
  receivingCustodyTokenAccount: W,
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
export type SwapAndAddCollateralAccounts = AccountsOf<typeof SWAP_AND_ADD_COLLATERAL_ACCOUNTS>;

export function swapAndAddCollateralInstruction(
  programId: string,
  accounts: SwapAndAddCollateralAccounts,
  args: SwapAndAddCollateralArgs,
): Instruction {
  return swapAndAddCollateral.instruction(programId, SWAP_AND_ADD_COLLATERAL_ACCOUNTS.metas(programId, accounts), args);
}
