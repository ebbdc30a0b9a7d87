/**
 * `place_limit_order` (PROTOCOL-v1 §8.2): places a limit order on the owner's Order account (TP/SL inside the
 * order).
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, systemProgram, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

const PLACE_LIMIT_ORDER_DISCRIMINATOR = "6cb021ba92e501c5";

/** `PlaceLimitOrderParams` (60 bytes of instruction data with the discriminator). */
export interface PlaceLimitOrderArgs {
  /** Limit price (oracle exponent). */
  limitPrice: OraclePrice;
  /** Amount reserved for the order, reserve-token native units. */
  reserveAmount: bigint;
  /** Position size, target-token native units. */
  sizeAmount: bigint;
  /** Stop-loss price; price 0 = none. */
  stopLossPrice: OraclePrice;
  /** Take-profit price; price 0 = none. */
  takeProfitPrice: OraclePrice;
}

export const placeLimitOrder = defineInstruction<PlaceLimitOrderArgs>(
  "place_limit_order",
  PLACE_LIMIT_ORDER_DISCRIMINATOR,
  struct<PlaceLimitOrderArgs>("PlaceLimitOrderParams", {
    limitPrice: oraclePrice,
    reserveAmount: u64,
    sizeAmount: u64,
    stopLossPrice: oraclePrice,
    takeProfitPrice: oraclePrice,
  }),
  150_000, // compute units: the vendor CLI's `place limit order` limit
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const PLACE_LIMIT_ORDER_ACCOUNTS = accountTable("place_limit_order", {
  /** The trader's wallet. */
  owner: WS,
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: WS,
  /**
   * Owner's token account of the paying token (its associated token account; wrapped-SOL ATA for SOL, DECISIONS
   * 5.4).
   */
  fundingAccount: W,
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: R,
  /** `pda.position(programId, owner, market)`. */
  position: W,
  /** `pda.order(programId, owner, market)`. */
  order: W,
  /** The market (`pda.market(programId, targetCustody, collateralCustody, side)`). */
  market: R,
  /** Custody of the market's target token. */
  targetCustody: R,
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: R,
  /** Custody of the token the limit order reserves. */
  reserveCustody: W,
  /** Internal oracle of the reserve custody. */
  reserveOracleAccount: R,
  /** Token account of the reserve custody. */
  reserveCustodyTokenAccount: W,
  /** Custody of the token received when the order executes. */
  receiveCustody: R,
  /** System program. */
  systemProgram: [R, systemProgram],
  /** Token program of the paying token (legacy or Token-2022). */
  fundingTokenProgram: R,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
  /** Mint of the paying token. */
  fundingMint: R,
});
export type PlaceLimitOrderAccounts = AccountsOf<typeof PLACE_LIMIT_ORDER_ACCOUNTS>;

export function placeLimitOrderInstruction(
  programId: string,
  accounts: PlaceLimitOrderAccounts,
  args: PlaceLimitOrderArgs,
): Instruction {
  return placeLimitOrder.instruction(programId, PLACE_LIMIT_ORDER_ACCOUNTS.metas(programId, accounts), args);
}
