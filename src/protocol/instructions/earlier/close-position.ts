/**
 * `close_position` (PROTOCOL-v1 §8.4): closes a whole position, paid out in the collateral token.
 */
import { struct } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, type Privilege, privilege, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS, WRITABLE_SIGNER: WS } = AccountRole;

const CLOSE_POSITION_DISCRIMINATOR = "7b86510031446262";

/** `ClosePositionParams` (21 bytes of instruction data with the discriminator). */
export interface ClosePositionArgs {
  /** Exit bound: slippage-bounded oracle price of the target token (PROTOCOL-v1 §5.3). */
  priceWithSlippage: OraclePrice;
  /** Fee privilege; non-None needs the privilege remaining accounts. */
  privilege: Privilege;
}

export const closePosition = defineInstruction<ClosePositionArgs>(
  "close_position",
  CLOSE_POSITION_DISCRIMINATOR,
  struct<ClosePositionArgs>("ClosePositionParams", { priceWithSlippage: oraclePrice, privilege }),
  180_000, // compute units: the vendor CLI's `close` limit
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const CLOSE_POSITION_ACCOUNTS = accountTable("close_position", {
  /** The trader's wallet. */
  owner: RS,
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: WS,
  /** Owner's token account of the payout token (its associated token account). */
  receivingAccount: W,
  /** `pda.transferAuthority(programId)`. */
  transferAuthority: [R, pda.transferAuthority],
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: W,
  /** `pda.position(programId, owner, market)`. */
  position: W,
  /** The market (`pda.market(programId, targetCustody, collateralCustody, side)`). */
  market: W,
  /** Custody of the market's target token. */
  targetCustody: R,
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: R,
  /** The market's collateral custody. */
  collateralCustody: W,
  /** Internal oracle of the collateral custody. */
  collateralOracleAccount: R,
  /** `pda.custodyTokenAccount(programId, pool, collateralMint)`. */
  collateralCustodyTokenAccount: W,
  /** Token program of the collateral token. */
  collateralTokenProgram: R,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
  /** Mint of the collateral token. */
  collateralMint: R,
});
export type ClosePositionAccounts = AccountsOf<typeof CLOSE_POSITION_ACCOUNTS>;

/** `remaining`: the privilege accounts when `privilege` is not None (`earlier/privilege.ts`). */
export function closePositionInstruction(
  programId: string,
  accounts: ClosePositionAccounts,
  args: ClosePositionArgs,
  remaining: readonly AccountMeta[] = [],
): Instruction {
  return closePosition.instruction(
    programId,
    [...CLOSE_POSITION_ACCOUNTS.metas(programId, accounts), ...remaining],
    args,
  );
}
