/**
 * `edit_trigger_order_er` (PROTOCOL-v2 §3.8): replaces the price and size of a trigger order (pass the order's own
 * receive custody).
 */
import { bool, struct, u64, u8 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const EDIT_TRIGGER_ORDER_ER_DISCRIMINATOR = "d22a7c153dff1801";

/** `EditTriggerOrderErParams` (30 bytes of instruction data with the discriminator). */
export interface EditTriggerOrderErArgs {
  /** Slot index 0..4 in the market's list. */
  orderId: number;
  /** Trigger price (oracle exponent). */
  triggerPrice: OraclePrice;
  /** Size to close when triggered, target-token native units. */
  deltaSizeAmount: bigint;
  /** Stop-loss (true) or take-profit (false). */
  isStopLoss: boolean;
}

export const editTriggerOrderEr = defineInstruction<EditTriggerOrderErArgs>(
  "edit_trigger_order_er",
  EDIT_TRIGGER_ORDER_ER_DISCRIMINATOR,
  struct<EditTriggerOrderErArgs>("EditTriggerOrderErParams", {
    orderId: u8,
    triggerPrice: oraclePrice,
    deltaSizeAmount: u64,
    isStopLoss: bool,
  }),
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const EDIT_TRIGGER_ORDER_ER_ACCOUNTS = accountTable("edit_trigger_order_er", {
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
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: R,
  /** The market (`pda.market(programId, targetCustody, lockCustody, side)`). */
  market: R,
  /** Custody of the market's target token. */
  targetCustody: R,
  /** The market's collateral ("lock") custody. */
  lockCustody: R,
  /** Custody of the token received when the order executes (the order's own when editing). */
  receiveCustody: R,
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: R,
  /** Internal oracle of the lock custody. */
  lockOracleAccount: R,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
});
export type EditTriggerOrderErAccounts = AccountsOf<typeof EDIT_TRIGGER_ORDER_ER_ACCOUNTS>;

export function editTriggerOrderErInstruction(
  programId: string,
  accounts: EditTriggerOrderErAccounts,
  args: EditTriggerOrderErArgs,
): Instruction {
  return editTriggerOrderEr.instruction(programId, EDIT_TRIGGER_ORDER_ER_ACCOUNTS.metas(programId, accounts), args);
}
