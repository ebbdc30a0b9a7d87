/**
 * `swap` (PROTOCOL-v1 §8.3): swaps one pool token for another.
 *
 * Mind the IDL's names: `receivingCustody*` is the custody that receives the **input** token, while
 * `receivingAccount`, `receivingMint` and `receivingTokenProgram` are the trader's **output** side (as the SDK
 * builds it: USDC → BTC has receivingCustody = USDC's custody, receivingMint = BTC's mint).
 */
import { struct, u64 } from "../../codec/mod.ts";
import * as pda from "../../pda.ts";
import { instructionsSysvar, theProgram } from "../common.ts";
import { type AccountsOf, accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction, readonly } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

const SWAP_DISCRIMINATOR = "f8c69e91e17587c8";

/** `SwapParams` (24 bytes of instruction data with the discriminator). */
export interface SwapArgs {
  /** Input-token native units. */
  amountIn: bigint;
  /** Minimum output, output-token native units. */
  minAmountOut: bigint;
}

export const swap = defineInstruction<SwapArgs>(
  "swap",
  SWAP_DISCRIMINATOR,
  struct<SwapArgs>("SwapParams", { amountIn: u64, minAmountOut: u64 }),
  300_000, // compute units: the swap part of CLI `open+swap` (420k − 150k), rounded up
);

/** Accounts in program order; a `[role, fill]` slot is filled from the program id when left out. */
export const SWAP_ACCOUNTS = accountTable("swap", {
  /** The trader's wallet. */
  owner: RS,
  /** Owner's token account of the input token (wrapped-SOL ATA for SOL, DECISIONS 5.4). */
  fundingAccount: W,
  /** Owner's token account of the output token. */
  receivingAccount: W,
  /** `pda.transferAuthority(programId)`. */
  transferAuthority: [R, pda.transferAuthority],
  /** `pda.perpetuals(programId)`. */
  perpetuals: [R, pda.perpetuals],
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: R,
  /** Custody of the token the trader pays with. */
  receivingCustody: W,
  /** Internal oracle of the receiving custody. */
  receivingCustodyOracleAccount: R,
  /** Token account of the receiving custody. */
  receivingCustodyTokenAccount: W,
  /** Custody of the token paid out. */
  dispensingCustody: W,
  /** Internal oracle of the dispensing custody. */
  dispensingCustodyOracleAccount: R,
  /** Token account of the dispensing custody. */
  dispensingCustodyTokenAccount: W,
  /** `pda.eventAuthority(programId)`. */
  eventAuthority: [R, pda.eventAuthority],
  /** The perpetuals program itself (event CPI). */
  program: [R, theProgram],
  /** Instructions sysvar. */
  ixSysvar: [R, instructionsSysvar],
  /** Mint of the paying token. */
  fundingMint: R,
  /** Token program of the paying token (legacy or Token-2022). */
  fundingTokenProgram: R,
  /** Mint of the payout token. */
  receivingMint: R,
  /** Token program of the payout token. */
  receivingTokenProgram: R,
});
export type SwapAccounts = AccountsOf<typeof SWAP_ACCOUNTS>;

/**
 * Remaining accounts of `swap` (PROTOCOL-v1 §8.3): every custody of the pool in configuration order, then every
 * custody's oracle in the same order, then the owner's whitelist PDA when the trader is whitelisted; all read-only.
 */
export interface SwapPoolAccounts {
  custodies: readonly string[];
  /** The oracle of each custody of `custodies`, same order and length. */
  oracles: readonly string[];
  /** `pda.whitelist(programId, owner)`, only for a whitelisted trader. */
  whitelist?: string;
}

export function swapRemainingAccounts(pool: SwapPoolAccounts): AccountMeta[] {
  if (pool.custodies.length !== pool.oracles.length) {
    throw new TypeError(`swap: ${pool.custodies.length} custodies but ${pool.oracles.length} oracles`);
  }
  const keys = [...pool.custodies, ...pool.oracles, ...(pool.whitelist === undefined ? [] : [pool.whitelist])];
  return keys.map(readonly);
}

export function swapInstruction(
  programId: string,
  accounts: SwapAccounts,
  args: SwapArgs,
  pool: SwapPoolAccounts,
): Instruction {
  return swap.instruction(
    programId,
    [...SWAP_ACCOUNTS.metas(programId, accounts), ...swapRemainingAccounts(pool)],
    args,
  );
}
