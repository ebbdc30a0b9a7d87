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
import { accountTable, defineInstruction } from "../define.ts";
import { type AccountMeta, AccountRole, type Instruction, readonly } from "../instruction.ts";

const { READONLY: R, WRITABLE: W, READONLY_SIGNER: RS } = AccountRole;

export const SWAP_DISCRIMINATOR = "f8c69e91e17587c8";

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

/** Accounts in program order; `?` ones are filled from the program id when left out. */
export interface SwapAccounts {
  /** The trader's wallet. */
  owner: string;
  /** Owner's token account of the input token (wrapped-SOL ATA for SOL, DECISIONS 5.4). */
  fundingAccount: string;
  /** Owner's token account of the output token. */
  receivingAccount: string;
  /** `pda.transferAuthority(programId)`. */
  transferAuthority?: string;
  /** `pda.perpetuals(programId)`. */
  perpetuals?: string;
  /** The pool (`pda.pool(programId, poolName)`). */
  pool: string;
  /** Custody of the token the trader pays with. */
  receivingCustody: string;
  /** Internal oracle of the receiving custody. */
  receivingCustodyOracleAccount: string;
  /** Token account of the receiving custody. */
  receivingCustodyTokenAccount: string;
  /** Custody of the token paid out. */
  dispensingCustody: string;
  /** Internal oracle of the dispensing custody. */
  dispensingCustodyOracleAccount: string;
  /** Token account of the dispensing custody. */
  dispensingCustodyTokenAccount: string;
  /** `pda.eventAuthority(programId)`. */
  eventAuthority?: string;
  /** The perpetuals program itself (event CPI). */
  program?: string;
  /** Instructions sysvar. */
  ixSysvar?: string;
  /** Mint of the paying token. */
  fundingMint: string;
  /** Token program of the paying token (legacy or Token-2022). */
  fundingTokenProgram: string;
  /** Mint of the payout token. */
  receivingMint: string;
  /** Token program of the payout token. */
  receivingTokenProgram: string;
}

export const SWAP_ACCOUNTS = accountTable<SwapAccounts>("swap", [
  ["owner", RS],
  ["fundingAccount", W],
  ["receivingAccount", W],
  ["transferAuthority", R, pda.transferAuthority],
  ["perpetuals", R, pda.perpetuals],
  ["pool", R],
  ["receivingCustody", W],
  ["receivingCustodyOracleAccount", R],
  ["receivingCustodyTokenAccount", W],
  ["dispensingCustody", W],
  ["dispensingCustodyOracleAccount", R],
  ["dispensingCustodyTokenAccount", W],
  ["eventAuthority", R, pda.eventAuthority],
  ["program", R, theProgram],
  ["ixSysvar", R, instructionsSysvar],
  ["fundingMint", R],
  ["fundingTokenProgram", R],
  ["receivingMint", R],
  ["receivingTokenProgram", R],
]);

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
