/**
 * `edit_trigger_order` (PROTOCOL-v1 §8.8): replaces the price and size of a trigger order.
 */
import { bool, struct, u64, u8 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const EDIT_TRIGGER_ORDER_DISCRIMINATOR = "b42bd770fe741485";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface EditTriggerOrderAccounts {
  /** The trader's wallet. */
  owner: string;
  /** `pda.perpetuals(programId)`. */
  perpetuals?: string;
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** `pda.position(programId, owner, market)`. */
  position: string;
  /** `pda.order(programId, owner, market)`. */
  order: string;
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
  /** Custody of the payout token when the order executes. */
  receiveCustody: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
}

export const EDIT_TRIGGER_ORDER_ACCOUNTS = accountTable<EditTriggerOrderAccounts>("edit_trigger_order", [
  ["owner", RS],
  ["perpetuals", R, pda.perpetuals],
  ["pool", R],
  ["position", R],
  ["order", W],
  ["market", R],
  ["targetCustody", R],
  ["targetOracleAccount", R],
  ["collateralCustody", R],
  ["collateralOracleAccount", R],
  ["receiveCustody", R],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
]);

export function editTriggerOrderInstruction(
  programId: string,
  accounts: EditTriggerOrderAccounts,
  args: EditTriggerOrderArgs,
): Instruction {
  return editTriggerOrder.instruction(programId, EDIT_TRIGGER_ORDER_ACCOUNTS.metas(programId, accounts), args);
}
