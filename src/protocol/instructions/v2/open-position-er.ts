/**
 * `open_position_er` (PROTOCOL-v2 §3.2, accounts §3.13): opens a new basket position on the ephemeral rollup.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, type Privilege, privilege, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const OPEN_POSITION_ER_DISCRIMINATOR = "3884e4954122a76f";

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

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const OPEN_POSITION_ER_ACCOUNTS = accountTable("open_position_er", {
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
  pool: W,
  /** The market (`pda.market(programId, targetCustody, lockCustody, side)`). */
  market: W,
  /** Custody of the market's target token. */
  targetCustody: R,
  /** The market's collateral ("lock") custody. */
  lockCustody: W,
  /** Custody of the token the trader pays with. */
  receivingCustody: W,
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: R,
  /** Internal oracle of the lock custody. */
  lockOracleAccount: R,
  /** Internal oracle of the receiving custody. */
  receivingOracleAccount: R,
  /** `pda.reallocVault(programId)`. */
  reallocVault: [W, pda.reallocVault],
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
});
export type OpenPositionErAccounts = AccountsOf<typeof OPEN_POSITION_ER_ACCOUNTS>;

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
