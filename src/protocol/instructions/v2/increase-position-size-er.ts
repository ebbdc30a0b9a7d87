/**
 * `increase_position_size_er` (PROTOCOL-v2 §3.3): adds size (and optionally collateral) to an existing basket
 * position. Note the order: `market` before `pool`, receiving custody before lock.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, type Privilege, privilege, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const INCREASE_POSITION_SIZE_ER_DISCRIMINATOR = "fb389c2168ad84f7";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface IncreasePositionSizeErAccounts {
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
  /** The market (`pda.market(programId, targetCustody, lockCustody, side)`). */
  market: string;
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** Custody of the market's target token. */
  targetCustody: string;
  /** Custody of the token the trader pays with. */
  receivingCustody: string;
  /** The market's collateral ("lock") custody. */
  lockCustody: string;
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: string;
  /** Internal oracle of the receiving custody. */
  receivingOracleAccount: string;
  /** Internal oracle of the lock custody. */
  lockOracleAccount: string;
  /** `pda.reallocVault(programId)`. */
  reallocVault?: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
}

export const INCREASE_POSITION_SIZE_ER_ACCOUNTS = accountTable<IncreasePositionSizeErAccounts>(
  "increase_position_size_er",
  [
    ["owner", R],
    ["signer", RS],
    ["sessionToken", R, "optional"],
    ["perpetuals", R, pda.perpetuals],
    ["basket", W],
    ["userDepositLedger", R],
    ["market", W],
    ["pool", W],
    ["targetCustody", R],
    ["receivingCustody", W],
    ["lockCustody", W],
    ["targetOracleAccount", R],
    ["receivingOracleAccount", R],
    ["lockOracleAccount", R],
    ["reallocVault", W, pda.reallocVault],
    ["eventAuthority", R, pda.eventAuthority],
    ["program", R, theProgram],
    ["ixSysvar", R, instructionsSysvar],
  ],
);

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
