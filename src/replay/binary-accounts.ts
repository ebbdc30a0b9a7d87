/**
 * The binary form of a recording's initial accounts (`*.accounts.bin[.gz]`, documented in fixtures/README.md): what a
 * large world's replay reads at boot. The JSONL form costs a base64 and a JSON parse per account (a 100,000-owner world
 * is 1.3 GB of JSON, half of its cold start); this one is length-prefixed records with the account bytes as they are,
 * their trailing zeros left out (baskets are allocated with spare capacity: half of a world's bytes are those zeros)
 * and restored on read, so what is read is byte for byte what was written.
 *
 * Layout: the 8-byte magic, then records, each `u32 length` + body (little-endian):
 * - owner definition: `u8 0`, `u8 n`, n ASCII bytes. Owners are numbered in the order they are defined (from 0).
 * - account: `u8 1`, `u8 n`, n ASCII bytes (the base58 pubkey), `u16 owner number`, `u8 flags` (1: executable,
 *   2: a rentEpoch follows), `u64 lamports`, [`f64 rentEpoch`], `u32 data length`, `u32 stored length`, the first
 *   `stored length` data bytes (the rest are zeros).
 */
import { PackedRecordedAccount, type RecordedAccount } from "./recorded-account.ts";
import { type PackedBytes, withoutTrailingZeros } from "../state/packed-bytes.ts";

export const BINARY_ACCOUNTS_MAGIC = new TextEncoder().encode("FLRACC1\n");

const OWNER_RECORD = 0;
const ACCOUNT_RECORD = 1;
const EXECUTABLE = 1;
const HAS_RENT_EPOCH = 2;
const MAX_OWNERS = 0xffff;
const U64_MAX = (1n << 64n) - 1n;

const ascii = new TextEncoder();
const asciiText = new TextDecoder();

/** The length of `data` without its trailing zeros (what a record stores). */
export const storedLength: (data: Uint8Array) => number = withoutTrailingZeros;

function asciiBytes(text: string, what: string): Uint8Array {
  const bytes = ascii.encode(text);
  if (bytes.length > 255 || bytes.length !== text.length) throw new RangeError(`${what} ${JSON.stringify(text)}`);
  return bytes;
}

/** Encodes accounts one at a time into records; the owners it has defined so far are its state. */
export class BinaryAccountEncoder {
  readonly #owners = new Map<string, number>();

  /** The file's first bytes. */
  header(): Uint8Array {
    return BINARY_ACCOUNTS_MAGIC.slice();
  }

  /** The record(s) of one account: an owner definition first when its owner is new. */
  encode(account: RecordedAccount): Uint8Array[] {
    const out: Uint8Array[] = [];
    let owner = this.#owners.get(account.owner);
    if (owner === undefined) {
      if (this.#owners.size >= MAX_OWNERS) throw new RangeError("more than 65,535 owners");
      owner = this.#owners.size;
      this.#owners.set(account.owner, owner);
      const name = asciiBytes(account.owner, "owner");
      const record = new Uint8Array(4 + 2 + name.length);
      const view = new DataView(record.buffer);
      view.setUint32(0, record.length - 4, true);
      record[4] = OWNER_RECORD;
      record[5] = name.length;
      record.set(name, 6);
      out.push(record);
    }
    if (account.lamports < 0n || account.lamports > U64_MAX) throw new RangeError(`lamports ${account.lamports}`);
    const pubkey = asciiBytes(account.pubkey, "pubkey");
    const stored = storedLength(account.data);
    const rentEpoch = account.rentEpoch;
    const hasRentEpoch = rentEpoch !== undefined;
    const length = 4 + 2 + pubkey.length + 2 + 1 + 8 + (hasRentEpoch ? 8 : 0) + 8 + stored;
    const record = new Uint8Array(length);
    const view = new DataView(record.buffer);
    let at = 0;
    view.setUint32(at, length - 4, true);
    record[at + 4] = ACCOUNT_RECORD;
    record[at + 5] = pubkey.length;
    record.set(pubkey, at + 6);
    at += 6 + pubkey.length;
    view.setUint16(at, owner, true);
    record[at + 2] = (account.executable ? EXECUTABLE : 0) | (hasRentEpoch ? HAS_RENT_EPOCH : 0);
    view.setBigUint64(at + 3, account.lamports, true);
    at += 11;
    if (hasRentEpoch) {
      view.setFloat64(at, rentEpoch, true);
      at += 8;
    }
    view.setUint32(at, account.data.length, true);
    view.setUint32(at + 4, stored, true);
    record.set(account.data.subarray(0, stored), at + 8);
    out.push(record);
    return out;
  }
}

/** The parts one after the other in one array. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * How a decoder holds an account's bytes instead of as a full-length array: given its key, the stored bytes (a view
 * of the decoder's buffer, valid only during the call) and the full length, the packed form to keep.
 */
export type HoldBytes = (pubkey: string, stored: Uint8Array, length: number) => PackedBytes;

/**
 * Decodes records fed in chunks of any size (a record may span chunks). Owner strings are shared: one per owner.
 */
export class BinaryAccountDecoder {
  readonly #owners: string[] = [];
  #buffer = new Uint8Array(1 << 20);
  #start = 0;
  #end = 0;
  #headerSeen = false;
  #records = 0;

  /** Without `hold`, each account gets its full bytes in an array of its own. */
  constructor(readonly where = "accounts", readonly hold?: HoldBytes) {}

  /** Feeds a chunk; `each` gets every account whose record it completes, in order. */
  push(chunk: Uint8Array, each: (account: RecordedAccount) => void): void {
    this.#append(chunk);
    if (!this.#headerSeen) {
      if (this.#end - this.#start < BINARY_ACCOUNTS_MAGIC.length) return;
      const magic = this.#buffer.subarray(this.#start, this.#start + BINARY_ACCOUNTS_MAGIC.length);
      if (!magic.every((b, i) => b === BINARY_ACCOUNTS_MAGIC[i])) throw new TypeError(`${this.where}: not FLRACC1`);
      this.#start += BINARY_ACCOUNTS_MAGIC.length;
      this.#headerSeen = true;
    }
    const buffer = this.#buffer;
    const view = new DataView(buffer.buffer);
    while (this.#end - this.#start >= 4) {
      const length = view.getUint32(this.#start, true);
      const body = this.#start + 4;
      if (this.#end - body < length) break;
      this.#records++;
      const account = this.#record(buffer, view, body, body + length);
      this.#start = body + length;
      if (account) each(account);
    }
  }

  /** Throws when the input stopped inside a record (or before the header). */
  finish(): void {
    if (!this.#headerSeen || this.#end !== this.#start) {
      throw new TypeError(`${this.where}: truncated after record ${this.#records}`);
    }
  }

  #append(chunk: Uint8Array): void {
    if (this.#start === this.#end) this.#start = this.#end = 0;
    const kept = this.#end - this.#start;
    if (kept + chunk.length > this.#buffer.length) {
      const grown = new Uint8Array(Math.max(this.#buffer.length * 2, kept + chunk.length));
      grown.set(this.#buffer.subarray(this.#start, this.#end));
      this.#buffer = grown;
    } else if (this.#start > 0 && this.#end + chunk.length > this.#buffer.length) {
      this.#buffer.copyWithin(0, this.#start, this.#end);
    } else {
      this.#buffer.set(chunk, this.#end);
      this.#end += chunk.length;
      return;
    }
    this.#start = 0;
    this.#end = kept;
    this.#buffer.set(chunk, this.#end);
    this.#end += chunk.length;
  }

  #bad(what: string): TypeError {
    return new TypeError(`${this.where}: record ${this.#records}: ${what}`);
  }

  #record(buffer: Uint8Array, view: DataView, at: number, end: number): RecordedAccount | undefined {
    const kind = buffer[at];
    const nameEnd = at + 2 + buffer[at + 1];
    if (nameEnd > end) throw this.#bad("name past the record's end");
    const name = asciiText.decode(buffer.subarray(at + 2, nameEnd));
    if (kind === OWNER_RECORD) {
      if (nameEnd !== end) throw this.#bad("owner record length");
      this.#owners.push(name);
      return undefined;
    }
    if (kind !== ACCOUNT_RECORD) throw this.#bad(`unknown record kind ${kind}`);
    let p = nameEnd;
    const fixed = p + 2 + 1 + 8 + 8;
    if (fixed > end) throw this.#bad("account record too short");
    const owner = this.#owners[view.getUint16(p, true)];
    if (owner === undefined) throw this.#bad("owner not defined");
    const flags = buffer[p + 2];
    const lamports = view.getBigUint64(p + 3, true);
    p += 11;
    let rentEpoch: number | undefined;
    if (flags & HAS_RENT_EPOCH) {
      rentEpoch = view.getFloat64(p, true);
      p += 8;
    }
    if (p + 8 > end) throw this.#bad("account record too short");
    const length = view.getUint32(p, true);
    const stored = view.getUint32(p + 4, true);
    p += 8;
    if (stored > length || p + stored !== end) throw this.#bad("data length");
    const executable = (flags & EXECUTABLE) !== 0;
    const storedBytes = buffer.subarray(p, end);
    let account: RecordedAccount;
    if (this.hold) {
      account = new PackedRecordedAccount(name, owner, lamports, executable, this.hold(name, storedBytes, length));
    } else {
      const data = new Uint8Array(length);
      data.set(storedBytes);
      account = { pubkey: name, owner, lamports, executable, data };
    }
    if (rentEpoch !== undefined) account.rentEpoch = rentEpoch;
    return account;
  }
}

/** The chunks of a (possibly gzipped) file. */
async function* fileChunks(path: string): AsyncGenerator<Uint8Array> {
  const file = await Deno.open(path, { read: true });
  if (path.endsWith(".gz")) {
    const stream = file.readable.pipeThrough(
      new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>,
    );
    for await (const chunk of stream) yield chunk;
    return;
  }
  // Read in large pieces: the stream's 64 KiB chunks cost an await each, and this file is hundreds of MB.
  const piece = new Uint8Array(4 << 20);
  try {
    for (let n = await file.read(piece); n !== null; n = await file.read(piece)) yield piece.subarray(0, n);
  } finally {
    file.close();
  }
}

/** Reads a binary accounts file: `each` gets every account in order, as `BinaryAccountDecoder.push` gives them. */
export async function readBinaryAccounts(
  path: string,
  each: (account: RecordedAccount) => void,
  hold?: HoldBytes,
): Promise<void> {
  const decoder = new BinaryAccountDecoder(path, hold);
  for await (const chunk of fileChunks(path)) decoder.push(chunk, each);
  decoder.finish();
}

/** Reads a binary accounts file, a chunk's worth of accounts at a time. */
export async function* readBinaryAccountBatches(path: string): AsyncGenerator<RecordedAccount[]> {
  const decoder = new BinaryAccountDecoder(path);
  for await (const chunk of fileChunks(path)) {
    const accounts: RecordedAccount[] = [];
    decoder.push(chunk, (account) => accounts.push(account));
    if (accounts.length > 0) yield accounts;
  }
  decoder.finish();
}

/** Writes accounts as a binary accounts file (gzipped when the path ends in `.gz`); returns how many. */
export async function writeBinaryAccounts(
  path: string,
  accounts: AsyncIterable<RecordedAccount> | Iterable<RecordedAccount>,
): Promise<number> {
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  let sink: WritableStream<Uint8Array> = file.writable;
  let done = Promise.resolve();
  if (path.endsWith(".gz")) {
    const gzip = new CompressionStream("gzip");
    done = gzip.readable.pipeTo(file.writable);
    sink = gzip.writable as unknown as WritableStream<Uint8Array>;
  }
  const writer = sink.getWriter();
  const encoder = new BinaryAccountEncoder();
  const pending: Uint8Array[] = [encoder.header()];
  let pendingBytes = 0;
  const flush = async () => {
    const chunk = concatBytes(pending);
    pending.length = 0;
    pendingBytes = 0;
    await writer.write(chunk);
  };
  let count = 0;
  try {
    for await (const account of accounts) {
      for (const record of encoder.encode(account)) {
        pending.push(record);
        pendingBytes += record.length;
      }
      count++;
      if (pendingBytes >= 1 << 20) await flush();
    }
    await flush();
    await writer.close();
    await done;
  } catch (error) {
    await writer.abort(error).catch(() => {});
    throw error;
  }
  return count;
}
