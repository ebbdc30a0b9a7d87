/**
 * Compute-budget program instructions (native program, 1-byte instruction tag): `SetComputeUnitLimit` (tag 2, u32
 * units) and `SetComputeUnitPrice` (tag 3, u64 micro-lamports per compute unit). They take no accounts.
 */
import { struct, u32, u64 } from "../../codec/mod.ts";
import { COMPUTE_BUDGET_PROGRAM_ID } from "../../constants.ts";
import { defineInstruction } from "../define.ts";
import type { Instruction } from "../instruction.ts";

export const SET_COMPUTE_UNIT_LIMIT_TAG = "02";
export const SET_COMPUTE_UNIT_PRICE_TAG = "03";

export const setComputeUnitLimit = defineInstruction<{ units: number }>(
  "SetComputeUnitLimit",
  SET_COMPUTE_UNIT_LIMIT_TAG,
  struct<{ units: number }>("SetComputeUnitLimit", { units: u32 }),
);
export const setComputeUnitPrice = defineInstruction<{ microLamports: bigint }>(
  "SetComputeUnitPrice",
  SET_COMPUTE_UNIT_PRICE_TAG,
  struct<{ microLamports: bigint }>("SetComputeUnitPrice", { microLamports: u64 }),
);

/** Caps the transaction's compute units (data `02 ‖ u32 LE`). */
export function setComputeUnitLimitInstruction(units: number): Instruction {
  return setComputeUnitLimit.instruction(COMPUTE_BUDGET_PROGRAM_ID, [], { units });
}
/** Priority fee per compute unit, in micro-lamports (data `03 ‖ u64 LE`). */
export function setComputeUnitPriceInstruction(microLamports: bigint): Instruction {
  return setComputeUnitPrice.instruction(COMPUTE_BUDGET_PROGRAM_ID, [], { microLamports });
}

export function isComputeBudgetInstruction(ix: Instruction): boolean {
  return ix.programAddress === COMPUTE_BUDGET_PROGRAM_ID;
}
/** The unit limit an instruction sets, or `undefined` when it is not a `SetComputeUnitLimit`. */
export function parseSetComputeUnitLimit(ix: Instruction): number | undefined {
  if (!isComputeBudgetInstruction(ix) || !setComputeUnitLimit.matches(ix.data)) return undefined;
  return setComputeUnitLimit.decode(ix.data).units;
}
/** The price an instruction sets, or `undefined` when it is not a `SetComputeUnitPrice`. */
export function parseSetComputeUnitPrice(ix: Instruction): bigint | undefined {
  if (!isComputeBudgetInstruction(ix) || !setComputeUnitPrice.matches(ix.data)) return undefined;
  return setComputeUnitPrice.decode(ix.data).microLamports;
}
