/**
 * `place_trigger_order` (PROTOCOL-v1 §8.8): places a take-profit or stop-loss order on the owner's Order account.
 */
import { bool, struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, systemProgram, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS, WRITABLE_SIGNER: WS } = AccountRole;

const PLACE_TRIGGER_ORDER_DISCRIMINATOR = "209c32bce89f70ec";

/** `PlaceTriggerOrderParams` (29 bytes of instruction data with the discriminator). */
export interface PlaceTriggerOrderArgs {
  /** Trigger price (oracle exponent). */
  triggerPrice: OraclePrice;
  /** Size to close when triggered, target-token native units. */
  deltaSizeAmount: bigint;
  /** Stop-loss (true) or take-profit (false). */
  isStopLoss: boolean;
}

export const placeTriggerOrder = defineInstruction<PlaceTriggerOrderArgs>(
  "place_trigger_order",
  PLACE_TRIGGER_ORDER_DISCRIMINATOR,
  struct<PlaceTriggerOrderArgs>("PlaceTriggerOrderParams", {
    triggerPrice: oraclePrice,
    deltaSizeAmount: u64,
    isStopLoss: bool,
  }),
  150_000, // compute units: as placing a limit order
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const PLACE_TRIGGER_ORDER_ACCOUNTS = accountTable("place_trigger_order", {
  /** The trader's wallet. */
  owner: RS,
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: WS,
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: R,
  /** `pda.position(programId, owner, market)`. */
  position: R,
  /** `pda.order(programId, owner, market)`. */
  order: W,
  /** The market (`pda.market(programId, targetCustody, collateralCustody, side)`). */
  market: R,
  /** Custody of the market's target token. */
  targetCustody: R,
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: R,
  /** The market's collateral custody. */
  collateralCustody: R,
  /** Internal oracle of the collateral custody. */
  collateralOracleAccount: R,
  /** Custody of the payout token when the order executes. */
  receiveCustody: R,
  /** System program. */
  systemProgram: [R, systemProgram],
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
});
export type PlaceTriggerOrderAccounts = AccountsOf<typeof PLACE_TRIGGER_ORDER_ACCOUNTS>;

export function placeTriggerOrderInstruction(
  programId: string,
  accounts: PlaceTriggerOrderAccounts,
  args: PlaceTriggerOrderArgs,
): Instruction {
  return placeTriggerOrder.instruction(programId, PLACE_TRIGGER_ORDER_ACCOUNTS.metas(programId, accounts), args);
}
