/**
 * `open_position_er` (PROTOCOL-v2 §3.2, accounts §3.13): opens a new basket position on the ephemeral rollup.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, type Privilege, privilege, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const OPEN_POSITION_ER_DISCRIMINATOR = "3884e4954122a76f";

/** `OpenPositionErParams` (37 bytes of instruction data with the discriminator). */
export interface OpenPositionErArgs {
  /** Slippage-bounded oracle price of the target token (PROTOCOL-v2 §3.1). */
  priceWithSlippage: OraclePrice;
  /** Paying-token native units (the entry fee is taken from it). */
  collateralAmount: bigint;
  /** Position size, target-token native units. */
  sizeAmount: bigint;
  /** Fee privilege; non-None needs the privilege remaining accounts. */
  privilege: Privilege;
}

export const openPositionEr = defineInstruction<OpenPositionErArgs>(
  "open_position_er",
  OPEN_POSITION_ER_DISCRIMINATOR,
  struct<OpenPositionErArgs>("OpenPositionErParams", {
    priceWithSlippage: oraclePrice,
    collateralAmount: u64,
    sizeAmount: u64,
    privilege,
  }),
);

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface OpenPositionErAccounts {
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
  /** Custody of the token the trader pays with. */
  receivingCustody: string;
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: string;
  /** Internal oracle of the lock custody. */
  lockOracleAccount: string;
  /** Internal oracle of the receiving custody. */
  receivingOracleAccount: string;
  /** `pda.reallocVault(programId)`. */
  reallocVault?: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
}

export const OPEN_POSITION_ER_ACCOUNTS = accountTable<OpenPositionErAccounts>("open_position_er", [
  ["owner", R],
  ["signer", RS],
  ["sessionToken", R, "optional"],
  ["perpetuals", R, pda.perpetuals],
  ["basket", W],
  ["userDepositLedger", R],
  ["pool", W],
  ["market", W],
  ["targetCustody", R],
  ["lockCustody", W],
  ["receivingCustody", W],
  ["targetOracleAccount", R],
  ["lockOracleAccount", R],
  ["receivingOracleAccount", R],
  ["reallocVault", W, pda.reallocVault],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
]);

/** `remaining`: the privilege accounts when `privilege` is not None (`v2/privilege.ts`). */
export function openPositionErInstruction(
  programId: string,
  accounts: OpenPositionErAccounts,
  args: OpenPositionErArgs,
  remaining: readonly AccountMeta[] = [],
): Instruction {
  return openPositionEr.instruction(
    programId,
    [...OPEN_POSITION_ER_ACCOUNTS.metas(programId, accounts), ...remaining],
    args,
  );
}
