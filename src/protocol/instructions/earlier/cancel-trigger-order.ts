/**
 * `cancel_trigger_order` (PROTOCOL-v1 §8.8): cancels one trigger order (`orderId` 255: all of the market).
 */
import { bool, struct, u8 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const CANCEL_TRIGGER_ORDER_DISCRIMINATOR = "905443271b19ca8d";

/** `CancelTriggerOrderParams` (10 bytes of instruction data with the discriminator). */
export interface CancelTriggerOrderArgs {
  /** Slot index 0..4, or 255 = every TP and SL of the market (`CANCEL_ALL_TRIGGERS_ORDER_ID`). */
  orderId: number;
  /** Stop-loss (true) or take-profit (false). */
  isStopLoss: boolean;
}

export const cancelTriggerOrder = defineInstruction<CancelTriggerOrderArgs>(
  "cancel_trigger_order",
  CANCEL_TRIGGER_ORDER_DISCRIMINATOR,
  struct<CancelTriggerOrderArgs>("CancelTriggerOrderParams", { orderId: u8, isStopLoss: bool }),
  100_000, // compute units: the vendor CLI's `cancel order` limit
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const CANCEL_TRIGGER_ORDER_ACCOUNTS = accountTable("cancel_trigger_order", {
  /** The trader's wallet. */
  owner: RS,
  /** `pda.order(programId, owner, market)`. */
  order: W,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
});
export type CancelTriggerOrderAccounts = AccountsOf<typeof CANCEL_TRIGGER_ORDER_ACCOUNTS>;

export function cancelTriggerOrderInstruction(
  programId: string,
  accounts: CancelTriggerOrderAccounts,
  args: CancelTriggerOrderArgs,
): Instruction {
  return cancelTriggerOrder.instruction(programId, CANCEL_TRIGGER_ORDER_ACCOUNTS.metas(programId, accounts), args);
}
