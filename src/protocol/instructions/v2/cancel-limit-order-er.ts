/**
 * `cancel_limit_order_er` (PROTOCOL-v2 §3.9): cancels a limit order and refunds its reserve to the basket.
 */
import { pubkey, struct, u8 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const CANCEL_LIMIT_ORDER_ER_DISCRIMINATOR = "d63f8c47c82216af";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface CancelLimitOrderErAccounts {
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
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** Custody of the market's target token. */
  targetCustody: string;
  /** The market's collateral ("lock") custody. */
  lockCustody: string;
  /** Custody of the token the limit order reserves (the order's own). */
  reserveCustody: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
}

export const CANCEL_LIMIT_ORDER_ER_ACCOUNTS = accountTable<CancelLimitOrderErAccounts>("cancel_limit_order_er", [
  ["owner", R],
  ["signer", RS],
  ["sessionToken", R, "optional"],
  ["perpetuals", R, pda.perpetuals],
  ["basket", W],
  ["pool", R],
  ["targetCustody", R],
  ["lockCustody", R],
  ["reserveCustody", W],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
]);

export function cancelLimitOrderErInstruction(
  programId: string,
  accounts: CancelLimitOrderErAccounts,
  args: CancelLimitOrderErArgs,
): Instruction {
  return cancelLimitOrderEr.instruction(programId, CANCEL_LIMIT_ORDER_ER_ACCOUNTS.metas(programId, accounts), args);
}
