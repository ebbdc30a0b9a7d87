/**
 * What the v2 setup and funds handlers share (issue 9): running a domain builder with its rejections answered as
 * 400 with their registry code (counted in `builder_failures_total`), and turning a plan into base-chain
 * transactions through the shared transaction step. Not a handler file: nothing here is served.
 */
import type { AppEnv } from "../../services.ts";
import type { Context } from "hono";
import { ApiError } from "../../http/errors.ts";
import type { OperationId } from "../../http/metrics.ts";
import { assembleTransaction, TransactionTooLargeError } from "../../domain/builders/transaction.ts";
import type { Instruction } from "../../protocol/instructions/instruction.ts";
import { FundsRejection } from "../../domain/builders/v2/funds-rejection.ts";
import type { FundsTransactionPlan } from "../../domain/builders/v2/funds-plan.ts";
import { type DepositPlan, type DepositStep, packSteps } from "../../domain/builders/v2/deposit.ts";
import { builderError, buildTransaction, lookupTablesAt, requireBlockhash } from "../shared/transactions.ts";

/** Runs a funds builder; a request it refuses is 400 with the rejection's code and field. */
export function fundsPlan<T>(c: Context<AppEnv>, operation: OperationId, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (!(error instanceof FundsRejection)) throw error;
    throw builderError(c, operation, new ApiError(400, error.code, error.message, error.field));
  }
}

/** The plan's one base-chain transaction (base blockhash, lookup tables that shorten it, priority fee). */
export function fundsTransaction(c: Context<AppEnv>, operation: OperationId, plan: FundsTransactionPlan): string {
  return buildTransaction(c, operation, {
    chain: "base",
    feePayer: plan.feePayer,
    instructions: plan.instructions,
    lookupTableAddresses: plan.lookupTableAddresses,
  });
}

/**
 * The deposit bundle as the fewest transactions that each fit the packet limit, measured exactly as they will be
 * assembled (same lookup tables and priority fee; the blockhash does not change the size).
 */
export function depositTransactions(
  c: Context<AppEnv>,
  operation: OperationId,
  plan: DepositPlan,
): { transactionBase64: string; steps: DepositStep[] }[] {
  const { services } = c.var;
  const blockhash = requireBlockhash(c, operation, "base");
  const lookupTables = lookupTablesAt(services, plan.lookupTableAddresses);
  const fits = (instructions: readonly Instruction[]) => {
    try {
      assembleTransaction({
        chain: "base",
        feePayer: plan.feePayer,
        instructions,
        blockhash,
        lookupTables,
        priorityFeeMicroLamports: services.config.PRIORITY_FEE_MICROLAMPORTS,
      });
      return true;
    } catch (error) {
      if (error instanceof TransactionTooLargeError) return false;
      throw error;
    }
  };
  return packSteps(plan.steps, fits).map((group) => ({
    transactionBase64: buildTransaction(c, operation, {
      chain: "base",
      feePayer: plan.feePayer,
      instructions: group.flatMap((s) => s.instructions),
      lookupTableAddresses: plan.lookupTableAddresses,
    }),
    steps: group.map((s) => s.step),
  }));
}
