/**
 * `swap_and_open` (PROTOCOL-v1 §8.1): swaps the paying token into the collateral and opens a position.
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import {
  instructionsSysvar,
  type OraclePrice,
  oraclePrice,
  type Privilege,
  privilege,
  systemProgram,
  theProgram,
} from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, WRITABLE_SIGNER: WS } = AccountRole;

const SWAP_AND_OPEN_DISCRIMINATOR = "1ad12a00a93e1e76";

/** `SwapAndOpenParams` (37 bytes of instruction data with the discriminator). */
export interface SwapAndOpenArgs {
  /** Slippage-bounded oracle price of the target token (PROTOCOL-v2 §3.1). */
  priceWithSlippage: OraclePrice;
  /** Paying-token native units. */
  amountIn: bigint;
  /** Position size, target-token native units. */
  sizeAmount: bigint;
  /** Fee privilege; non-None needs the privilege remaining accounts. */
  privilege: Privilege;
}

export const swapAndOpen = defineInstruction<SwapAndOpenArgs>(
  "swap_and_open",
  SWAP_AND_OPEN_DISCRIMINATOR,
  struct<SwapAndOpenArgs>("SwapAndOpenParams", {
    priceWithSlippage: oraclePrice,
    amountIn: u64,
    sizeAmount: u64,
    privilege,
  }),
  420_000, // compute units: the vendor CLI's `open+swap` limit
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const SWAP_AND_OPEN_ACCOUNTS = accountTable("swap_and_open", {
  /** The trader's wallet. */
  owner: WS,
  /** Pays fees and rent (the owner unless the builder says otherwise). */
  feePayer: WS,
  /**
   * Owner's token account of the paying token (its associated token account; wrapped-SOL ATA for SOL, DECISIONS
   * 5.4).
   */
  fundingAccount: W,
  /** `pda.transferAuthority(programId)`. */
  transferAuthority: [R, pda.transferAuthority],
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: W,
  /** Custody of the token the trader pays with. */
  receivingCustody: W,
  /** Internal oracle of the receiving custody. */
  receivingCustodyOracleAccount: R,
  /** Token account of the receiving custody. */
  receivingCustodyTokenAccount: W,
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
  /** System program. */
  systemProgram: [R, systemProgram],
  /** Token program of the paying token (legacy or Token-2022). */
  fundingTokenProgram: R,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
  /** Mint of the paying token. */
  fundingMint: R,
  /** Mint of the collateral token. */
  collateralMint: R,
  /** Token program of the collateral token. */
  collateralTokenProgram: R,
});
export type SwapAndOpenAccounts = AccountsOf<typeof SWAP_AND_OPEN_ACCOUNTS>;

/** `remaining`: the privilege accounts when `privilege` is not None (`earlier/privilege.ts`). */
export function swapAndOpenInstruction(
  programId: string,
  accounts: SwapAndOpenAccounts,
  args: SwapAndOpenArgs,
  remaining: readonly AccountMeta[] = [],
): Instruction {
  return swapAndOpen.instruction(programId, [...SWAP_AND_OPEN_ACCOUNTS.metas(programId, accounts), ...remaining], args);
}
