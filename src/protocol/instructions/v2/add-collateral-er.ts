/**
 * `add_collateral_er` (PROTOCOL-v2 §3.7): adds collateral to a basket position (the program swaps a receiving token
 * other than the lock token in).
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const ADD_COLLATERAL_ER_DISCRIMINATOR = "e12d954274a0e45d";

/** `AddCollateralErParams` (16 bytes of instruction data with the discriminator). */
export interface AddCollateralErArgs {
  /** Amount deposited, receiving-token native units. */
  collateralDelta: bigint;
}

export const addCollateralEr = defineInstruction<AddCollateralErArgs>(
  "add_collateral_er",
  ADD_COLLATERAL_ER_DISCRIMINATOR,
  struct<AddCollateralErArgs>("AddCollateralErParams", { collateralDelta: u64 }),
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const ADD_COLLATERAL_ER_ACCOUNTS = accountTable("add_collateral_er", {
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
  /** `pda.userDepositLedger(programId, owner)`. */
  userDepositLedger: R,
  /** The market (`pda.market(programId, targetCustody, lockCustody, side)`). */
  market: W,
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: R,
  /** Custody of the market's target token. */
  targetCustody: R,
  /** Custody of the token the trader pays with. */
  receivingCustody: W,
  /** The market's collateral ("lock") custody. */
  lockCustody: W,
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: R,
  /** Internal oracle of the receiving custody. */
  receivingOracleAccount: R,
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
export type AddCollateralErAccounts = AccountsOf<typeof ADD_COLLATERAL_ER_ACCOUNTS>;

export function addCollateralErInstruction(
  programId: string,
  accounts: AddCollateralErAccounts,
  args: AddCollateralErArgs,
): Instruction {
  return addCollateralEr.instruction(programId, ADD_COLLATERAL_ER_ACCOUNTS.metas(programId, accounts), args);
}
