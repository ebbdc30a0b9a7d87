/**
 * `add_collateral_er` (PROTOCOL-v2 §3.7): adds collateral to a basket position (the program swaps a receiving token
 * other than the lock token in).
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const ADD_COLLATERAL_ER_DISCRIMINATOR = "e12d954274a0e45d";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface AddCollateralErAccounts {
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
  /** `pda.userDepositLedger(programId, owner)`. */
  userDepositLedger: string;
  /** The market (`pda.market(programId, targetCustody, lockCustody, side)`). */
  market: string;
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** Custody of the market's target token. */
  targetCustody: string;
  /** Custody of the token the trader pays with. */
  receivingCustody: string;
  /** The market's collateral ("lock") custody. */
  lockCustody: string;
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: string;
  /** Internal oracle of the receiving custody. */
  receivingOracleAccount: string;
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

export const ADD_COLLATERAL_ER_ACCOUNTS = accountTable<AddCollateralErAccounts>("add_collateral_er", [
  ["owner", R],
  ["signer", RS],
  ["sessionToken", R, "optional"],
  ["perpetuals", R, pda.perpetuals],
  ["basket", W],
  ["userDepositLedger", R],
  ["market", W],
  ["pool", R],
  ["targetCustody", R],
  ["receivingCustody", W],
  ["lockCustody", W],
  ["targetOracleAccount", R],
  ["receivingOracleAccount", R],
  ["lockOracleAccount", R],
  ["reallocVault", W, pda.reallocVault],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
]);

export function addCollateralErInstruction(
  programId: string,
  accounts: AddCollateralErAccounts,
  args: AddCollateralErArgs,
): Instruction {
  return addCollateralEr.instruction(programId, ADD_COLLATERAL_ER_ACCOUNTS.metas(programId, accounts), args);
}
