/**
 * `edit_trigger_order_er` (PROTOCOL-v2 §3.8): replaces the price and size of a trigger order (pass the order's own
 * receive custody).
 */
import { bool, struct, u64, u8 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const EDIT_TRIGGER_ORDER_ER_DISCRIMINATOR = "d22a7c153dff1801";

/** `EditTriggerOrderErParams` (30 bytes of instruction data with the discriminator). */
export interface EditTriggerOrderErArgs {
  /** Slot index 0..4 in the market's list. */
  orderId: number;
  /** Trigger price (oracle exponent). */
  triggerPrice: OraclePrice;
  /** Size to close when triggered, target-token native units. */
  deltaSizeAmount: bigint;
  /** Stop-loss (true) or take-profit (false). */
  isStopLoss: boolean;
}

export const editTriggerOrderEr = defineInstruction<EditTriggerOrderErArgs>(
  "edit_trigger_order_er",
  EDIT_TRIGGER_ORDER_ER_DISCRIMINATOR,
  struct<EditTriggerOrderErArgs>("EditTriggerOrderErParams", {
    orderId: u8,
    triggerPrice: oraclePrice,
    deltaSizeAmount: u64,
    isStopLoss: bool,
  }),
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface EditTriggerOrderErAccounts {
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
  /** The market (`pda.market(programId, targetCustody, lockCustody, side)`). */
  market: string;
  /** Custody of the market's target token. */
  targetCustody: string;
  /** The market's collateral ("lock") custody. */
  lockCustody: string;
  /** Custody of the token received when the order executes (the order's own when editing). */
  receiveCustody: string;
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: string;
  /** Internal oracle of the lock custody. */
  lockOracleAccount: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
}

export const EDIT_TRIGGER_ORDER_ER_ACCOUNTS = accountTable<EditTriggerOrderErAccounts>("edit_trigger_order_er", [
  ["owner", R],
  ["signer", RS],
  ["sessionToken", R, "optional"],
  ["perpetuals", R, pda.perpetuals],
  ["basket", W],
  ["pool", R],
  ["market", R],
  ["targetCustody", R],
  ["lockCustody", R],
  ["receiveCustody", R],
  ["targetOracleAccount", R],
  ["lockOracleAccount", R],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
]);

export function editTriggerOrderErInstruction(
  programId: string,
  accounts: EditTriggerOrderErAccounts,
  args: EditTriggerOrderErArgs,
): Instruction {
  return editTriggerOrderEr.instruction(programId, EDIT_TRIGGER_ORDER_ER_ACCOUNTS.metas(programId, accounts), args);
}
