/**
 * `close_and_swap` (PROTOCOL-v1 §8.4): closes a whole position and swaps the payout into another token.
 */
import { struct } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, type Privilege, privilege, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

const CLOSE_AND_SWAP_DISCRIMINATOR = "93a4b9f09b21a57d";

/** `CloseAndSwapParams` (21 bytes of instruction data with the discriminator). */
export interface CloseAndSwapArgs {
  /** Exit bound: slippage-bounded oracle price of the target token (PROTOCOL-v1 §5.3). */
  priceWithSlippage: OraclePrice;
  /** Fee privilege; non-None needs the privilege remaining accounts. */
  privilege: Privilege;
}

export const closeAndSwap = defineInstruction<CloseAndSwapArgs>(
  "close_and_swap",
  CLOSE_AND_SWAP_DISCRIMINATOR,
  struct<CloseAndSwapArgs>("CloseAndSwapParams", { priceWithSlippage: oraclePrice, privilege }),
  435_000, // compute units: the vendor CLI's `close+swap` limit
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const CLOSE_AND_SWAP_ACCOUNTS = accountTable("close_and_swap", {
  /** The trader's wallet. */
  owner: WS,
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: WS,
  /** Owner's token account of the payout token (its associated token account). */
  receivingAccount: W,
  /** Owner's associated token account of the market's collateral token. */
  collateralAccount: W,
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
  /** Custody of the token paid out. */
  dispensingCustody: W,
  /** Internal oracle of the dispensing custody. */
  dispensingOracleAccount: R,
  /** Token account of the dispensing custody. */
  dispensingCustodyTokenAccount: W,
  /** Token program of the payout token. */
  receivingTokenProgram: R,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
  /** Mint of the payout token. */
  receivingMint: R,
  /** Mint of the collateral token. */
  collateralMint: R,
  /** Token program of the collateral token. */
  collateralTokenProgram: R,
});
export type CloseAndSwapAccounts = AccountsOf<typeof CLOSE_AND_SWAP_ACCOUNTS>;

/** `remaining`: the privilege accounts when `privilege` is not None (`earlier/privilege.ts`). */
export function closeAndSwapInstruction(
  programId: string,
  accounts: CloseAndSwapAccounts,
  args: CloseAndSwapArgs,
  remaining: readonly AccountMeta[] = [],
): Instruction {
  return closeAndSwap.instruction(
    programId,
    [...CLOSE_AND_SWAP_ACCOUNTS.metas(programId, accounts), ...remaining],
    args,
  );
}
