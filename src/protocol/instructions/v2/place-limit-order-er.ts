/**
 * `place_limit_order_er` (PROTOCOL-v2 §3.4): places a limit order (TP/SL travel inside the order); the program
 * picks the slot.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const PLACE_LIMIT_ORDER_ER_DISCRIMINATOR = "514bd522743419bf";

/** `PlaceLimitOrderErParams` (60 bytes of instruction data with the discriminator). */
export interface PlaceLimitOrderErArgs {
  /** Limit price (oracle exponent). */
  limitPrice: OraclePrice;
  /** Amount reserved, input-token native units. */
  reserveAmount: bigint;
  /** Position size, target-token native units. */
  sizeAmount: bigint;
  /** Stop-loss price; price 0 = none. */
  stopLossPrice: OraclePrice;
  /** Take-profit price; price 0 = none. */
  takeProfitPrice: OraclePrice;
}

export const placeLimitOrderEr = defineInstruction<PlaceLimitOrderErArgs>(
  "place_limit_order_er",
  PLACE_LIMIT_ORDER_ER_DISCRIMINATOR,
  struct<PlaceLimitOrderErArgs>("PlaceLimitOrderErParams", {
    limitPrice: oraclePrice,
    reserveAmount: u64,
    sizeAmount: u64,
    stopLossPrice: oraclePrice,
    takeProfitPrice: oraclePrice,
  }),
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface PlaceLimitOrderErAccounts {
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
  /** `pda.reallocVault(programId)`. */
  reallocVault?: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
}

export const PLACE_LIMIT_ORDER_ER_ACCOUNTS = accountTable<PlaceLimitOrderErAccounts>("place_limit_order_er", [
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
  ["reallocVault", W, pda.reallocVault],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
]);

export function placeLimitOrderErInstruction(
  programId: string,
  accounts: PlaceLimitOrderErAccounts,
  args: PlaceLimitOrderErArgs,
): Instruction {
  return placeLimitOrderEr.instruction(programId, PLACE_LIMIT_ORDER_ER_ACCOUNTS.metas(programId, accounts), args);
}
