/**
 * Transaction assembly shared by every builder, as small pure steps (modelled on kit's transaction-message pipeline):
 *
 *   1. envelope: the chain's compute-budget instructions go in front (`envelope.ts`);
 *   2. compile a v0 message with the fee payer as account 0 and the given blockhash;
 *   3. on the base chain only, keep each lookup table that makes the message shorter (the ER cannot resolve lookup
 *      tables: PROTOCOL-v2 §2.2);
 *   4. check the serialized size against the 1232-byte packet limit (`TransactionTooLargeError`); on the ER this
 *      also guarantees the rollup's rule that every program is among the first 38 message keys (PROTOCOL-v2 §2.2):
 *      without lookup tables, 39 keys alone take 1248 bytes;
 *   5. serialize with every signature slot zeroed: the service never signs (DECISIONS 5.4).
 *
 * `message.ts` compiles and serializes (the same bytes as web3.js, faster). Nothing here does I/O or reads a clock.
 * The inverse, decoding with web3.js, is the tests' (`tests/helpers/read-transaction.ts`).
 */
import { pubkeyBytes } from "../../protocol/codec/mod.ts";
import { base64 as toBase64 } from "../../protocol/codec/bytes.ts";
import { MAX_TRANSACTION_SIZE } from "../../protocol/constants.ts";
import type { Instruction } from "../../protocol/instructions/instruction.ts";
import { type BaseEnvelopeOptions, withComputeBudget } from "./envelope.ts";
import {
  type CompiledMessage,
  compileV0Message,
  type LookupTable,
  serializeUnsignedTransaction,
  transactionSize,
} from "./message.ts";

export type { LookupTable };

interface CommonInput {
  /** Account 0 of the message: pays the fee and signs. */
  feePayer: string;
  /** The program instructions, without compute-budget instructions (the envelope adds them). */
  instructions: readonly Instruction[];
  /** The cached blockhash of the chain the transaction is for (never of the other chain). */
  blockhash: string;
}
/** ER transactions: `SetComputeUnitLimit(1_400_000)`, no lookup tables, no priority fee (DECISIONS 5.3). */
export interface ErTransactionInput extends CommonInput {
  chain: "er";
}
/** Base-chain transactions: compute budget sized to the instructions, optional priority fee, lookup tables. */
export interface BaseTransactionInput extends CommonInput, BaseEnvelopeOptions {
  chain: "base";
  /** The deployment's lookup tables (already decoded); each is used only when it makes the message shorter. */
  lookupTables?: readonly LookupTable[];
}
export type TransactionInput = ErTransactionInput | BaseTransactionInput;

export interface AssembledTransaction {
  /** The serialized unsigned v0 transaction, base64 (every signature slot is 64 zero bytes). */
  transactionBase64: string;
  sizeBytes: number;
  /** Keys of the lookup tables the message uses (empty on the ER and when none shortens the message). */
  lookupTablesUsed: string[];
}

/**
 * The built transaction would exceed the packet limit. `code` is the contract's `ErrorCode`; the handler layer maps
 * it to its HTTP answer.
 */
export class TransactionTooLargeError extends Error {
  readonly code = "TRANSACTION_TOO_LARGE" as const;
  constructor(readonly sizeBytes: number, readonly limitBytes: number = MAX_TRANSACTION_SIZE) {
    super(`the transaction would be ${sizeBytes} bytes, over the ${limitBytes}-byte limit`);
    this.name = "TransactionTooLargeError";
  }
}

export function assembleTransaction(input: TransactionInput): AssembledTransaction {
  checkKey(input.feePayer, "fee payer");
  checkKey(input.blockhash, "blockhash");
  const instructions = withComputeBudget(
    input.chain,
    input.instructions,
    input.chain === "base" ? { priorityFeeMicroLamports: input.priorityFeeMicroLamports } : {},
  );
  const tables = input.chain === "base" ? input.lookupTables ?? [] : [];
  const message = compileShortest(input.feePayer, instructions, input.blockhash, tables);
  const sizeBytes = transactionSize(message);
  if (sizeBytes > MAX_TRANSACTION_SIZE) throw new TransactionTooLargeError(sizeBytes);
  const bytes = serializeUnsignedTransaction(message, serialized);
  return { transactionBase64: toBase64(bytes), sizeBytes, lookupTablesUsed: message.lookups.map((l) => l.key) };
}

/** Where every transaction is serialized before its base64 is taken (the bytes themselves are never kept). */
const serialized = new Uint8Array(MAX_TRANSACTION_SIZE);

function checkKey(text: string, what: string): void {
  try {
    pubkeyBytes(text); // memoised: the fee payer and the cached blockhash repeat from request to request
  } catch {
    throw new TypeError(`${what} is not a base58 32-byte key: ${JSON.stringify(text)}`);
  }
}

/**
 * The message without lookup tables, then greedily each table that makes it shorter. A table costs 34+ bytes
 * (address and two index lists) and saves 31 bytes per account it resolves, so a table resolving one account
 * makes the message longer and is left out.
 */
function compileShortest(
  feePayer: string,
  instructions: readonly Instruction[],
  blockhash: string,
  tables: readonly LookupTable[],
): CompiledMessage {
  let message = compileV0Message(feePayer, instructions, blockhash);
  let size = transactionSize(message);
  const chosen: LookupTable[] = [];
  for (const table of tables) {
    const candidate = compileV0Message(feePayer, instructions, blockhash, [...chosen, table]);
    const candidateSize = transactionSize(candidate);
    if (candidateSize < size) {
      chosen.push(table);
      message = candidate;
      size = candidateSize;
    }
  }
  return message;
}
