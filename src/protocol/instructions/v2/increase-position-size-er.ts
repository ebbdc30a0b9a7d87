/**
 * `increase_position_size_er` (PROTOCOL-v2 §3.3): adds size (and optionally collateral) to an existing basket
 * position. Note the order: `market` before `pool`, receiving custody before lock.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, type Privilege, privilege, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const INCREASE_POSITION_SIZE_ER_DISCRIMINATOR = "fb389c2168ad84f7";

/** `IncreasePositionSizeErParams` (37 bytes of instruction data with the discriminator). */
export interface IncreasePositionSizeErArgs {
  /** Slippage-bounded oracle price of the target token (PROTOCOL-v2 §3.1). */
  priceWithSlippage: OraclePrice;
  /** Size change, target-token native units. */
  sizeDelta: bigint;
  /** Collateral added with the increase, receiving-token native units (may be 0). */
  deltaCollateralAmount: bigint;
  /** Fee privilege; non-None needs the privilege remaining accounts. */
  privilege: Privilege;
}

export const increasePositionSizeEr = defineInstruction<IncreasePositionSizeErArgs>(
  "increase_position_size_er",
  INCREASE_POSITION_SIZE_ER_DISCRIMINATOR,
  struct<IncreasePositionSizeErArgs>("IncreasePositionSizeErParams", {
    priceWithSlippage: oraclePrice,
    sizeDelta: u64,
    deltaCollateralAmount: u64,
    privilege,
  }),
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const INCREASE_POSITION_SIZE_ER_ACCOUNTS = accountTable("increase_position_size_er", {
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
  /** The market (`pda.market(programId, targetCustody, lockCustody, side)`). */
  market: W,
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: W,
  /** Custody of the market's target token. */
  targetCustody: R,
  /** Custody of the token the trader pays with. */
  receivingCustody: W,
  /** The market's collateral ("lock") custody. */
  lockCustody: W,
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: R,
  /** Internal oracle of the receiving custody. */
  receivingOracleAccount: R,
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
export type IncreasePositionSizeErAccounts = AccountsOf<typeof INCREASE_POSITION_SIZE_ER_ACCOUNTS>;

/** `remaining`: the privilege accounts when `privilege` is not None (`v2/privilege.ts`). */
export function increasePositionSizeErInstruction(
  programId: string,
  accounts: IncreasePositionSizeErAccounts,
  args: IncreasePositionSizeErArgs,
  remaining: readonly AccountMeta[] = [],
): Instruction {
  return increasePositionSizeEr.instruction(programId, [
    ...INCREASE_POSITION_SIZE_ER_ACCOUNTS.metas(programId, accounts),
    ...remaining,
  ], args);
}
