/**
 * `edit_limit_order_er` (PROTOCOL-v2 §3.9): edits a limit order (service semantics: limit 0 keeps, size 0 keeps,
 * both 0 cancel; TP/SL 0 clear).
 */
import { struct, u64, u8 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const EDIT_LIMIT_ORDER_ER_DISCRIMINATOR = "2cfeac9a84f97b56";

/** `EditLimitOrderErParams` (53 bytes of instruction data with the discriminator). */
export interface EditLimitOrderErArgs {
  /** Slot index 0..4 in the market's list. */
  orderId: number;
  /** New limit price; price 0 keeps the current one (both 0 cancels). */
  limitPrice: OraclePrice;
  /** New size, target-token native units; 0 keeps the current one. */
  sizeAmount: bigint;
  /** Stop-loss price; price 0 = none. */
  stopLossPrice: OraclePrice;
  /** Take-profit price; price 0 = none. */
  takeProfitPrice: OraclePrice;
}

export const editLimitOrderEr = defineInstruction<EditLimitOrderErArgs>(
  "edit_limit_order_er",
  EDIT_LIMIT_ORDER_ER_DISCRIMINATOR,
  struct<EditLimitOrderErArgs>("EditLimitOrderErParams", {
    orderId: u8,
    limitPrice: oraclePrice,
    sizeAmount: u64,
    stopLossPrice: oraclePrice,
    takeProfitPrice: oraclePrice,
  }),
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const EDIT_LIMIT_ORDER_ER_ACCOUNTS = accountTable("edit_limit_order_er", {
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
  /** `pda.userDepositLedger(programId, owner)`. */
  userDepositLedger: R,
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: R,
  /** The market (`pda.market(programId, targetCustody, lockCustody, side)`). */
  market: R,
  /** Custody of the market's target token. */
  targetCustody: R,
  /** The market's collateral ("lock") custody. */
  lockCustody: R,
  /** Custody of the token the limit order reserves (the order's own). */
  reserveCustody: W,
  /** Custody of the token received when the order executes (the order's own when editing). */
  receiveCustody: R,
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: R,
  /** Internal oracle of the reserve custody. */
  reserveOracleAccount: R,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
});
export type EditLimitOrderErAccounts = AccountsOf<typeof EDIT_LIMIT_ORDER_ER_ACCOUNTS>;

export function editLimitOrderErInstruction(
  programId: string,
  accounts: EditLimitOrderErAccounts,
  args: EditLimitOrderErArgs,
): Instruction {
  return editLimitOrderEr.instruction(programId, EDIT_LIMIT_ORDER_ER_ACCOUNTS.metas(programId, accounts), args);
}
