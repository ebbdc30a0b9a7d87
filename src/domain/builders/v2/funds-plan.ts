/**
 * What a setup or funds builder hands to the transaction step: one base-chain transaction (`../plan.ts`: its
 * instructions, fee payer and lookup tables: the token's pool's, or every pool's for the setup transactions that name
 * no token) and the preconditions it still waits for.
 */
import type { Instruction } from "../../../protocol/instructions/instruction.ts";
import * as pda from "../../../protocol/pda.ts";
import type { DeploymentSnapshot } from "../../deployment-snapshot.ts";
import { type BaseTransactionPlan, deploymentLookupTables } from "../plan.ts";
import type { FundsPrecondition } from "./funds-state.ts";

export interface FundsTransactionPlan extends BaseTransactionPlan {
  unmetPreconditions: FundsPrecondition[];
}

/**
 * A setup transaction (init-basket, init-deposit-ledger, delegate-basket): the owner's one setup instruction, paid
 * and signed by `payer`; it names no token, so every pool's lookup tables are offered.
 */
export function setupPlan(
  snapshot: DeploymentSnapshot,
  payer: string,
  instruction: Instruction,
  unmetPreconditions: FundsPrecondition[] = [],
): FundsTransactionPlan {
  return {
    chain: "base",
    feePayer: payer,
    instructions: [instruction],
    lookupTableAddresses: deploymentLookupTables(snapshot),
    unmetPreconditions,
  };
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
