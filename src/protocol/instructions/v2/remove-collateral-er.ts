/**
 * `remove_collateral_er` (PROTOCOL-v2 §3.7): withdraws collateral (in USD) from a basket position back to the
 * basket.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const REMOVE_COLLATERAL_ER_DISCRIMINATOR = "824690d560fe01e1";

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

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const REMOVE_COLLATERAL_ER_ACCOUNTS = accountTable("remove_collateral_er", {
  /** Basket owner's wallet (not a signer here). */
  owner: R,
  /** Signs: the owner, or the session key when `sessionToken` is given. */
  signer: RS,
  /**
   * Session key's `SessionTokenV2` PDA (`pda.sessionToken`); leave out without a session (the program id then
   * fills the slot).
   */
  sessionToken: [R, "optional"],
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** `pda.basket(programId, owner)`. */
  basket: W,
  /** The market (`pda.market(programId, targetCustody, lockCustody, side)`). */
  market: W,
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: R,
  /** Custody of the market's target token. */
  targetCustody: R,
  /** Custody of the token paid out. */
  dispensingCustody: W,
  /** The market's collateral ("lock") custody. */
  lockCustody: W,
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: R,
  /** Internal oracle of the dispensing custody. */
  dispensingOracleAccount: R,
  /** Internal oracle of the lock custody. */
  lockOracleAccount: R,
  /** `pda.reallocVault(programId)`. */
  reallocVault: [W, pda.reallocVault],
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
});
export type RemoveCollateralErAccounts = AccountsOf<typeof REMOVE_COLLATERAL_ER_ACCOUNTS>;

export function removeCollateralErInstruction(
  programId: string,
  accounts: RemoveCollateralErAccounts,
  args: RemoveCollateralErArgs,
): Instruction {
  return removeCollateralEr.instruction(programId, REMOVE_COLLATERAL_ER_ACCOUNTS.metas(programId, accounts), args);
}
