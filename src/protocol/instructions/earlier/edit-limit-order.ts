/**
 * `edit_limit_order` (PROTOCOL-v1 §8.2): edits a limit order, refunding or collecting reserve through
 * `receivingAccount`.
 */
import { struct, u64, u8 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

const EDIT_LIMIT_ORDER_DISCRIMINATOR = "2a72030b89f5ce32";

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

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const EDIT_LIMIT_ORDER_ACCOUNTS = accountTable("edit_limit_order", {
  /** The trader's wallet. */
  owner: WS,
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: WS,
  /** Owner's token account of the payout token (its associated token account). */
  receivingAccount: W,
  /** `pda.transferAuthority(programId)`. */
  transferAuthority: [R, pda.transferAuthority],
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
  /** Custody of the token the limit order reserves. */
  reserveCustody: W,
  /** Internal oracle of the reserve custody. */
  reserveOracleAccount: R,
  /** Token account of the reserve custody. */
  reserveCustodyTokenAccount: W,
  /** Custody of the token received when the order executes. */
  receiveCustody: R,
  /** Token program of the payout token. */
  receivingTokenProgram: R,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
  /** Mint of the payout token. */
  receivingMint: R,
});
export type EditLimitOrderAccounts = AccountsOf<typeof EDIT_LIMIT_ORDER_ACCOUNTS>;

export function editLimitOrderInstruction(
  programId: string,
  accounts: EditLimitOrderAccounts,
  args: EditLimitOrderArgs,
): Instruction {
  return editLimitOrder.instruction(programId, EDIT_LIMIT_ORDER_ACCOUNTS.metas(programId, accounts), args);
}
