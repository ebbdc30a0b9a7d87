/**
 * `cancel_limit_order_er` (PROTOCOL-v2 §3.9): cancels a limit order and refunds its reserve to the basket.
 */
import { pubkey, struct, u8 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const CANCEL_LIMIT_ORDER_ER_DISCRIMINATOR = "d63f8c47c82216af";

/** `CancelLimitOrderErParams` (41 bytes of instruction data with the discriminator). */
export interface CancelLimitOrderErArgs {
  /** The market, passed as an argument (not an account). */
  market: string;
  /** Slot index 0..4 in the market's list. */
  orderId: number;
}

export const cancelLimitOrderEr = defineInstruction<CancelLimitOrderErArgs>(
  "cancel_limit_order_er",
  CANCEL_LIMIT_ORDER_ER_DISCRIMINATOR,
  struct<CancelLimitOrderErArgs>("CancelLimitOrderErParams", { market: pubkey, orderId: u8 }),
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const CANCEL_LIMIT_ORDER_ER_ACCOUNTS = accountTable("cancel_limit_order_er", {
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
  /** Custody of the market's target token. */
  targetCustody: R,
  /** The market's collateral ("lock") custody. */
  lockCustody: R,
  /** Custody of the token the limit order reserves (the order's own). */
  reserveCustody: W,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
});
export type CancelLimitOrderErAccounts = AccountsOf<typeof CANCEL_LIMIT_ORDER_ER_ACCOUNTS>;

export function cancelLimitOrderErInstruction(
  programId: string,
  accounts: CancelLimitOrderErAccounts,
  args: CancelLimitOrderErArgs,
): Instruction {
  return cancelLimitOrderEr.instruction(programId, CANCEL_LIMIT_ORDER_ER_ACCOUNTS.metas(programId, accounts), args);
}
