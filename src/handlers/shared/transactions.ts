/**
 * The one way a handler turns a domain builder's plan (`src/domain/builders/plan.ts`) into the contract's
 * `transactionBase64`: the plan's chain's cached blockhash (DECISIONS 3.5, 5.5), on the base chain the deployment's
 * lookup tables as ingested and the configured priority fee, then `assembleTransaction` (compute budget, size check).
 * An assembly failure is answered from the error registry and counted in `builder_failures_total` (the counting rule:
 * `builder-answers.ts`). A handler hands over a plan; it never touches instructions or message bytes.
 */
import type { AppEnv, Services } from "../../services.ts";
import type { Context } from "hono";
import type { Chain, RawAccount } from "../../state/types.ts";
import { bytesIdentity } from "../../state/packed-bytes.ts";
import { ApiError, type ErrorCode } from "../../http/errors.ts";
import type { OperationId } from "../../http/metrics.ts";
import type { Instruction } from "../../protocol/instructions/instruction.ts";
import { addressLookupTableAccount } from "../../protocol/external/address-lookup-table.ts";
import {
  assembleTransaction,
  type LookupTable,
  type TransactionInput,
  TransactionTooLargeError,
} from "../../domain/builders/transaction.ts";
import {
  type BaseTransactionPlan,
  type BundlePlan,
  packSteps,
  type TransactionPlan,
} from "../../domain/builders/plan.ts";

/** Counts a builder's failure by code and returns the error to throw (`throw builderError(...)`). */
export function builderError(c: Context<AppEnv>, operation: OperationId, error: ApiError): ApiError {
  c.get("services").metrics.builderFailed(operation, error.code as ErrorCode);
  return error;
}

/** The fresh cached blockhash of `chain`, or 500 `BLOCKHASH_UNAVAILABLE` (never waits on the RPC). */
export function requireBlockhash(c: Context<AppEnv>, operation: OperationId, chain: Chain): string {
  const services = c.get("services");
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
    const table = lookupTableOf(key, raw);
    if (table) tables.push(table);
  }
  return tables;
}

/**
 * Decoded tables by the identity of the account bytes they come from (`bytesIdentity`: the packed form of a packed
 * account, whose expanded array is not kept for ever). Account bytes are replaced, never changed in place, on every
 * update, so the same bytes decode to the same table: a base-chain builder decodes each table once per change instead
 * of once per request, and keeps the same object, whose address index `message.ts` memoises. `null`: not a table.
 */
const decodedTables = new WeakMap<object, LookupTable | null>();

function lookupTableOf(key: string, raw: RawAccount): LookupTable | null {
  const bytes = bytesIdentity(raw);
  let table = decodedTables.get(bytes);
  if (table === undefined || (table !== null && table.key !== key)) {
    try {
      table = { key, addresses: addressLookupTableAccount.decode(raw.data).addresses };
    } catch {
      table = null; // Not a lookup table (or a corrupt one): compile without it.
    }
    decodedTables.set(bytes, table);
  }
  return table;
}

/** What `assembleTransaction` needs of a plan in this request: the chain's blockhash and, on base, tables and fee. */
function assemblyInput(services: Services, plan: TransactionPlan, blockhash: string): TransactionInput {
  const { feePayer, instructions } = plan;
  if (plan.chain === "er") return { chain: "er", feePayer, instructions, blockhash };
  return {
    chain: "base",
    feePayer,
    instructions,
    blockhash,
    lookupTables: lookupTablesAt(services, plan.lookupTableAddresses ?? []),
    priorityFeeMicroLamports: services.config.PRIORITY_FEE_MICROLAMPORTS,
  };
}

/**
 * The plan's unsigned transaction, base64, with the chain's cached blockhash. A message over the 1232-byte packet
 * limit is 500 `TRANSACTION_TOO_LARGE` (the registry's status for it), never a truncated transaction.
 */
export function buildTransaction(c: Context<AppEnv>, operation: OperationId, plan: TransactionPlan): string {
  const blockhash = requireBlockhash(c, operation, plan.chain);
  try {
    return assembleTransaction(assemblyInput(c.get("services"), plan, blockhash)).transactionBase64;
  } catch (error) {
    if (error instanceof TransactionTooLargeError) {
      throw builderError(c, operation, new ApiError(500, "TRANSACTION_TOO_LARGE", error.message));
    }
    throw error;
  }
}

/**
 * A bundle (`BundlePlan`: the deposit with its setup) as the fewest transactions that each fit the packet limit
 * (`packSteps`), measured exactly as they will be assembled (same lookup tables and priority fee; the blockhash does
 * not change the size). Each transaction comes with the steps it holds.
 */
export function bundleTransactions<S extends { instructions: readonly Instruction[] }>(
  c: Context<AppEnv>,
  operation: OperationId,
  bundle: BundlePlan<S>,
): { transactionBase64: string; steps: S[] }[] {
  const blockhash = requireBlockhash(c, operation, bundle.chain);
  const planOf = (instructions: readonly Instruction[]): BaseTransactionPlan => ({
    chain: "base",
    feePayer: bundle.feePayer,
    instructions: [...instructions],
    lookupTableAddresses: bundle.lookupTableAddresses,
  });
  // What `fits` assembled, by instruction list: the usual bundle fits one transaction, measured once and then
  // answered with the same bytes instead of being assembled a second time.
  const assembled: { instructions: readonly Instruction[]; transactionBase64: string }[] = [];
  const fits = (instructions: readonly Instruction[]) => {
    try {
      const { transactionBase64 } = assembleTransaction(
        assemblyInput(c.get("services"), planOf(instructions), blockhash),
      );
      assembled.push({ instructions, transactionBase64 });
      return true;
    } catch (error) {
      if (error instanceof TransactionTooLargeError) return false;
      throw error;
    }
  };
  return packSteps(bundle.steps, fits).map((steps) => {
    const instructions = steps.flatMap((s) => s.instructions);
    const known = assembled.find((a) => sameInstructions(a.instructions, instructions));
    return {
      transactionBase64: known?.transactionBase64 ?? buildTransaction(c, operation, planOf(instructions)),
      steps,
    };
  });
}

function sameInstructions(a: readonly Instruction[], b: readonly Instruction[]): boolean {
  return a.length === b.length && a.every((ix, i) => ix === b[i]);
}
