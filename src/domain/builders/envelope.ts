/**
 * The compute-budget part of a transaction's envelope, per chain (PROTOCOL-v2 §2.2, DECISIONS 5.3):
 *
 * - **ER** (v2 trading and order builders): exactly one `SetComputeUnitLimit(1_400_000)` and nothing else, as the
 *   live service and the v2 SDK do; no priority fee (ER fees are zero).
 * - **Base chain** (v2 setup and funds builders, every earlier-interface builder): a `SetComputeUnitLimit` sized to
 *   the instructions (`estimateComputeUnits`), then a `SetComputeUnitPrice` when a priority fee is configured.
 *
 * The compute-budget instructions go first, ahead of the program instructions (kit's convention; the runtime reads
 * them wherever they are).
 */
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  COMPUTE_BUDGET_PROGRAM_ID,
  ER_COMPUTE_UNIT_LIMIT,
  SYSTEM_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from "../../protocol/constants.ts";
import {
  setComputeUnitLimitInstruction,
  setComputeUnitPriceInstruction,
} from "../../protocol/instructions/external/compute-budget.ts";
import { createInstruction, type Instruction } from "../../protocol/instructions/instruction.ts";
import { BoundedMemo } from "../../protocol/memo.ts";

/** Where a transaction is sent: the ephemeral rollup or the base chain (same spelling as the state layer's). */
export type Chain = "er" | "base";

/** The most a transaction may ask for (runtime maximum). */
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
/** Estimate of an instruction this module does not know (the runtime's default budget per instruction). */
export const DEFAULT_INSTRUCTION_COMPUTE_UNITS = 200_000;

/**
 * Compute units of the native programs' instructions the builders emit (generous upper bounds of what they cost:
 * a system transfer ~150 CU, an SPL token instruction a few thousand, an ATA creation ~25k with Token-2022 more).
 */
const NATIVE_PROGRAM_UNITS: ReadonlyMap<string, number> = new Map([
  [SYSTEM_PROGRAM_ID, 1_000],
  [TOKEN_PROGRAM_ID, 10_000],
  [TOKEN_2022_PROGRAM_ID, 20_000],
  [ASSOCIATED_TOKEN_PROGRAM_ID, 40_000],
  [COMPUTE_BUDGET_PROGRAM_ID, 0],
]);

/** Headroom over the summed estimates, then rounding up to a multiple of `ROUND_TO`. */
const HEADROOM_NUMERATOR = 5;
const HEADROOM_DENOMINATOR = 4;
const ROUND_TO = 10_000;

function unitsOf(ix: Instruction): number {
  const native = NATIVE_PROGRAM_UNITS.get(ix.programAddress);
  if (native !== undefined) return native;
  // Any other program is the perpetuals program of one deployment: its instruction carries its definition's estimate.
  return ix.computeUnits ?? DEFAULT_INSTRUCTION_COMPUTE_UNITS;
}

/**
 * Compute-unit limit for a base-chain transaction: the sum of per-instruction estimates (a perpetuals-program
 * instruction carries its definition's, `NATIVE_PROGRAM_UNITS` above, 200k for anything unknown), plus 25 % headroom,
 * rounded up to a multiple of 10 000 and capped at 1 400 000. The real service's base-chain budget is not known
 * (PROTOCOL-v2 §8.1, PROTOCOL-v1 §12.9); a limit set too low fails the transaction, one set too high only raises the
 * priority fee (price × limit), so the estimates lean high.
 */
export function estimateComputeUnits(instructions: readonly Instruction[]): number {
  let sum = 0;
  for (const ix of instructions) sum += unitsOf(ix);
  const withHeadroom = Math.ceil((sum * HEADROOM_NUMERATOR) / HEADROOM_DENOMINATOR / ROUND_TO) * ROUND_TO;
  return Math.min(MAX_COMPUTE_UNIT_LIMIT, Math.max(ROUND_TO, withHeadroom));
}

/** Options of the base-chain envelope. */
export interface BaseEnvelopeOptions {
  /** `PRIORITY_FEE_MICROLAMPORTS`: micro-lamports per compute unit; 0 or absent adds no `SetComputeUnitPrice`. */
  priorityFeeMicroLamports?: bigint | number;
}

/**
 * Compute-budget instructions are immutable values that depend only on their number, and a deployment emits few
 * numbers (the ER's fixed limit, base limits in steps of `ROUND_TO`, the configured priority fee): each is built once.
 * The memo is bounded like any other, though `estimateComputeUnits` alone yields at most 141 limits.
 */
const BUDGET_MEMO_LIMIT = 1_024;
const limitInstructions = new BoundedMemo<number, Instruction>(BUDGET_MEMO_LIMIT);
const priceInstructions = new BoundedMemo<bigint, Instruction>(BUDGET_MEMO_LIMIT);

/**
 * A kept instruction owns its data: encoded data is a view into a shared slab (`codec/arena.ts`), which a
 * long-lived instruction would otherwise keep alive whole.
 */
function kept(ix: Instruction): Instruction {
  return createInstruction(ix.programAddress, ix.accounts, ix.data.slice());
}
const limitInstruction = (units: number) => kept(setComputeUnitLimitInstruction(units));
const priceInstruction = (microLamports: bigint) => kept(setComputeUnitPriceInstruction(microLamports));

/** The compute-budget instructions to put in front of `instructions` on `chain`. */
export function computeBudgetInstructions(
  chain: Chain,
  instructions: readonly Instruction[],
  options: BaseEnvelopeOptions = {},
): Instruction[] {
  if (instructions.some((ix) => ix.programAddress === COMPUTE_BUDGET_PROGRAM_ID)) {
    throw new TypeError("program instructions must not carry compute-budget instructions: the envelope adds them");
  }
  if (chain === "er") return [limitInstructions.get(ER_COMPUTE_UNIT_LIMIT, limitInstruction)];
  const out = [limitInstructions.get(estimateComputeUnits(instructions), limitInstruction)];
  const fee = BigInt(options.priorityFeeMicroLamports ?? 0);
  if (fee < 0n) throw new RangeError(`priority fee must not be negative (got ${fee})`);
  if (fee > 0n) out.push(priceInstructions.get(fee, priceInstruction));
  return out;
}

/** `instructions` with the chain's compute-budget instructions in front. */
export function withComputeBudget(
  chain: Chain,
  instructions: readonly Instruction[],
  options: BaseEnvelopeOptions = {},
): Instruction[] {
  return [...computeBudgetInstructions(chain, instructions, options), ...instructions];
}
