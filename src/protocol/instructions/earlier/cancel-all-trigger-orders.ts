/**
 * `cancel_all_trigger_orders` (PROTOCOL-v1 §8.8): cancels every trigger order of a position. Its account list has
 * no signer: the transaction's only signer is the fee payer.
 */
import * as pda from "../../pda.ts";
import { type NoArgs, noArgs, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W } = AccountRole;

export const CANCEL_ALL_TRIGGER_ORDERS_DISCRIMINATOR = "826c2199e41fd8db";

/** No arguments: the data is the 8-byte discriminator alone. */
export const cancelAllTriggerOrders = defineInstruction<NoArgs>(
  "cancel_all_trigger_orders",
  CANCEL_ALL_TRIGGER_ORDERS_DISCRIMINATOR,
  noArgs,
  100_000, // compute units: the vendor CLI's `cancel order` limit
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface CancelAllTriggerOrdersAccounts {
  /** `pda.position(programId, owner, market)`. */
  position: string;
  /** `pda.order(programId, owner, market)`. */
  order: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
}

export const CANCEL_ALL_TRIGGER_ORDERS_ACCOUNTS = accountTable<CancelAllTriggerOrdersAccounts>(
  "cancel_all_trigger_orders",
  [
    ["position", R],
    ["order", W],
    ["eventAuthority", R, pda.eventAuthority],
    ["program", R, theProgram],
  ],
);

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
