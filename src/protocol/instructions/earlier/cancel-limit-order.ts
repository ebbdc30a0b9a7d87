/**
 * `cancel_limit_order` (PROTOCOL-v1 §8.2): cancels a limit order and returns its reserve.
 */
import { struct, u8 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const CANCEL_LIMIT_ORDER_DISCRIMINATOR = "849c841f4328e861";

/** `CancelLimitOrderParams` (9 bytes of instruction data with the discriminator). */
export interface CancelLimitOrderArgs {
  /** Slot index 0..4 in the market's list. */
  orderId: number;
}

export const cancelLimitOrder = defineInstruction<CancelLimitOrderArgs>(
  "cancel_limit_order",
  CANCEL_LIMIT_ORDER_DISCRIMINATOR,
  struct<CancelLimitOrderArgs>("CancelLimitOrderParams", { orderId: u8 }),
  100_000, // compute units: the vendor CLI's `cancel order` limit
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const CANCEL_LIMIT_ORDER_ACCOUNTS = accountTable("cancel_limit_order", {
  /** The trader's wallet. */
  owner: RS,
  /** Owner's token account of the payout token (its associated token account). */
  receivingAccount: W,
  /** `pda.transferAuthority(programId)`. */
  transferAuthority: [R, pda.transferAuthority],
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: R,
  /** `pda.order(programId, owner, market)`. */
  order: W,
  /** Custody of the market's target token. */
  targetCustody: R,
  /** The market's collateral custody. */
  collateralCustody: R,
  /** Custody of the token the limit order reserves. */
  reserveCustody: W,
  /** Token account of the reserve custody. */
  reserveCustodyTokenAccount: W,
  /** Token program of the reserve token. */
  reserveTokenProgram: R,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Mint of the reserve token. */
  reserveMint: R,
});
export type CancelLimitOrderAccounts = AccountsOf<typeof CANCEL_LIMIT_ORDER_ACCOUNTS>;

export function cancelLimitOrderInstruction(
  programId: string,
  accounts: CancelLimitOrderAccounts,
  args: CancelLimitOrderArgs,
): Instruction {
  return cancelLimitOrder.instruction(programId, CANCEL_LIMIT_ORDER_ACCOUNTS.metas(programId, accounts), args);
}
