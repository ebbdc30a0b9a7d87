/**
 * Versioned (v0) transaction messages: compile instructions into a message and serialize it with zeroed signature
 * slots. Written here rather than taken from web3.js because web3.js v1 spends about half a millisecond per
 * transaction on base58 round trips and buffer layouts, a budget the builders' request rate cannot afford. The
 * account order and lookup-table extraction follow web3.js `MessageV0.compile` exactly, so both produce the same
 * bytes (checked by the tests against web3.js).
 *
 * Wire format (Solana v0): signatures (compact-u16 count, 64 bytes each) ‖ 0x80 ‖ header (3 bytes) ‖ static keys
 * (compact-u16 count, 32 bytes each) ‖ blockhash (32) ‖ instructions (compact-u16 count; each program index,
 * compact-u16 account count, indexes, compact-u16 data length, data) ‖ lookups (compact-u16 count; each table key,
 * compact-u16 + writable indexes, compact-u16 + read-only indexes).
 */
import { pubkeyBytes } from "../../protocol/codec/mod.ts";
import type { Instruction } from "../../protocol/instructions/instruction.ts";

/** An address lookup table as decoded from its account: its address and the addresses it holds, in order. */
export interface LookupTable {
  readonly key: string;
  readonly addresses: readonly string[];
}

export interface MessageHeader {
  numRequiredSignatures: number;
  numReadonlySignedAccounts: number;
  numReadonlyUnsignedAccounts: number;
}

export interface CompiledInstruction {
  programIndex: number;
  accountIndexes: number[];
  data: Uint8Array;
}

export interface MessageLookup {
  key: string;
  writableIndexes: number[];
  readonlyIndexes: number[];
}

/** A compiled v0 message: account indexes count the static keys, then every lookup's writable, then read-only keys. */
export interface CompiledMessage {
  header: MessageHeader;
  staticAccounts: string[];
  blockhash: string;
  instructions: CompiledInstruction[];
  lookups: MessageLookup[];
}

/** A key's privileges in the message, as bits: the role bits of `instruction.ts` (signer 0b10, writable 0b01), and: */
const INVOKED = 0b100;
const SIGNER = 0b10;
const WRITABLE = 0b01;

const tableIndexes = new WeakMap<LookupTable, Map<string, number>>();

/** First index of each address in the table (memoised per table object: a deployment's tables are long-lived). */
function indexOfTable(table: LookupTable): Map<string, number> {
  const known = tableIndexes.get(table);
  if (known !== undefined) return known;
  const index = new Map<string, number>();
  table.addresses.forEach((a, i) => {
    if (!index.has(a)) index.set(a, i);
  });
  tableIndexes.set(table, index);
  return index;
}

/**
 * Compiles a v0 message. Keys are ordered as web3.js orders them: writable signers (the fee payer first), read-only
 * signers, writable non-signers, read-only non-signers, each group in order of first appearance. A table takes the
 * non-signer keys it holds that no instruction invokes; a table holding none is left out.
 */
export function compileV0Message(
  feePayer: string,
  instructions: readonly Instruction[],
  blockhash: string,
  lookupTables: readonly LookupTable[] = [],
): CompiledMessage {
  // One map from key to its privilege bits, in order of first appearance (a Map keeps insertion order; updating a
  // value keeps the key's place). After grouping, the same map holds each key's index in the message.
  // Indexed loops, and no iterable given to the Map: this runs per request and iterators allocate.
  const keys = new Map<string, number>();
  keys.set(feePayer, SIGNER | WRITABLE);
  for (let i = 0; i < instructions.length; i++) {
    const ix = instructions[i];
    keys.set(ix.programAddress, (keys.get(ix.programAddress) ?? 0) | INVOKED);
    const accounts = ix.accounts;
    for (let j = 0; j < accounts.length; j++) {
      const a = accounts[j];
      keys.set(a.address, (keys.get(a.address) ?? 0) | a.role);
    }
  }

  const lookups: MessageLookup[] = [];
  const loadedWritable: string[] = [];
  const loadedReadonly: string[] = [];
  for (const table of lookupTables) {
    const index = indexOfTable(table);
    // One pass split by privilege: the writable keys in order, then the read-only ones (web3.js's order).
    const writableKeys: string[] = [];
    const readonlyKeys: string[] = [];
    const lookup: MessageLookup = { key: table.key, writableIndexes: [], readonlyIndexes: [] };
    keys.forEach((bits, address) => {
      if ((bits & (SIGNER | INVOKED)) !== 0) return;
      const i = index.get(address);
      if (i === undefined) return;
      if (i > 255) throw new RangeError(`lookup table ${table.key}: index ${i} does not fit a u8`);
      const writable = (bits & WRITABLE) !== 0;
      (writable ? lookup.writableIndexes : lookup.readonlyIndexes).push(i);
      (writable ? writableKeys : readonlyKeys).push(address);
    });
    for (const address of writableKeys) keys.delete(address);
    for (const address of readonlyKeys) keys.delete(address);
    loadedWritable.push(...writableKeys);
    loadedReadonly.push(...readonlyKeys);
    if (lookup.writableIndexes.length + lookup.readonlyIndexes.length > 0) lookups.push(lookup);
  }

  const groups: string[][] = [[], [], [], []];
  // forEach rather than for-of: no [key, value] array per entry.
  keys.forEach((bits, address) => {
    groups[((bits & SIGNER) !== 0 ? 0 : 2) + ((bits & WRITABLE) !== 0 ? 0 : 1)].push(address);
  });
  const staticAccounts = groups[0].concat(groups[1], groups[2], groups[3]);
  if (staticAccounts.length + loadedWritable.length + loadedReadonly.length > 256) {
    throw new RangeError("a message addresses at most 256 accounts");
  }
  let next = 0;
  for (let i = 0; i < staticAccounts.length; i++) keys.set(staticAccounts[i], next++);
  for (let i = 0; i < loadedWritable.length; i++) keys.set(loadedWritable[i], next++);
  for (let i = 0; i < loadedReadonly.length; i++) keys.set(loadedReadonly[i], next++);
  const at = (a: string): number => {
    const i = keys.get(a);
    // Unreachable: every address of an instruction was registered above, as a static key or a loaded one.
    if (i === undefined) throw new Error(`account ${a} is not in the message`);
    return i;
  };

  return {
    header: {
      numRequiredSignatures: groups[0].length + groups[1].length,
      numReadonlySignedAccounts: groups[1].length,
      numReadonlyUnsignedAccounts: groups[3].length,
    },
    staticAccounts,
    blockhash,
    instructions: instructions.map((ix) => ({
      programIndex: at(ix.programAddress),
      accountIndexes: ix.accounts.map((a) => at(a.address)),
      data: ix.data,
    })),
    lookups,
  };
}

/** Bytes of Solana's compact-u16 length prefix. */
function compactLength(n: number): number {
  return n < 0x80 ? 1 : n < 0x4000 ? 2 : 3;
}

/** Size of the serialized transaction of `message`, signature slots included. */
export function transactionSize(message: CompiledMessage): number {
  const signatures = message.header.numRequiredSignatures;
  let size = compactLength(signatures) + 64 * signatures + 1 + 3;
  size += compactLength(message.staticAccounts.length) + 32 * message.staticAccounts.length + 32;
  size += compactLength(message.instructions.length);
  for (const ix of message.instructions) {
    size += 1 + compactLength(ix.accountIndexes.length) + ix.accountIndexes.length;
    size += compactLength(ix.data.length) + ix.data.length;
  }
  size += compactLength(message.lookups.length);
  for (const l of message.lookups) {
    size += 32 + compactLength(l.writableIndexes.length) + l.writableIndexes.length;
    size += compactLength(l.readonlyIndexes.length) + l.readonlyIndexes.length;
  }
  return size;
}

/**
 * The serialized transaction: every signature slot 64 zero bytes, then the message. With `into` (at least
 * `transactionSize(message)` bytes, any content), written there and returned as a view of it: for a caller that only
 * encodes the bytes further (base64) and can reuse one buffer.
 */
export function serializeUnsignedTransaction(message: CompiledMessage, into?: Uint8Array): Uint8Array {
  const size = transactionSize(message);
  if (into !== undefined && into.length < size) throw new RangeError(`${size} bytes do not fit ${into.length}`);
  const out = into === undefined ? new Uint8Array(size) : into.subarray(0, size);
  let o = 0;
  const length = (n: number) => {
    while (n >= 0x80) {
      out[o++] = (n & 0x7f) | 0x80;
      n >>= 7;
    }
    out[o++] = n;
  };
  const key = (address: string) => {
    out.set(pubkeyBytes(address), o);
    o += 32;
  };
  const bytes = (b: ArrayLike<number>) => {
    out.set(b, o);
    o += b.length;
  };
  length(message.header.numRequiredSignatures);
  out.fill(0, o, o + 64 * message.header.numRequiredSignatures); // zeroed signature slots
  o += 64 * message.header.numRequiredSignatures;
  out[o++] = 0x80; // version 0
  out[o++] = message.header.numRequiredSignatures;
  out[o++] = message.header.numReadonlySignedAccounts;
  out[o++] = message.header.numReadonlyUnsignedAccounts;
  length(message.staticAccounts.length);
  for (const a of message.staticAccounts) key(a);
  key(message.blockhash);
  length(message.instructions.length);
  for (const ix of message.instructions) {
    out[o++] = ix.programIndex;
    length(ix.accountIndexes.length);
    bytes(ix.accountIndexes);
    length(ix.data.length);
    bytes(ix.data);
  }
  length(message.lookups.length);
  for (const l of message.lookups) {
    key(l.key);
    length(l.writableIndexes.length);
    bytes(l.writableIndexes);
    length(l.readonlyIndexes.length);
    bytes(l.readonlyIndexes);
  }
  if (o !== out.length) throw new Error(`serialized ${o} bytes, expected ${out.length}`);
  return out;
}
