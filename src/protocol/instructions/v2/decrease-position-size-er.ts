/**
 * `decrease_position_size_er` (PROTOCOL-v2 §3.5): partial close of a basket position.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, type Privilege, privilege, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const DECREASE_POSITION_SIZE_ER_DISCRIMINATOR = "561b02f0fe13c652";

/** `DecreasePositionSizeErParams` (29 bytes of instruction data with the discriminator). */
export interface DecreasePositionSizeErArgs {
  /** Exit bound: slippage-bounded oracle price of the target token (PROTOCOL-v2 §3.1). */
  priceWithSlippage: OraclePrice;
  /** Size change, target-token native units. */
  sizeDelta: bigint;
  /** Fee privilege; non-None needs the privilege remaining accounts. */
  privilege: Privilege;
}

export const decreasePositionSizeEr = defineInstruction<DecreasePositionSizeErArgs>(
  "decrease_position_size_er",
  DECREASE_POSITION_SIZE_ER_DISCRIMINATOR,
  struct<DecreasePositionSizeErArgs>("DecreasePositionSizeErParams", {
    priceWithSlippage: oraclePrice,
    sizeDelta: u64,
    privilege,
  }),
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const DECREASE_POSITION_SIZE_ER_ACCOUNTS = accountTable("decrease_position_size_er", {
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
  /** The market (`pda.market(programId, targetCustody, lockCustody, side)`). */
  market: W,
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: W,
  /** Custody of the market's target token. */
  targetCustody: R,
  /** Custody of the token paid out. */
  dispensingCustody: W,
  /** The market's collateral ("lock") custody. */
  lockCustody: W,
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: R,
  /** Internal oracle of the dispensing custody. */
  dispensingOracleAccount: R,
  /** Internal oracle of the lock custody. */
  lockOracleAccount: R,
  /** `pda.reallocVault(programId)`. */
  reallocVault: [W, pda.reallocVault],
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
});
export type DecreasePositionSizeErAccounts = AccountsOf<typeof DECREASE_POSITION_SIZE_ER_ACCOUNTS>;

/** `remaining`: the privilege accounts when `privilege` is not None (`v2/privilege.ts`). */
export function decreasePositionSizeErInstruction(
  programId: string,
  accounts: DecreasePositionSizeErAccounts,
  args: DecreasePositionSizeErArgs,
  remaining: readonly AccountMeta[] = [],
): Instruction {
  return decreasePositionSizeEr.instruction(programId, [
    ...DECREASE_POSITION_SIZE_ER_ACCOUNTS.metas(programId, accounts),
    ...remaining,
  ], args);
}
