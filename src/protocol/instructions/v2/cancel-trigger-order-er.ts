/**
 * `cancel_trigger_order_er` (PROTOCOL-v2 §3.8): cancels one trigger order, or all of the market with `orderId` 255.
 */
import { bool, pubkey, struct, u8 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const CANCEL_TRIGGER_ORDER_ER_DISCRIMINATOR = "c8ccc19b74f06d66";

/** `CancelTriggerOrderErParams` (42 bytes of instruction data with the discriminator). */
export interface CancelTriggerOrderErArgs {
  /** The market, passed as an argument (not an account). */
  market: string;
  /** Slot index 0..4, or 255 = every TP and SL of the market (`CANCEL_ALL_TRIGGERS_ORDER_ID`). */
  orderId: number;
  /** Stop-loss (true) or take-profit (false). */
  isStopLoss: boolean;
}

export const cancelTriggerOrderEr = defineInstruction<CancelTriggerOrderErArgs>(
  "cancel_trigger_order_er",
  CANCEL_TRIGGER_ORDER_ER_DISCRIMINATOR,
  struct<CancelTriggerOrderErArgs>("CancelTriggerOrderErParams", { market: pubkey, orderId: u8, isStopLoss: bool }),
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const CANCEL_TRIGGER_ORDER_ER_ACCOUNTS = accountTable("cancel_trigger_order_er", {
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
export type CancelTriggerOrderErAccounts = AccountsOf<typeof CANCEL_TRIGGER_ORDER_ER_ACCOUNTS>;

export function cancelTriggerOrderErInstruction(
  programId: string,
  accounts: CancelTriggerOrderErAccounts,
  args: CancelTriggerOrderErArgs,
): Instruction {
  return cancelTriggerOrderEr.instruction(programId, CANCEL_TRIGGER_ORDER_ER_ACCOUNTS.metas(programId, accounts), args);
}
