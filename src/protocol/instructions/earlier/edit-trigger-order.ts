/**
 * `edit_trigger_order` (PROTOCOL-v1 §8.8): replaces the price and size of a trigger order.
 */
import { bool, struct, u64, u8 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const EDIT_TRIGGER_ORDER_DISCRIMINATOR = "b42bd770fe741485";

/** `EditTriggerOrderParams` (30 bytes of instruction data with the discriminator). */
export interface EditTriggerOrderArgs {
  /** Slot index 0..4 in the market's list. */
  orderId: number;
  /** Trigger price (oracle exponent). */
  triggerPrice: OraclePrice;
  /** Size to close when triggered, target-token native units. */
  deltaSizeAmount: bigint;
  /** Stop-loss (true) or take-profit (false). */
  isStopLoss: boolean;
}

export const editTriggerOrder = defineInstruction<EditTriggerOrderArgs>(
  "edit_trigger_order",
  EDIT_TRIGGER_ORDER_DISCRIMINATOR,
  struct<EditTriggerOrderArgs>("EditTriggerOrderParams", {
    orderId: u8,
    triggerPrice: oraclePrice,
    deltaSizeAmount: u64,
    isStopLoss: bool,
  }),
  150_000, // compute units: as placing
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const EDIT_TRIGGER_ORDER_ACCOUNTS = accountTable("edit_trigger_order", {
  /** The trader's wallet. */
  owner: RS,
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: R,
  /** `pda.position(programId, owner, market)`. */
  position: R,
  /** `pda.order(programId, owner, market)`. */
  order: W,
  /** The market (`pda.market(programId, targetCustody, collateralCustody, side)`). */
  market: R,
  /** Custody of the market's target token. */
  targetCustody: R,
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: R,
  /** The market's collateral custody. */
  collateralCustody: R,
  /** Internal oracle of the collateral custody. */
  collateralOracleAccount: R,
  /** Custody of the payout token when the order executes. */
  receiveCustody: R,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
});
export type EditTriggerOrderAccounts = AccountsOf<typeof EDIT_TRIGGER_ORDER_ACCOUNTS>;

export function editTriggerOrderInstruction(
  programId: string,
  accounts: EditTriggerOrderAccounts,
  args: EditTriggerOrderArgs,
): Instruction {
  return editTriggerOrder.instruction(programId, EDIT_TRIGGER_ORDER_ACCOUNTS.metas(programId, accounts), args);
}
