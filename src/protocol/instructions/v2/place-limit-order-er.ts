/**
 * `place_limit_order_er` (PROTOCOL-v2 §3.4): places a limit order (TP/SL travel inside the order); the program
 * picks the slot.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const PLACE_LIMIT_ORDER_ER_DISCRIMINATOR = "514bd522743419bf";

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

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const PLACE_LIMIT_ORDER_ER_ACCOUNTS = accountTable("place_limit_order_er", {
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
  /** `pda.reallocVault(programId)`. */
  reallocVault: [W, pda.reallocVault],
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
});
export type PlaceLimitOrderErAccounts = AccountsOf<typeof PLACE_LIMIT_ORDER_ER_ACCOUNTS>;

export function placeLimitOrderErInstruction(
  programId: string,
  accounts: PlaceLimitOrderErAccounts,
  args: PlaceLimitOrderErArgs,
): Instruction {
  return placeLimitOrderEr.instruction(programId, PLACE_LIMIT_ORDER_ER_ACCOUNTS.metas(programId, accounts), args);
}
