/**
 * `close_position_er` (PROTOCOL-v2 §3.5): closes a whole basket position; the payout is credited to the basket.
 */
import { struct } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, type Privilege, privilege, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const CLOSE_POSITION_ER_DISCRIMINATOR = "77545c12ee6d1e5c";

/** `ClosePositionErParams` (21 bytes of instruction data with the discriminator). */
export interface ClosePositionErArgs {
  /** Exit bound: slippage-bounded oracle price of the target token (PROTOCOL-v2 §3.1). */
  priceWithSlippage: OraclePrice;
  /** Fee privilege; non-None needs the privilege remaining accounts. */
  privilege: Privilege;
}

export const closePositionEr = defineInstruction<ClosePositionErArgs>(
  "close_position_er",
  CLOSE_POSITION_ER_DISCRIMINATOR,
  struct<ClosePositionErArgs>("ClosePositionErParams", { priceWithSlippage: oraclePrice, privilege }),
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const CLOSE_POSITION_ER_ACCOUNTS = accountTable("close_position_er", {
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
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: W,
  /** The market (`pda.market(programId, targetCustody, lockCustody, side)`). */
  market: W,
  /** Custody of the market's target token. */
  targetCustody: R,
  /** The market's collateral ("lock") custody. */
  lockCustody: W,
  /** Custody of the token paid out. */
  dispensingCustody: W,
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: R,
  /** Internal oracle of the lock custody. */
  lockOracleAccount: R,
  /** Internal oracle of the dispensing custody. */
  dispensingOracleAccount: R,
  /** `pda.reallocVault(programId)`. */
  reallocVault: [W, pda.reallocVault],
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
});
export type ClosePositionErAccounts = AccountsOf<typeof CLOSE_POSITION_ER_ACCOUNTS>;

/** `remaining`: the privilege accounts when `privilege` is not None (`v2/privilege.ts`). */
export function closePositionErInstruction(
  programId: string,
  accounts: ClosePositionErAccounts,
  args: ClosePositionErArgs,
  remaining: readonly AccountMeta[] = [],
): Instruction {
  return closePositionEr.instruction(programId, [
    ...CLOSE_POSITION_ER_ACCOUNTS.metas(programId, accounts),
    ...remaining,
  ], args);
}
