/**
 * `cancel_all_trigger_orders_er` (PROTOCOL-v2 §3.8): cancels every trigger order of one market.
 */
import { pubkey, struct } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const CANCEL_ALL_TRIGGER_ORDERS_ER_DISCRIMINATOR = "0c58d8ebceacad07";

/** `CancelAllTriggerOrdersErParams` (40 bytes of instruction data with the discriminator). */
export interface CancelAllTriggerOrdersErArgs {
  /** The market, passed as an argument (not an account). */
  market: string;
}

export const cancelAllTriggerOrdersEr = defineInstruction<CancelAllTriggerOrdersErArgs>(
  "cancel_all_trigger_orders_er",
  CANCEL_ALL_TRIGGER_ORDERS_ER_DISCRIMINATOR,
  struct<CancelAllTriggerOrdersErArgs>("CancelAllTriggerOrdersErParams", { market: pubkey }),
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const CANCEL_ALL_TRIGGER_ORDERS_ER_ACCOUNTS = accountTable("cancel_all_trigger_orders_er", {
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
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
});
export type CancelAllTriggerOrdersErAccounts = AccountsOf<typeof CANCEL_ALL_TRIGGER_ORDERS_ER_ACCOUNTS>;

export function cancelAllTriggerOrdersErInstruction(
  programId: string,
  accounts: CancelAllTriggerOrdersErAccounts,
  args: CancelAllTriggerOrdersErArgs,
): Instruction {
  return cancelAllTriggerOrdersEr.instruction(
    programId,
    CANCEL_ALL_TRIGGER_ORDERS_ER_ACCOUNTS.metas(programId, accounts),
    args,
  );
}
