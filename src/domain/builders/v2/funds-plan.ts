/**
 * What a setup or funds builder hands to the transaction step: one base-chain transaction (`../plan.ts`: its
 * instructions, fee payer and lookup tables: the token's pool's, or every pool's for the setup transactions that name
 * no token) and the preconditions it still waits for.
 */
import * as pda from "../../../protocol/pda.ts";
import type { BaseTransactionPlan } from "../plan.ts";
import type { FundsPrecondition } from "./funds-state.ts";

export interface FundsTransactionPlan extends BaseTransactionPlan {
  unmetPreconditions: FundsPrecondition[];
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
