/**
 * `place_limit_order` (PROTOCOL-v1 §8.2): places a limit order on the owner's Order account (TP/SL inside the
 * order).
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, systemProgram, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

export const PLACE_LIMIT_ORDER_DISCRIMINATOR = "6cb021ba92e501c5";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface PlaceLimitOrderAccounts {
  /** The trader's wallet. */
  owner: string;
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: string;
  /**
   * Owner's token account of the paying token (its associated token account; wrapped-SOL ATA for SOL, DECISIONS
   * 5.4).
   */
  fundingAccount: string;
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
  /** Custody of the token the limit order reserves. */
  reserveCustody: string;
  /** Internal oracle of the reserve custody. */
  reserveOracleAccount: string;
  /** Token account of the reserve custody. */
  reserveCustodyTokenAccount: string;
  /** Custody of the token received when the order executes. */
  receiveCustody: string;
  /** System program. */
  systemProgram?: string;
  /** Token program of the paying token (legacy or Token-2022). */
  fundingTokenProgram: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
  /** Mint of the paying token. */
  fundingMint: string;
}

export const PLACE_LIMIT_ORDER_ACCOUNTS = accountTable<PlaceLimitOrderAccounts>("place_limit_order", [
  ["owner", WS],
  ["feePayer", WS],
  ["fundingAccount", W],
  ["perpetuals", R, pda.perpetuals],
  ["pool", R],
  ["position", W],
  ["order", W],
  ["market", R],
  ["targetCustody", R],
  ["targetOracleAccount", R],
  ["reserveCustody", W],
  ["reserveOracleAccount", R],
  ["reserveCustodyTokenAccount", W],
  ["receiveCustody", R],
  ["systemProgram", R, systemProgram],
  ["fundingTokenProgram", R],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
  ["fundingMint", R],
]);

export function placeLimitOrderInstruction(
  programId: string,
  accounts: PlaceLimitOrderAccounts,
  args: PlaceLimitOrderArgs,
): Instruction {
  return placeLimitOrder.instruction(programId, PLACE_LIMIT_ORDER_ACCOUNTS.metas(programId, accounts), args);
}
