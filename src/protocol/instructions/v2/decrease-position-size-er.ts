/**
 * `decrease_position_size_er` (PROTOCOL-v2 §3.5): partial close of a basket position.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, type Privilege, privilege, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const DECREASE_POSITION_SIZE_ER_DISCRIMINATOR = "561b02f0fe13c652";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface DecreasePositionSizeErAccounts {
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
  /** The market (`pda.market(programId, targetCustody, lockCustody, side)`). */
  market: string;
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** Custody of the market's target token. */
  targetCustody: string;
  /** Custody of the token paid out. */
  dispensingCustody: string;
  /** The market's collateral ("lock") custody. */
  lockCustody: string;
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: string;
  /** Internal oracle of the dispensing custody. */
  dispensingOracleAccount: string;
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

export const DECREASE_POSITION_SIZE_ER_ACCOUNTS = accountTable<DecreasePositionSizeErAccounts>(
  "decrease_position_size_er",
  [
    ["owner", R],
    ["signer", RS],
    ["sessionToken", R, "optional"],
    ["perpetuals", R, pda.perpetuals],
    ["basket", W],
    ["market", W],
    ["pool", W],
    ["targetCustody", R],
    ["dispensingCustody", W],
    ["lockCustody", W],
    ["targetOracleAccount", R],
    ["dispensingOracleAccount", R],
    ["lockOracleAccount", R],
    ["reallocVault", W, pda.reallocVault],
    ["eventAuthority", R, pda.eventAuthority],
    ["program", R, theProgram],
    ["ixSysvar", R, instructionsSysvar],
  ],
);

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
