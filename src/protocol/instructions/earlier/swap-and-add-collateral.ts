/**
 * `swap_and_add_collateral` (PROTOCOL-v1 §8.6): swaps the paying token into the collateral and adds it.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

export const SWAP_AND_ADD_COLLATERAL_DISCRIMINATOR = "87cfe470f70f1d96";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface SwapAndAddCollateralAccounts {
  /** The trader's wallet. */
  owner: string;
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: string;
  /**
   * Owner's token account of the paying token (its associated token account; wrapped-SOL ATA for SOL, DECISIONS
   * 5.4).
   */
  fundingAccount: string;
  /** `pda.transferAuthority(programId)`. */
  transferAuthority?: string;
  /** `pda.perpetuals(programId)`. */
  perpetuals?: string;
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** Custody of the token the trader pays with. */
  receivingCustody: string;
  /** Internal oracle of the receiving custody. */
  receivingCustodyOracleAccount: string;
  /** Token account of the receiving custody. */
  receivingCustodyTokenAccount: string;
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

export const SWAP_AND_ADD_COLLATERAL_ACCOUNTS = accountTable<SwapAndAddCollateralAccounts>("swap_and_add_collateral", [
  ["owner", WS],
  ["feePayer", WS],
  ["fundingAccount", W],
  ["transferAuthority", R, pda.transferAuthority],
  ["perpetuals", R, pda.perpetuals],
  ["pool", W],
  ["receivingCustody", W],
  ["receivingCustodyOracleAccount", R],
  ["receivingCustodyTokenAccount", W],
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

export function swapAndAddCollateralInstruction(
  programId: string,
  accounts: SwapAndAddCollateralAccounts,
  args: SwapAndAddCollateralArgs,
): Instruction {
  return swapAndAddCollateral.instruction(programId, SWAP_AND_ADD_COLLATERAL_ACCOUNTS.metas(programId, accounts), args);
}
