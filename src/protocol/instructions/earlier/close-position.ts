/**
 * `close_position` (PROTOCOL-v1 §8.4): closes a whole position, paid out in the collateral token.
 */
import { struct } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, type Privilege, privilege, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS, WRITABLE_SIGNER: WS } = AccountRole;

export const CLOSE_POSITION_DISCRIMINATOR = "7b86510031446262";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface ClosePositionAccounts {
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
  /** `pda.custodyTokenAccount(programId, pool, collateralMint)`. */
  collateralCustodyTokenAccount: string;
  /** Token program of the collateral token. */
  collateralTokenProgram: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
  /** Mint of the collateral token. */
  collateralMint: string;
}

export const CLOSE_POSITION_ACCOUNTS = accountTable<ClosePositionAccounts>("close_position", [
  ["owner", RS],
  ["feePayer", WS],
  ["receivingAccount", W],
  ["transferAuthority", R, pda.transferAuthority],
  ["perpetuals", R, pda.perpetuals],
  ["pool", W],
  ["position", W],
  ["market", W],
  ["targetCustody", R],
  ["targetOracleAccount", R],
  ["collateralCustody", W],
  ["collateralOracleAccount", R],
  ["collateralCustodyTokenAccount", W],
  ["collateralTokenProgram", R],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
  ["collateralMint", R],
]);

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
