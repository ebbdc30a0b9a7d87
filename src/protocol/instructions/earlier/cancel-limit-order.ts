/**
 * `cancel_limit_order` (PROTOCOL-v1 §8.2): cancels a limit order and returns its reserve.
 */
import { struct, u8 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const CANCEL_LIMIT_ORDER_DISCRIMINATOR = "849c841f4328e861";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface CancelLimitOrderAccounts {
  /** The trader's wallet. */
  owner: string;
  /** Owner's token account of the payout token (its associated token account). */
  receivingAccount: string;
  /** `pda.transferAuthority(programId)`. */
  transferAuthority?: string;
  /** `pda.perpetuals(programId)`. */
  perpetuals?: string;
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** `pda.order(programId, owner, market)`. */
  order: string;
  /** Custody of the market's target token. */
  targetCustody: string;
  /** The market's collateral custody. */
  collateralCustody: string;
  /** Custody of the token the limit order reserves. */
  reserveCustody: string;
  /** Token account of the reserve custody. */
  reserveCustodyTokenAccount: string;
  /** Token program of the reserve token. */
  reserveTokenProgram: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Mint of the reserve token. */
  reserveMint: string;
}

export const CANCEL_LIMIT_ORDER_ACCOUNTS = accountTable<CancelLimitOrderAccounts>("cancel_limit_order", [
  ["owner", RS],
  ["receivingAccount", W],
  ["transferAuthority", R, pda.transferAuthority],
  ["perpetuals", R, pda.perpetuals],
  ["pool", R],
  ["order", W],
  ["targetCustody", R],
  ["collateralCustody", R],
  ["reserveCustody", W],
  ["reserveCustodyTokenAccount", W],
  ["reserveTokenProgram", R],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["reserveMint", R],
]);

export function cancelLimitOrderInstruction(
  programId: string,
  accounts: CancelLimitOrderAccounts,
  args: CancelLimitOrderArgs,
): Instruction {
  return cancelLimitOrder.instruction(programId, CANCEL_LIMIT_ORDER_ACCOUNTS.metas(programId, accounts), args);
}
