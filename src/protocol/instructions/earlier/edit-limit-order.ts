/**
 * `edit_limit_order` (PROTOCOL-v1 §8.2): edits a limit order, refunding or collecting reserve through
 * `receivingAccount`.
 */
import { struct, u64, u8 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

export const EDIT_LIMIT_ORDER_DISCRIMINATOR = "2a72030b89f5ce32";

/** `EditLimitOrderParams` (53 bytes of instruction data with the discriminator). */
export interface EditLimitOrderArgs {
  /** Slot index 0..4 in the market's list. */
  orderId: number;
  /** Limit price (oracle exponent). */
  limitPrice: OraclePrice;
  /** Position size, target-token native units. */
  sizeAmount: bigint;
  /** Stop-loss price; price 0 = none. */
  stopLossPrice: OraclePrice;
  /** Take-profit price; price 0 = none. */
  takeProfitPrice: OraclePrice;
}

export const editLimitOrder = defineInstruction<EditLimitOrderArgs>(
  "edit_limit_order",
  EDIT_LIMIT_ORDER_DISCRIMINATOR,
  struct<EditLimitOrderArgs>("EditLimitOrderParams", {
    orderId: u8,
    limitPrice: oraclePrice,
    sizeAmount: u64,
    stopLossPrice: oraclePrice,
    takeProfitPrice: oraclePrice,
  }),
  150_000, // compute units: as placing
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface EditLimitOrderAccounts {
  /** The trader's wallet. */
  owner: string;
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: string;
  /** Owner's token account of the payout token (its associated token account). */
  receivingAccount: string;
  /** `pda.transferAuthority(programId)`. */
  transferAuthority?: string;
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
  /** Token program of the payout token. */
  receivingTokenProgram: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
  /** Mint of the payout token. */
  receivingMint: string;
}

export const EDIT_LIMIT_ORDER_ACCOUNTS = accountTable<EditLimitOrderAccounts>("edit_limit_order", [
  ["owner", WS],
  ["feePayer", WS],
  ["receivingAccount", W],
  ["transferAuthority", R, pda.transferAuthority],
  ["perpetuals", R, pda.perpetuals],
  ["pool", R],
  ["position", R],
  ["order", W],
  ["market", R],
  ["targetCustody", R],
  ["targetOracleAccount", R],
  ["reserveCustody", W],
  ["reserveOracleAccount", R],
  ["reserveCustodyTokenAccount", W],
  ["receiveCustody", R],
  ["receivingTokenProgram", R],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
  ["receivingMint", R],
]);

export function editLimitOrderInstruction(
  programId: string,
  accounts: EditLimitOrderAccounts,
  args: EditLimitOrderArgs,
): Instruction {
  return editLimitOrder.instruction(programId, EDIT_LIMIT_ORDER_ACCOUNTS.metas(programId, accounts), args);
}
