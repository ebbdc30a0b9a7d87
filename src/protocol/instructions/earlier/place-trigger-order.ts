/**
 * `place_trigger_order` (PROTOCOL-v1 §8.8): places a take-profit or stop-loss order on the owner's Order account.
 */
import { bool, struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, systemProgram, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS, WRITABLE_SIGNER: WS } = AccountRole;

export const PLACE_TRIGGER_ORDER_DISCRIMINATOR = "209c32bce89f70ec";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface PlaceTriggerOrderAccounts {
  /** The trader's wallet. */
  owner: string;
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: string;
  /** `pda.perpetuals(programId)`. */
  perpetuals?: string;
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** `pda.position(programId, owner, market)`. */
  position: string;
  /** `pda.order(programId, owner, market)`. */
  order: string;
  /** The market (`pda.market(programId, targetCustody, collateralCustody, side)`). */
  market: string;
  /** Custody of the market's target token. */
  targetCustody: string;
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: string;
  /** The market's collateral custody. */
  collateralCustody: string;
  /** Internal oracle of the collateral custody. */
  collateralOracleAccount: string;
  /** Custody of the payout token when the order executes. */
  receiveCustody: string;
  /** System program. */
  systemProgram?: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
}

export const PLACE_TRIGGER_ORDER_ACCOUNTS = accountTable<PlaceTriggerOrderAccounts>("place_trigger_order", [
  ["owner", RS],
  ["feePayer", WS],
  ["perpetuals", R, pda.perpetuals],
  ["pool", R],
  ["position", R],
  ["order", W],
  ["market", R],
  ["targetCustody", R],
  ["targetOracleAccount", R],
  ["collateralCustody", R],
  ["collateralOracleAccount", R],
  ["receiveCustody", R],
  ["systemProgram", R, systemProgram],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
]);

export function placeTriggerOrderInstruction(
  programId: string,
  accounts: PlaceTriggerOrderAccounts,
  args: PlaceTriggerOrderArgs,
): Instruction {
  return placeTriggerOrder.instruction(programId, PLACE_TRIGGER_ORDER_ACCOUNTS.metas(programId, accounts), args);
}
