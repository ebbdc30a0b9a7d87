/**
 * `cancel_all_trigger_orders` (PROTOCOL-v1 §8.8): cancels every trigger order of a position. Its account list has
 * no signer: the transaction's only signer is the fee payer.
 */
import * as pda from "../../pda.ts";
import { type NoArgs, noArgs, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W } = AccountRole;

const CANCEL_ALL_TRIGGER_ORDERS_DISCRIMINATOR = "826c2199e41fd8db";

/** No arguments: the data is the 8-byte discriminator alone. */
export const cancelAllTriggerOrders = defineInstruction<NoArgs>(
  "cancel_all_trigger_orders",
  CANCEL_ALL_TRIGGER_ORDERS_DISCRIMINATOR,
  noArgs,
  100_000, // compute units: the vendor CLI's `cancel order` limit
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const CANCEL_ALL_TRIGGER_ORDERS_ACCOUNTS = accountTable("cancel_all_trigger_orders", {
  /** `pda.position(programId, owner, market)`. */
  position: R,
  /** `pda.order(programId, owner, market)`. */
  order: W,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
});
export type CancelAllTriggerOrdersAccounts = AccountsOf<typeof CANCEL_ALL_TRIGGER_ORDERS_ACCOUNTS>;

export function cancelAllTriggerOrdersInstruction(
  programId: string,
  accounts: CancelAllTriggerOrdersAccounts,
): Instruction {
  return cancelAllTriggerOrders.instruction(
    programId,
    CANCEL_ALL_TRIGGER_ORDERS_ACCOUNTS.metas(programId, accounts),
    {},
  );
}
