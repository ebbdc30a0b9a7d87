/**
 * `close_position_er` (PROTOCOL-v2 §3.5): closes a whole basket position; the payout is credited to the basket.
 */
import { struct } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, type Privilege, privilege, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const CLOSE_POSITION_ER_DISCRIMINATOR = "77545c12ee6d1e5c";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface ClosePositionErAccounts {
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
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** The market (`pda.market(programId, targetCustody, lockCustody, side)`). */
  market: string;
  /** Custody of the market's target token. */
  targetCustody: string;
  /** The market's collateral ("lock") custody. */
  lockCustody: string;
  /** Custody of the token paid out. */
  dispensingCustody: string;
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: string;
  /** Internal oracle of the lock custody. */
  lockOracleAccount: string;
  /** Internal oracle of the dispensing custody. */
  dispensingOracleAccount: string;
  /** `pda.reallocVault(programId)`. */
  reallocVault?: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
}

export const CLOSE_POSITION_ER_ACCOUNTS = accountTable<ClosePositionErAccounts>("close_position_er", [
  ["owner", R],
  ["signer", RS],
  ["sessionToken", R, "optional"],
  ["perpetuals", R, pda.perpetuals],
  ["basket", W],
  ["pool", W],
  ["market", W],
  ["targetCustody", R],
  ["lockCustody", W],
  ["dispensingCustody", W],
  ["targetOracleAccount", R],
  ["lockOracleAccount", R],
  ["dispensingOracleAccount", R],
  ["reallocVault", W, pda.reallocVault],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
]);

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
