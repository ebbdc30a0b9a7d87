/**
 * What every transaction-builder handler shares to turn a domain builder's instructions into the contract's
 * `transactionBase64`: the chain's cached blockhash (DECISIONS 3.5, 5.5), the deployment's lookup tables for
 * base-chain messages, the configured priority fee, and the mapping of assembly failures onto the error registry
 * (with the `builder_failures_total` metric). A handler hands over instructions; it never touches message bytes.
 */
import type { AppEnv, Services } from "../../services.ts";
import type { Context } from "hono";
import type { Chain } from "../../state/types.ts";
import type { ErrorCode } from "../../http/errors.ts";
import { ApiError } from "../../http/errors.ts";
import type { OperationId } from "../../http/metrics.ts";
import type { Instruction } from "../../protocol/instructions/instruction.ts";
import { addressLookupTableAccount } from "../../protocol/external/address-lookup-table.ts";
import { assembleTransaction, type LookupTable, TransactionTooLargeError } from "../../domain/builders/transaction.ts";

/** Counts a builder's failure by code and returns the error to throw (`throw builderError(...)`). */
export function builderError(
  c: Context<AppEnv>,
  operation: OperationId,
  error: ApiError,
): ApiError {
  c.var.services.metrics.builderFailed(operation, error.code as ErrorCode);
  return error;
}

/** The fresh cached blockhash of `chain`, or 500 `BLOCKHASH_UNAVAILABLE` (never waits on the RPC). */
export function requireBlockhash(c: Context<AppEnv>, operation: OperationId, chain: Chain): string {
  const { services } = c.var;
  const entry = services.blockhashes[chain].current(services.clock.nowMs());
  if ("blockhash" in entry) return entry.blockhash;
  throw builderError(c, operation, new ApiError(500, "BLOCKHASH_UNAVAILABLE", "blockhash fetch failed"));
}

/**
 * The lookup tables at `addresses` as the base chain holds them now. A table that is not ingested (or does not
 * decode) is left out: the message is then compiled without it, which is valid, only longer.
 */
export function lookupTablesAt(services: Services, addresses: readonly string[]): LookupTable[] {
  const tables: LookupTable[] = [];
  for (const key of addresses) {
    const raw = services.accounts.get(key);
    if (!raw) continue;
    try {
      tables.push({ key, addresses: addressLookupTableAccount.decode(raw.data).addresses });
    } catch {
      // Not a lookup table (or a corrupt one): compile without it.
    }
  }
  return tables;
}

/** A rollup transaction: fee payer = the signer, `SetComputeUnitLimit(1_400_000)`, no lookup tables. */
export interface ErBuild {
  chain: "er";
  feePayer: string;
  instructions: readonly Instruction[];
}

/** A base-chain transaction: the deployment's lookup tables where they shorten it, the configured priority fee. */
export interface BaseBuild {
  chain: "base";
  feePayer: string;
  instructions: readonly Instruction[];
  /** Lookup-table addresses to try (a pool's `addressLookupTableAddresses`). */
  lookupTableAddresses?: readonly string[];
}

/**
 * Assembles the unsigned transaction of a builder with the chain's cached blockhash. A message over the 1232-byte
 * packet limit is 500 `TRANSACTION_TOO_LARGE` (the registry's status for it), never a truncated transaction.
 */
export function buildTransaction(c: Context<AppEnv>, operation: OperationId, build: ErBuild | BaseBuild): string {
  const { services } = c.var;
  const blockhash = requireBlockhash(c, operation, build.chain);
  try {
    const assembled = build.chain === "er"
      ? assembleTransaction({ chain: "er", feePayer: build.feePayer, instructions: build.instructions, blockhash })
      : assembleTransaction({
        chain: "base",
        feePayer: build.feePayer,
        instructions: build.instructions,
        blockhash,
        lookupTables: lookupTablesAt(services, build.lookupTableAddresses ?? []),
        priorityFeeMicroLamports: services.config.PRIORITY_FEE_MICROLAMPORTS,
      });
    return assembled.transactionBase64;
  } catch (error) {
    if (error instanceof TransactionTooLargeError) {
      throw builderError(
        c,
        operation,
        new ApiError(500, "TRANSACTION_TOO_LARGE", error.message),
      );
    }
    throw error;
  }
}
