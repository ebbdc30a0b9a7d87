/**
 * `decrease_size` (PROTOCOL-v1 §8.4): partial close; the proceeds stay in the position (no receiving account).
 *
 * Choice (PROTOCOL-v1 §12.1, undetermined): `sizeDelta` is taken as target-token native units, as for every
 * `*_amount`/size argument of this program and for `decrease_position_size_er` in v2; the vendor CLI's USD
 * reading is the alternative. The codec is the same u64 either way: the builder decides the number.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, type Privilege, privilege, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const DECREASE_SIZE_DISCRIMINATOR = "ab1ccb1d7610d6a9";

/** `DecreaseSizeParams` (29 bytes of instruction data with the discriminator). */
export interface DecreaseSizeArgs {
  /** Exit bound: slippage-bounded oracle price of the target token (PROTOCOL-v1 §5.3). */
  priceWithSlippage: OraclePrice;
  /** Size change; unit undetermined by the sources (PROTOCOL-v1 §12.1), see the note above. */
  sizeDelta: bigint;
  /** Fee privilege; non-None needs the privilege remaining accounts. */
  privilege: Privilege;
}

export const decreaseSize = defineInstruction<DecreaseSizeArgs>(
  "decrease_size",
  DECREASE_SIZE_DISCRIMINATOR,
  struct<DecreaseSizeArgs>("DecreaseSizeParams", { priceWithSlippage: oraclePrice, sizeDelta: u64, privilege }),
  180_000, // compute units: as a close
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const DECREASE_SIZE_ACCOUNTS = accountTable("decrease_size", {
  /** The trader's wallet. */
  owner: RS,
  /** `pda.transferAuthority(programId)`. */
  transferAuthority: [R, pda.transferAuthority],
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: W,
  /** `pda.position(programId, owner, market)`. */
  position: W,
  /** The market (`pda.market(programId, targetCustody, collateralCustody, side)`). */
  market: W,
  /** Custody of the market's target token. */
  targetCustody: R,
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: R,
  /** The market's collateral custody. */
  collateralCustody: W,
  /** Internal oracle of the collateral custody. */
  collateralOracleAccount: R,
  /** `pda.custodyTokenAccount(programId, pool, collateralMint)`. */
  collateralCustodyTokenAccount: W,
  /** Token program of the collateral token. */
  collateralTokenProgram: R,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
  /** Mint of the collateral token. */
  collateralMint: R,
});
export type DecreaseSizeAccounts = AccountsOf<typeof DECREASE_SIZE_ACCOUNTS>;

/** `remaining`: the privilege accounts when `privilege` is not None (`earlier/privilege.ts`). */
export function decreaseSizeInstruction(
  programId: string,
  accounts: DecreaseSizeAccounts,
  args: DecreaseSizeArgs,
  remaining: readonly AccountMeta[] = [],
): Instruction {
  return decreaseSize.instruction(
    programId,
    [...DECREASE_SIZE_ACCOUNTS.metas(programId, accounts), ...remaining],
    args,
  );
}
