/**
 * Transaction assembly shared by every builder, as small pure steps (modelled on kit's transaction-message pipeline):
 *
 *   1. envelope: the chain's compute-budget instructions go in front (`envelope.ts`);
 *   2. compile a v0 message with the fee payer as account 0 and the given blockhash;
 *   3. on the base chain only, keep each lookup table that makes the message shorter (the ER cannot resolve lookup
 *      tables: PROTOCOL-v2 §2.2);
 *   4. check the serialized size against the 1232-byte packet limit (`TransactionTooLargeError`);
 *   5. serialize with every signature slot zeroed: the service never signs (DECISIONS 5.4).
 *
 * `readTransaction` is the inverse, for tests and for any code that must look inside a built transaction.
 * web3.js v1 compiles and serializes; nothing here does I/O or reads a clock.
 */
import { Buffer } from "node:buffer";
import {
  AddressLookupTableAccount,
  type MessageV0,
  PublicKey,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from "@solana/web3.js";
import { decodePubkey } from "../../protocol/codec/mod.ts";
import { MAX_TRANSACTION_SIZE } from "../../protocol/constants.ts";
import {
  type AccountMeta,
  createInstruction,
  type Instruction,
  isSignerRole,
  isWritableRole,
  roleOf,
} from "../../protocol/instructions/instruction.ts";
import { type BaseEnvelopeOptions, withComputeBudget } from "./envelope.ts";

/** An address lookup table as decoded from its account: its address and the addresses it holds, in order. */
export interface LookupTable {
  readonly key: string;
  readonly addresses: readonly string[];
}

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
  const { message, used } = compileShortest(input.feePayer, instructions, input.blockhash, tables);
  const sizeBytes = serializedSize(message);
  if (sizeBytes > MAX_TRANSACTION_SIZE) throw new TransactionTooLargeError(sizeBytes);
  const bytes = new VersionedTransaction(message).serialize();
  return { transactionBase64: toBase64(bytes), sizeBytes: bytes.length, lookupTablesUsed: used };
}

function checkKey(text: string, what: string): void {
  try {
    decodePubkey(text);
  } catch {
    throw new TypeError(`${what} is not a base58 32-byte key: ${JSON.stringify(text)}`);
  }
}

function toWeb3(ix: Instruction): TransactionInstruction {
  return new TransactionInstruction({
    programId: new PublicKey(ix.programAddress),
    keys: ix.accounts.map((a: AccountMeta) => ({
      pubkey: new PublicKey(a.address),
      isSigner: isSignerRole(a.role),
      isWritable: isWritableRole(a.role),
    })),
    data: Buffer.from(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength),
  });
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

/** Compiles a v0 message with the given lookup tables (web3.js leaves out a table that resolves no account). */
export function compileMessage(
  feePayer: string,
  instructions: readonly Instruction[],
  blockhash: string,
  lookupTables: readonly LookupTable[] = [],
): MessageV0 {
  return new TransactionMessage({
    payerKey: new PublicKey(feePayer),
    recentBlockhash: blockhash,
    instructions: instructions.map(toWeb3),
  }).compileToV0Message(lookupTables.map(tableAccount));
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
): { message: MessageV0; used: string[] } {
  let message = compileMessage(feePayer, instructions, blockhash);
  let size = serializedSize(message);
  const chosen: LookupTable[] = [];
  for (const table of tables) {
    const candidate = compileMessage(feePayer, instructions, blockhash, [...chosen, table]);
    const candidateSize = serializedSize(candidate);
    if (candidateSize < size) {
      chosen.push(table);
      message = candidate;
      size = candidateSize;
    }
  }
  return { message, used: message.addressTableLookups.map((l) => l.accountKey.toBase58()) };
}

/** Bytes of Solana's compact-u16 length prefix. */
function shortVecLength(n: number): number {
  return n < 0x80 ? 1 : n < 0x4000 ? 2 : 3;
}

/**
 * Serialized size of the transaction of `message` with its signature slots, computed from the compiled parts
 * (web3.js cannot serialize a message over the limit, so the size of an oversized one is counted, not measured).
 */
export function serializedSize(message: MessageV0): number {
  const signatures = message.header.numRequiredSignatures;
  let size = shortVecLength(signatures) + 64 * signatures;
  size += 1 + 3; // version prefix, header
  size += shortVecLength(message.staticAccountKeys.length) + 32 * message.staticAccountKeys.length;
  size += 32; // blockhash
  size += shortVecLength(message.compiledInstructions.length);
  for (const ix of message.compiledInstructions) {
    size += 1 + shortVecLength(ix.accountKeyIndexes.length) + ix.accountKeyIndexes.length;
    size += shortVecLength(ix.data.length) + ix.data.length;
  }
  size += shortVecLength(message.addressTableLookups.length);
  for (const l of message.addressTableLookups) {
    size += 32 + shortVecLength(l.writableIndexes.length) + l.writableIndexes.length;
    size += shortVecLength(l.readonlyIndexes.length) + l.readonlyIndexes.length;
  }
  return size;
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

// Node's base64 codec (native); kept private until the shared byte helpers (`protocol/codec/bytes.ts`) land.
function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}
function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(Buffer.from(text, "base64"));
}
