/**
 * `edit_limit_order_er` (PROTOCOL-v2 §3.9): edits a limit order (service semantics: limit 0 keeps, size 0 keeps,
 * both 0 cancel; TP/SL 0 clear).
 */
import { struct, u64, u8 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const EDIT_LIMIT_ORDER_ER_DISCRIMINATOR = "2cfeac9a84f97b56";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface EditLimitOrderErAccounts {
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
  /** `pda.userDepositLedger(programId, owner)`. */
  userDepositLedger: string;
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** The market (`pda.market(programId, targetCustody, lockCustody, side)`). */
  market: string;
  /** Custody of the market's target token. */
  targetCustody: string;
  /** The market's collateral ("lock") custody. */
  lockCustody: string;
  /** Custody of the token the limit order reserves (the order's own). */
  reserveCustody: string;
  /** Custody of the token received when the order executes (the order's own when editing). */
  receiveCustody: string;
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: string;
  /** Internal oracle of the reserve custody. */
  reserveOracleAccount: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
}

export const EDIT_LIMIT_ORDER_ER_ACCOUNTS = accountTable<EditLimitOrderErAccounts>("edit_limit_order_er", [
  ["owner", R],
  ["signer", RS],
  ["sessionToken", R, "optional"],
  ["perpetuals", R, pda.perpetuals],
  ["basket", W],
  ["userDepositLedger", R],
  ["pool", R],
  ["market", R],
  ["targetCustody", R],
  ["lockCustody", R],
  ["reserveCustody", W],
  ["receiveCustody", R],
  ["targetOracleAccount", R],
  ["reserveOracleAccount", R],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
]);

export function editLimitOrderErInstruction(
  programId: string,
  accounts: EditLimitOrderErAccounts,
  args: EditLimitOrderErArgs,
): Instruction {
  return editLimitOrderEr.instruction(programId, EDIT_LIMIT_ORDER_ER_ACCOUNTS.metas(programId, accounts), args);
}
