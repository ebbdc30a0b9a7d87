/**
 * What every domain builder hands to transaction assembly (`transaction.ts`; in a request, the handlers'
 * `buildTransaction`): the program instructions of one unsigned transaction, who pays its fee (account 0, a signer),
 * the chain it is for, and on the base chain the lookup tables worth trying. The chain is the builder's to say
 * because it follows from the instructions (DECISIONS 5.3): v2 trading and order instructions run on the ephemeral
 * rollup, setup and funds instructions and every earlier-interface instruction on the base chain.
 *
 * Compute-budget instructions are never part of a plan: the envelope of the chain adds them (`envelope.ts`).
 */
import type { PoolConfig } from "../../config/pool-config.ts";
import type { Instruction } from "../../protocol/instructions/instruction.ts";
import type { DeploymentSnapshot } from "../deployment-snapshot.ts";

/** A rollup transaction: `SetComputeUnitLimit(1_400_000)` in front, no lookup tables (the ER cannot resolve them). */
export interface ErTransactionPlan {
  chain: "er";
  /** Account 0 of the message: pays the network fee and signs. */
  feePayer: string;
  instructions: Instruction[];
}

/** A base-chain transaction: compute budget sized to the instructions, optional priority fee, lookup tables. */
export interface BaseTransactionPlan {
  chain: "base";
  /** Account 0 of the message: pays the network fee and signs. */
  feePayer: string;
  instructions: Instruction[];
  /** Lookup tables to try; each is kept only when it makes the message shorter. */
  lookupTableAddresses?: readonly string[];
}

export type TransactionPlan = ErTransactionPlan | BaseTransactionPlan;

/**
 * Steps of base-chain transactions that share a fee payer and lookup tables (the v2 deposit with its setup): the
 * handler packs them, in order, into the fewest transactions that fit the packet limit (`packSteps`).
 */
export interface BundlePlan<S extends { instructions: readonly Instruction[] }>
  extends Omit<BaseTransactionPlan, "instructions"> {
  /** The steps to build, in order. */
  steps: S[];
}

/** The lookup tables of the pool a transaction trades in (or takes a token's custody from). */
export function poolLookupTables(pool: Pick<PoolConfig, "addressLookupTableAddresses">): readonly string[] {
  return pool.addressLookupTableAddresses;
}

/**
 * Every pool's lookup tables, once each in configuration order, for a transaction that belongs to no pool
 * (init-basket, init-deposit-ledger, delegate-basket, init-token-stake, create-referral): they hold the program's
 * global accounts, and only those that shorten the message are kept.
 */
export function deploymentLookupTables(snapshot: DeploymentSnapshot): string[] {
  return [...new Set(snapshot.input.config.pools.flatMap((p) => p.addressLookupTableAddresses))];
}

/**
 * Packs steps, in order and never splitting one, into as few groups as `fits` accepts: each group takes the next
 * step while the group's instructions still fit one transaction. A step that does not fit even alone gets a group of
 * its own (assembling it then reports the size error). Greedy packing is optimal here: the order is fixed, so a
 * group can only end where the next step no longer fits.
 */
export function packSteps<S extends { instructions: readonly Instruction[] }>(
  steps: readonly S[],
  fits: (instructions: readonly Instruction[]) => boolean,
): S[][] {
  // The usual case first: everything fits one transaction (one measurement instead of one per step).
  if (steps.length > 1 && fits(steps.flatMap((s) => s.instructions))) return [[...steps]];
  const groups: S[][] = [];
  let current: S[] = [];
  for (const step of steps) {
    const candidate = [...current, step];
    if (current.length === 0 || fits(candidate.flatMap((s) => s.instructions))) {
      current = candidate;
    } else {
      groups.push(current);
      current = [step];
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}
