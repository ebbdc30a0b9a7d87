/**
 * `place_trigger_order_er` (PROTOCOL-v2 §3.8): places a take-profit or stop-loss order on a basket position.
 */
import { bool, struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const PLACE_TRIGGER_ORDER_ER_DISCRIMINATOR = "1296e15d2ab60338";

/** `PlaceTriggerOrderErParams` (29 bytes of instruction data with the discriminator). */
export interface PlaceTriggerOrderErArgs {
  /** Trigger price (oracle exponent). */
  triggerPrice: OraclePrice;
  /** Size to close when triggered, target-token native units. */
  deltaSizeAmount: bigint;
  /** Stop-loss (true) or take-profit (false). */
  isStopLoss: boolean;
}

export const placeTriggerOrderEr = defineInstruction<PlaceTriggerOrderErArgs>(
  "place_trigger_order_er",
  PLACE_TRIGGER_ORDER_ER_DISCRIMINATOR,
  struct<PlaceTriggerOrderErArgs>("PlaceTriggerOrderErParams", {
    triggerPrice: oraclePrice,
    deltaSizeAmount: u64,
    isStopLoss: bool,
  }),
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface PlaceTriggerOrderErAccounts {
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
  /** `pda.reallocVault(programId)`. */
  reallocVault?: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
}

export const PLACE_TRIGGER_ORDER_ER_ACCOUNTS = accountTable<PlaceTriggerOrderErAccounts>("place_trigger_order_er", [
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
  ["reallocVault", W, pda.reallocVault],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
]);

export function placeTriggerOrderErInstruction(
  programId: string,
  accounts: PlaceTriggerOrderErAccounts,
  args: PlaceTriggerOrderErArgs,
): Instruction {
  return placeTriggerOrderEr.instruction(programId, PLACE_TRIGGER_ORDER_ER_ACCOUNTS.metas(programId, accounts), args);
}
