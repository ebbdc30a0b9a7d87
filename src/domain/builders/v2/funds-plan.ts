/**
 * What a setup or funds builder hands to the transaction step: the instructions of one base-chain transaction, who
 * pays its fee, which lookup tables may shorten it, and the preconditions it still waits for.
 */
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import * as pda from "../../../protocol/pda.ts";
import type { DeploymentSnapshot } from "../../views/context.ts";
import type { FundsPrecondition } from "./funds-state.ts";
import type { FundsToken } from "./funds-token.ts";

export interface FundsTransactionPlan {
  /** Account 0 of the message: pays the network fee and signs. */
  feePayer: string;
  /** The program instructions (the base-chain envelope adds the compute budget). */
  instructions: Instruction[];
  /** Lookup tables to try (each is kept only when it shortens the message). */
  lookupTableAddresses: string[];
  unmetPreconditions: FundsPrecondition[];
}

/** The lookup tables of the token's pool (the pool its custody is taken from). */
export function tokenLookupTables(token: FundsToken): string[] {
  return [...token.pool.addressLookupTableAddresses];
}

/**
 * Every pool's lookup tables, in configuration order, for the setup transactions that name no token (init-basket,
 * init-deposit-ledger, delegate-basket): they hold the program's global accounts, and only one that shortens the
 * message is kept.
 */
export function deploymentLookupTables(snapshot: DeploymentSnapshot): string[] {
  return [...new Set(snapshot.input.config.pools.flatMap((p) => p.addressLookupTableAddresses))];
}

/**
 * The three accounts the delegation program creates beside a delegated account (ORACLE-AND-CHAIN §2.1): its buffer
 * (under the owning program, the perpetuals program), delegation record and delegation metadata.
 */
export function delegationSiblings(programId: string, delegated: string) {
  return {
    buffer: pda.delegationBuffer(programId, delegated),
    record: pda.delegationRecord(delegated),
    metadata: pda.delegationMetadata(delegated),
  };
}
