/**
 * `close_and_swap` (PROTOCOL-v1 §8.4): closes a whole position and swaps the payout into another token.
 */
import { struct } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, type OraclePrice, oraclePrice, type Privilege, privilege, theProgram } from "../common.ts";
import { accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

export const CLOSE_AND_SWAP_DISCRIMINATOR = "93a4b9f09b21a57d";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface CloseAndSwapAccounts {
  /** The trader's wallet. */
  owner: string;
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: string;
  /** Owner's token account of the payout token (its associated token account). */
  receivingAccount: string;
  /** Owner's associated token account of the market's collateral token. */
  collateralAccount: string;
  /** `pda.transferAuthority(programId)`. */
  transferAuthority?: string;
  /** `pda.perpetuals(programId)`. */
  perpetuals?: string;
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** `pda.position(programId, owner, market)`. */
  position: string;
  /** The market (`pda.market(programId, targetCustody, collateralCustody, side)`). */
  market: string;
  /** Custody of the market's target token. */
  targetCustody: string;
  /** Internal oracle of the target custody (`pda.oracleAccount(programId, targetMint)`). */
  targetOracleAccount: string;
  /** The market's collateral custody. */
  collateralCustody: string;
  /** Internal oracle of the collateral custody. */
  collateralOracleAccount: string;
  /** `pda.custodyTokenAccount(programId, pool, collateralMint)`. */
  collateralCustodyTokenAccount: string;
  /** Custody of the token paid out. */
  dispensingCustody: string;
  /** Internal oracle of the dispensing custody. */
  dispensingOracleAccount: string;
  /** Token account of the dispensing custody. */
  dispensingCustodyTokenAccount: string;
  /** Token program of the payout token. */
  receivingTokenProgram: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
  /** Mint of the payout token. */
  receivingMint: string;
  /** Mint of the collateral token. */
  collateralMint: string;
  /** Token program of the collateral token. */
  collateralTokenProgram: string;
}

export const CLOSE_AND_SWAP_ACCOUNTS = accountTable<CloseAndSwapAccounts>("close_and_swap", [
  ["owner", WS],
  ["feePayer", WS],
  ["receivingAccount", W],
  ["collateralAccount", W],
  ["transferAuthority", R, pda.transferAuthority],
  ["perpetuals", R, pda.perpetuals],
  ["pool", W],
  ["position", W],
  ["market", W],
  ["targetCustody", R],
  ["targetOracleAccount", R],
  ["collateralCustody", W],
  ["collateralOracleAccount", R],
  ["collateralCustodyTokenAccount", W],
  ["dispensingCustody", W],
  ["dispensingOracleAccount", R],
  ["dispensingCustodyTokenAccount", W],
  ["receivingTokenProgram", R],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
  ["receivingMint", R],
  ["collateralMint", R],
  ["collateralTokenProgram", R],
]);

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
