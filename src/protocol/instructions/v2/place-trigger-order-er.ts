/**
 * `place_trigger_order_er` (PROTOCOL-v2 §3.8): places a take-profit or stop-loss order on a basket position.
 */
import { bool, struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const PLACE_TRIGGER_ORDER_ER_DISCRIMINATOR = "1296e15d2ab60338";

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

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const PLACE_TRIGGER_ORDER_ER_ACCOUNTS = accountTable("place_trigger_order_er", {
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
  /** The market (`pda.market(programId, targetCustody, lockCustody, side)`). */
  market: R,
  /** Custody of the market's target token. */
  targetCustody: R,
  /** The market's collateral ("lock") custody. */
  lockCustody: R,
  /** Custody of the token received when the order executes (the order's own when editing). */
  receiveCustody: R,
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: R,
  /** Internal oracle of the lock custody. */
  lockOracleAccount: R,
  /** `pda.reallocVault(programId)`. */
  reallocVault: [W, pda.reallocVault],
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
});
export type PlaceTriggerOrderErAccounts = AccountsOf<typeof PLACE_TRIGGER_ORDER_ER_ACCOUNTS>;

export function placeTriggerOrderErInstruction(
  programId: string,
  accounts: PlaceTriggerOrderErAccounts,
  args: PlaceTriggerOrderErArgs,
): Instruction {
  return placeTriggerOrderEr.instruction(programId, PLACE_TRIGGER_ORDER_ER_ACCOUNTS.metas(programId, accounts), args);
}
