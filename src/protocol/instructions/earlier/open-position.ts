/**
 * `open_position` (PROTOCOL-v1 §8.1): opens a position paid in the market's collateral token.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import {
  instructionsSysvar,
  type OraclePrice,
  oraclePrice,
  type Privilege,
  privilege,
  systemProgram,
  theProgram,
} from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

export const OPEN_POSITION_DISCRIMINATOR = "87802f4d0f98f031";

/** `OpenPositionParams` (37 bytes of instruction data with the discriminator). */
export interface OpenPositionArgs {
  /** Slippage-bounded oracle price of the target token (PROTOCOL-v2 §3.1). */
  priceWithSlippage: OraclePrice;
  /** Paying-token native units (the entry fee is taken from it). */
  collateralAmount: bigint;
  /** Position size, target-token native units. */
  sizeAmount: bigint;
  /** Fee privilege; non-None needs the privilege remaining accounts. */
  privilege: Privilege;
}

export const openPosition = defineInstruction<OpenPositionArgs>(
  "open_position",
  OPEN_POSITION_DISCRIMINATOR,
  struct<OpenPositionArgs>("OpenPositionParams", {
    priceWithSlippage: oraclePrice,
    collateralAmount: u64,
    sizeAmount: u64,
    privilege,
  }),
  150_000, // compute units: the vendor CLI's `open` limit
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface OpenPositionAccounts {
  /** The trader's wallet. */
  owner: string;
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: string;
  /**
   * Owner's token account of the paying token (its associated token account; wrapped-SOL ATA for SOL, DECISIONS
   * 5.4).
   */
  fundingAccount: string;
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

export const OPEN_POSITION_ACCOUNTS = accountTable<OpenPositionAccounts>("open_position", [
  ["owner", WS],
  ["feePayer", WS],
  ["fundingAccount", W],
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
  ["systemProgram", R, systemProgram],
  ["fundingTokenProgram", R],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
  ["fundingMint", R],
]);

/** `remaining`: the privilege accounts when `privilege` is not None (`earlier/privilege.ts`). */
export function openPositionInstruction(
  programId: string,
  accounts: OpenPositionAccounts,
  args: OpenPositionArgs,
  remaining: readonly AccountMeta[] = [],
): Instruction {
  return openPosition.instruction(
    programId,
    [...OPEN_POSITION_ACCOUNTS.metas(programId, accounts), ...remaining],
    args,
  );
}
