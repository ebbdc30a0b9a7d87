/**
 * `remove_collateral_er` (PROTOCOL-v2 §3.7): withdraws collateral (in USD) from a basket position back to the
 * basket.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const REMOVE_COLLATERAL_ER_DISCRIMINATOR = "824690d560fe01e1";

/** `RemoveCollateralErParams` (16 bytes of instruction data with the discriminator). */
export interface RemoveCollateralErArgs {
  /** USD to withdraw, 6 decimals. */
  collateralDeltaUsd: bigint;
}

export const removeCollateralEr = defineInstruction<RemoveCollateralErArgs>(
  "remove_collateral_er",
  REMOVE_COLLATERAL_ER_DISCRIMINATOR,
  struct<RemoveCollateralErArgs>("RemoveCollateralErParams", { collateralDeltaUsd: u64 }),
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface RemoveCollateralErAccounts {
  /** Basket owner's wallet (not a signer here). */
  owner: string;
  /** Signs: the owner, or the session key when `sessionToken` is given. */
  signer: string;
  /**
   * Session key's `SessionTokenV2` PDA (`pda.sessionToken`); leave out without a session (the program id then
   * fills the slot).
   */
  sessionToken?: string;
  /** `pda.perpetuals(programId)`. */
  perpetuals?: string;
  /** `pda.basket(programId, owner)`. */
  basket: string;
  /** The market (`pda.market(programId, targetCustody, lockCustody, side)`). */
  market: string;
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** Custody of the market's target token. */
  targetCustody: string;
  /** Custody of the token paid out. */
  dispensingCustody: string;
  /** The market's collateral ("lock") custody. */
  lockCustody: string;
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: string;
  /** Internal oracle of the dispensing custody. */
  dispensingOracleAccount: string;
  /** Internal oracle of the lock custody. */
  lockOracleAccount: string;
  /** `pda.reallocVault(programId)`. */
  reallocVault?: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
}

export const REMOVE_COLLATERAL_ER_ACCOUNTS = accountTable<RemoveCollateralErAccounts>("remove_collateral_er", [
  ["owner", R],
  ["signer", RS],
  ["sessionToken", R, "optional"],
  ["perpetuals", R, pda.perpetuals],
  ["basket", W],
  ["market", W],
  ["pool", R],
  ["targetCustody", R],
  ["dispensingCustody", W],
  ["lockCustody", W],
  ["targetOracleAccount", R],
  ["dispensingOracleAccount", R],
  ["lockOracleAccount", R],
  ["reallocVault", W, pda.reallocVault],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
]);

export function removeCollateralErInstruction(
  programId: string,
  accounts: RemoveCollateralErAccounts,
  args: RemoveCollateralErArgs,
): Instruction {
  return removeCollateralEr.instruction(programId, REMOVE_COLLATERAL_ER_ACCOUNTS.metas(programId, accounts), args);
}
