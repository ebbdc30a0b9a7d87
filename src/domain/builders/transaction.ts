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
 * `message.ts` compiles and serializes (the same bytes as web3.js, faster). `readTransaction` is the inverse, for
 * tests and for any code that must look inside a built transaction: it decodes with web3.js, an implementation
 * independent of the one that encoded. Nothing here does I/O or reads a clock.
 */
import { AddressLookupTableAccount, PublicKey, VersionedTransaction } from "@solana/web3.js";
import { pubkeyBytes } from "../../protocol/codec/mod.ts";
import { base64 as toBase64, fromBase64 } from "../../protocol/codec/bytes.ts";
import { MAX_TRANSACTION_SIZE } from "../../protocol/constants.ts";
import { createInstruction, type Instruction, roleOf } from "../../protocol/instructions/instruction.ts";
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

function tableAccount(t: LookupTable): AddressLookupTableAccount {
  return new AddressLookupTableAccount({
    key: new PublicKey(t.key),
    state: {
      deactivationSlot: 0xffff_ffff_ffff_ffffn,
      lastExtendedSlot: 0,
      lastExtendedSlotStartIndex: 0,
      authority: undefined,
      addresses: t.addresses.map((a) => new PublicKey(a)),
    },
  });
}

// ---- reading a built transaction back ------------------------------------------------------------------------------

/** A deserialized transaction, in this project's terms. */
export interface ReadTransaction {
  version: "legacy" | 0;
  feePayer: string;
  blockhash: string;
  /** The signature slots, in signer order (all zero in an unsigned transaction). */
  signatures: Uint8Array[];
  /** The keys that must sign, in slot order (the fee payer first). */
  signers: string[];
  /** The lookup tables the message references, with the indexes it loads. */
  lookups: { key: string; writableIndexes: number[]; readonlyIndexes: number[] }[];
  /**
   * The instructions, with every account resolved. Roles are **message-level**: a key's role is the union of its
   * roles in all instructions, and the fee payer is a writable signer (compare with `roleIncludes`, or merge the
   * expected roles of all instructions first).
   */
  instructions: Instruction[];
  sizeBytes: number;
}

/**
 * Deserializes a base64 transaction. `lookupTables` must hold every table the message references (their content at
 * build time); a missing one is an error.
 */
export function readTransaction(base64: string, lookupTables: readonly LookupTable[] = []): ReadTransaction {
  const bytes = fromBase64(base64);
  const tx = VersionedTransaction.deserialize(bytes);
  const message = tx.message;
  const lookups = message.addressTableLookups.map((l) => ({
    key: l.accountKey.toBase58(),
    writableIndexes: [...l.writableIndexes],
    readonlyIndexes: [...l.readonlyIndexes],
  }));
  const tables = lookups.map((l) => {
    const table = lookupTables.find((t) => t.key === l.key);
    if (table === undefined) throw new Error(`the transaction uses lookup table ${l.key}, which was not given`);
    return tableAccount(table);
  });
  const keys = message.getAccountKeys({ addressLookupTableAccounts: tables });
  const address = (i: number): string => {
    const key = keys.get(i);
    if (key === undefined) throw new Error(`account index ${i} out of range`);
    return key.toBase58();
  };
  const role = (i: number) =>
    roleOf({ isSigner: message.isAccountSigner(i), isWritable: message.isAccountWritable(i) });
  const instructions = message.compiledInstructions.map((ix) =>
    createInstruction(
      address(ix.programIdIndex),
      ix.accountKeyIndexes.map((i) => ({ address: address(i), role: role(i) })),
      Uint8Array.from(ix.data),
    )
  );
  const signerCount = message.header.numRequiredSignatures;
  return {
    version: message.version,
    feePayer: address(0),
    blockhash: message.recentBlockhash,
    signatures: tx.signatures.map((s) => Uint8Array.from(s)),
    signers: message.staticAccountKeys.slice(0, signerCount).map((k) => k.toBase58()),
    lookups,
    instructions,
    sizeBytes: bytes.length,
  };
}
