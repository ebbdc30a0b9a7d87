/**
 * `remove_collateral_and_swap` (PROTOCOL-v1 §8.7): withdraws collateral (in USD) and swaps it into another token.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

export const REMOVE_COLLATERAL_AND_SWAP_DISCRIMINATOR = "c5d85286ad80173e";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface RemoveCollateralAndSwapAccounts {
  /** The trader's wallet. */
  owner: string;
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: string;
  /** Owner's token account of the payout token (its associated token account). */
  receivingAccount: string;
  /** Owner's associated token account of the market's collateral token. */
  collateralAccount: string;
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
  /** Custody of the token paid out. */
  dispensingCustody: string;
  /** Internal oracle of the dispensing custody. */
  dispensingOracleAccount: string;
  /** Token account of the dispensing custody. */
  dispensingCustodyTokenAccount: string;
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
  /** Mint of the collateral token. */
  collateralMint: string;
  /** Token program of the collateral token. */
  collateralTokenProgram: string;
}

export const REMOVE_COLLATERAL_AND_SWAP_ACCOUNTS = accountTable<RemoveCollateralAndSwapAccounts>(
  "remove_collateral_and_swap",
  [
    ["owner", WS],
    ["feePayer", WS],
    ["receivingAccount", W],
    ["collateralAccount", W],
    ["transferAuthority", R, pda.transferAuthority],
    ["perpetuals", R, pda.perpetuals],
    ["pool", W],
    ["position", W],
    ["market", W],
    ["targetCustody", R],
    ["targetOracleAccount", R],
    ["collateralCustody", W],
    ["collateralOracleAccount", R],
    ["collateralCustodyTokenAccount", W],
    ["dispensingCustody", W],
    ["dispensingOracleAccount", R],
    ["dispensingCustodyTokenAccount", W],
    ["receivingTokenProgram", R],
    ["eventAuthority", R, pda.eventAuthority],
    ["program", R, theProgram],
    ["ixSysvar", R, instructionsSysvar],
    ["receivingMint", R],
    ["collateralMint", R],
    ["collateralTokenProgram", R],
  ],
);

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
