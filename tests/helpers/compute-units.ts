/**
 * The compute-unit limit a base-chain transaction must carry, worked out from its decoded instructions alone: the
 * tests' own statement of the estimates (the vendor CLI's per-builder limits for the earlier program, PROTOCOL-v1
 * §8.0; generous figures for the v2 base-chain instructions, PROTOCOL-v2 §8.1) and of the rule (sum, + 25 %, rounded
 * up to 10 000, between 10 000 and 1 400 000). `checkedTransaction` compares every built transaction's limit with it.
 */
import type { Instruction } from "../../src/protocol/instructions/instruction.ts";
import { ATA_PROGRAM, COMPUTE_BUDGET_PROGRAM, SYSTEM_PROGRAM, TOKEN, TOKEN_2022 } from "./expected-accounts.ts";
import { CATALOG } from "./instructions.ts";

/** Estimates of the perpetuals programs' base-chain instructions, by the program's instruction name. */
export const EXPECTED_INSTRUCTION_UNITS: Readonly<Record<string, number>> = {
  open_position: 150_000,
  swap_and_open: 420_000,
  close_position: 180_000,
  close_and_swap: 435_000,
  increase_size: 150_000,
  decrease_size: 180_000,
  add_collateral: 120_000,
  swap_and_add_collateral: 420_000,
  remove_collateral: 120_000,
  remove_collateral_and_swap: 435_000,
  swap: 300_000,
  place_limit_order: 150_000,
  edit_limit_order: 150_000,
  cancel_limit_order: 100_000,
  place_trigger_order: 150_000,
  edit_trigger_order: 150_000,
  cancel_trigger_order: 100_000,
  cancel_all_trigger_orders: 100_000,
  deposit_token_stake: 100_000,
  create_referral: 50_000,
  init_basket: 60_000,
  init_user_deposit_ledger: 60_000,
  delegate_basket: 100_000,
  deposit_direct: 80_000,
  withdrawal_with_action: 200_000,
  withdrawal_settle: 100_000,
  custody_settlement_with_action: 200_000,
  custody_settlement_settle: 100_000,
};

const NATIVE_UNITS: Readonly<Record<string, number>> = {
  [SYSTEM_PROGRAM]: 1_000,
  [TOKEN]: 10_000,
  [TOKEN_2022]: 20_000,
  [ATA_PROGRAM]: 40_000,
  [COMPUTE_BUDGET_PROGRAM]: 0,
};
/** What an instruction nobody estimated counts (the runtime's default budget per instruction). */
const UNKNOWN_UNITS = 200_000;

function unitsOf(ix: Instruction): number {
  const native = NATIVE_UNITS[ix.programAddress];
  if (native !== undefined) return native;
  const entry = CATALOG.find((e) => e.codec.matches(ix.data));
  return (entry && EXPECTED_INSTRUCTION_UNITS[entry.codec.name]) ?? UNKNOWN_UNITS;
}

/** The limit for these program instructions (the compute-budget instructions themselves count nothing). */
export function expectedComputeUnitLimit(instructions: readonly Instruction[]): number {
  const sum = instructions.reduce((total, ix) => total + unitsOf(ix), 0);
  const rounded = Math.ceil((sum * 1.25) / 10_000) * 10_000;
  return Math.min(1_400_000, Math.max(10_000, rounded));
}
