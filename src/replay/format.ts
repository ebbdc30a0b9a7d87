/**
 * Recording format `flash-replay/1` (documented in fixtures/README.md).
 *
 * A recording is a directory:
 *   meta.json                       RecordingMeta
 *   base.accounts.jsonl[.gz]        initial accounts of the base chain, one RecordedAccount a line
 *   er.accounts.jsonl[.gz]          initial accounts of the ER
 *   base.updates.jsonl[.gz]         timed account updates, ordered by atMs
 *   er.updates.jsonl[.gz]
 *   base.blockhashes.jsonl[.gz]     blockhashes over time
 *   er.blockhashes.jsonl[.gz]
 *   oracle.jsonl[.gz]               timed oracle frames
 * Every file except meta.json is optional (missing = empty). Files are read line by line, so a 100,000-account world
 * never needs one giant string in memory. The initial accounts may instead be in the binary form
 * (`base.accounts.bin[.gz]`, `binary-accounts.ts`), which large worlds use: read first when present.
 */
import type { Chain } from "../state/types.ts";
import { bigintFromJson, bigintToJson } from "./codec.ts";
import { base64, fromBase64 } from "../protocol/codec/bytes.ts";
import {
  BinaryAccountEncoder,
  concatBytes,
  type HoldBytes,
  readBinaryAccountBatches,
  readBinaryAccounts,
} from "./binary-accounts.ts";
import { PackedRecordedAccount, type RecordedAccount, type RecordedAccountData } from "./recorded-account.ts";
import { RecordedAccounts } from "./recorded-accounts.ts";
import { PackSlab } from "../state/packed-bytes.ts";

export const RECORDING_FORMAT = "flash-replay/1";
const CHAIN_LIST: readonly Chain[] = ["base", "er"];

export interface ChainMeta {
  /** Slot of the initial accounts. */
  startSlot: number;
  /** Block height at the start (getBlockHeight); defaults to startSlot. */
  startBlockHeight?: number;
  /** Where it was recorded from (informational). */
  rpcUrl?: string;
}

export interface RecordingMeta {
  format: typeof RECORDING_FORMAT;
  name: string;
  seed?: number | string | null;
  /** ISO-8601 creation time. */
  createdAt: string;
  /** Length of the timed part in ms (atMs runs from 0 to durationMs). */
  durationMs: number;
  /** Epoch ms that atMs = 0 corresponds to (a virtual replay clock starts here). */
  startedAtMs: number;
  chains: Record<Chain, ChainMeta>;
  oracle?: { feedIds: number[] };
  description?: string;
}

export type { RecordedAccount, RecordedAccountData } from "./recorded-account.ts";

export interface AccountUpdate {
  atMs: number;
  slot: number;
  pubkey: string;
  /** null: the account was closed. */
  account: RecordedAccountData | null;
}

export interface BlockhashRecord {
  atMs: number;
  slot: number;
  blockhash: string;
  lastValidBlockHeight: number;
  blockHeight?: number;
}

export interface OracleFeedRecord {
  feedId: number;
  /** null for a feed that has never had a price. */
  price: bigint | null;
  exponent: number;
  confidence: bigint;
  marketSession: string;
  feedUpdateTimestampUs: bigint;
}

export interface OracleFrame {
  atMs: number;
  /** The frame's own timestamp (parsed.timestampUs); defaults to startedAtMs + atMs on replay. */
  timestampUs?: bigint;
  feeds: OracleFeedRecord[];
}

export interface ChainRecording {
  /** Held as table rows, not objects (`recorded-accounts.ts`): a large world has 600,000. */
  initialAccounts: RecordedAccounts;
  updates: AccountUpdate[];
  blockhashes: BlockhashRecord[];
}

export interface Recording {
  meta: RecordingMeta;
  chains: Record<Chain, ChainRecording>;
  oracle: OracleFrame[];
}

export type RecordingFile = "accounts" | "updates" | "blockhashes";

// ---------------------------------------------------------------------------------------------- line encoding

function accountDataToJson(a: RecordedAccountData): Record<string, unknown> {
  const o: Record<string, unknown> = {
    owner: a.owner,
    lamports: bigintToJson(a.lamports),
    executable: a.executable,
    data: base64(a.data),
  };
  if (a.rentEpoch !== undefined) o.rentEpoch = a.rentEpoch;
  return o;
}

/** `decodeData` turns the base64 `data` into bytes (default: a fresh array). */
function accountDataFromJson(
  o: Record<string, unknown>,
  where: string,
  decodeData: (base64: string) => Uint8Array = fromBase64,
): RecordedAccountData {
  if (typeof o.owner !== "string") throw new TypeError(`${where}: owner missing`);
  if (typeof o.data !== "string") throw new TypeError(`${where}: data (base64) missing`);
  const out: RecordedAccountData = {
    owner: o.owner,
    lamports: bigintFromJson(o.lamports ?? 0, `${where}: lamports`),
    executable: o.executable === true,
    data: decodeData(o.data),
  };
  if (typeof o.rentEpoch === "number") out.rentEpoch = o.rentEpoch;
  return out;
}

export function encodeAccountLine(a: RecordedAccount): string {
  return JSON.stringify({ pubkey: a.pubkey, ...accountDataToJson(a) });
}

/** `decodeData` as in `accountDataFromJson`. */
export function decodeAccountLine(
  line: string,
  where = "account",
  decodeData?: (base64: string) => Uint8Array,
): RecordedAccount {
  const o = JSON.parse(line);
  if (typeof o.pubkey !== "string") throw new TypeError(`${where}: pubkey missing`);
  return { pubkey: o.pubkey, ...accountDataFromJson(o, where, decodeData) };
}

export function encodeUpdateLine(u: AccountUpdate): string {
  return JSON.stringify({
    atMs: u.atMs,
    slot: u.slot,
    pubkey: u.pubkey,
    account: u.account ? accountDataToJson(u.account) : null,
  });
}

export function decodeUpdateLine(line: string, where = "update"): AccountUpdate {
  const o = JSON.parse(line);
  if (typeof o.atMs !== "number" || typeof o.slot !== "number" || typeof o.pubkey !== "string") {
    throw new TypeError(`${where}: atMs, slot and pubkey are required`);
  }
  return {
    atMs: o.atMs,
    slot: o.slot,
    pubkey: o.pubkey,
    account: o.account ? accountDataFromJson(o.account, where) : null,
  };
}

export function encodeBlockhashLine(b: BlockhashRecord): string {
  return JSON.stringify(b);
}

export function decodeBlockhashLine(line: string, where = "blockhash"): BlockhashRecord {
  const o = JSON.parse(line);
  if (
    typeof o.atMs !== "number" || typeof o.blockhash !== "string" || typeof o.lastValidBlockHeight !== "number"
  ) throw new TypeError(`${where}: atMs, blockhash and lastValidBlockHeight are required`);
  const out: BlockhashRecord = {
    atMs: o.atMs,
    slot: typeof o.slot === "number" ? o.slot : 0,
    blockhash: o.blockhash,
    lastValidBlockHeight: o.lastValidBlockHeight,
  };
  if (typeof o.blockHeight === "number") out.blockHeight = o.blockHeight;
  return out;
}

export function encodeOracleLine(f: OracleFrame): string {
  const o: Record<string, unknown> = { atMs: f.atMs };
  if (f.timestampUs !== undefined) o.timestampUs = f.timestampUs.toString();
  o.feeds = f.feeds.map((x) => ({
    feedId: x.feedId,
    price: x.price === null ? null : x.price.toString(),
    exponent: x.exponent,
    confidence: bigintToJson(x.confidence),
    marketSession: x.marketSession,
    feedUpdateTimestampUs: bigintToJson(x.feedUpdateTimestampUs),
  }));
  return JSON.stringify(o);
}

export function decodeOracleLine(line: string, where = "oracle frame"): OracleFrame {
  const o = JSON.parse(line);
  if (typeof o.atMs !== "number" || !Array.isArray(o.feeds)) throw new TypeError(`${where}: atMs and feeds required`);
  const frame: OracleFrame = {
    atMs: o.atMs,
    feeds: o.feeds.map((x: Record<string, unknown>) => {
      if (typeof x.feedId !== "number") throw new TypeError(`${where}: feedId required`);
      return {
        feedId: x.feedId,
        price: x.price === null || x.price === undefined ? null : bigintFromJson(x.price, `${where}: price`),
        exponent: typeof x.exponent === "number" ? x.exponent : 0,
        confidence: bigintFromJson(x.confidence ?? 0, `${where}: confidence`),
        marketSession: typeof x.marketSession === "string" ? x.marketSession : "regular",
        feedUpdateTimestampUs: bigintFromJson(x.feedUpdateTimestampUs ?? 0, `${where}: feedUpdateTimestampUs`),
      };
    }),
  };
  if (o.timestampUs !== undefined) frame.timestampUs = bigintFromJson(o.timestampUs, `${where}: timestampUs`);
  return frame;
}

// ---------------------------------------------------------------------------------------------- files

function join(dir: string, name: string): string {
  return dir.endsWith("/") ? dir + name : `${dir}/${name}`;
}

export function chainFileName(chain: Chain, kind: RecordingFile): string {
  return `${chain}.${kind}.jsonl`;
}

/** The binary form of a chain's initial accounts (`binary-accounts.ts`). */
export function binaryAccountsFileName(chain: Chain): string {
  return `${chain}.accounts.bin`;
}

export const ORACLE_FILE = "oracle.jsonl";
export const META_FILE = "meta.json";

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return false;
    throw err;
  }
}

/** Resolves `name` or `name.gz` inside dir; undefined when neither exists. */
async function resolveDataFile(dir: string, name: string): Promise<string | undefined> {
  const plain = join(dir, name);
  if (await exists(plain)) return plain;
  if (await exists(plain + ".gz")) return plain + ".gz";
  return undefined;
}

/** Yields the non-empty lines of a (possibly gzipped) text file without loading it whole. */
export async function* readLines(path: string): AsyncGenerator<string> {
  for await (const lines of readLineBatches(path)) yield* lines;
}

/**
 * The non-empty lines of a (possibly gzipped) text file, a chunk's worth at a time: a large recording has 600,000
 * lines, and one await per batch instead of per line is a good part of reading it.
 */
export async function* readLineBatches(path: string): AsyncGenerator<string[]> {
  const file = await Deno.open(path, { read: true });
  let stream: ReadableStream<Uint8Array> = file.readable;
  if (path.endsWith(".gz")) {
    stream = stream.pipeThrough(new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>);
  }
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let rest = "";
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      const text = rest + value;
      const lines: string[] = [];
      let start = 0;
      for (let nl = text.indexOf("\n"); nl >= 0; start = nl + 1, nl = text.indexOf("\n", start)) {
        const line = text.slice(start, nl).trim();
        if (line) lines.push(line);
      }
      rest = text.slice(start);
      if (lines.length > 0) yield lines;
    }
    const last = rest.trim();
    if (last) yield [last];
  } finally {
    await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

async function* readDecoded<T>(
  dir: string,
  name: string,
  decode: (line: string, where: string) => T,
): AsyncGenerator<T> {
  const path = await resolveDataFile(dir, name);
  if (!path) return;
  let n = 0;
  for await (const line of readLines(path)) {
    n++;
    yield decode(line, `${path}:${n}`);
  }
}

export async function readRecordingMeta(dir: string): Promise<RecordingMeta> {
  const meta = JSON.parse(await Deno.readTextFile(join(dir, META_FILE)));
  if (meta.format !== RECORDING_FORMAT) {
    throw new Error(`${dir}: unsupported recording format ${JSON.stringify(meta.format)}`);
  }
  return meta as RecordingMeta;
}

/** One chain's initial accounts file: the binary form when there is one, else the JSONL form (either may be gzipped). */
async function resolveAccountsFile(dir: string, chain: Chain): Promise<{ path: string; binary: boolean } | undefined> {
  const binary = await resolveDataFile(dir, binaryAccountsFileName(chain));
  if (binary) return { path: binary, binary: true };
  const path = await resolveDataFile(dir, chainFileName(chain, "accounts"));
  return path ? { path, binary: false } : undefined;
}

/** Streams one chain's initial accounts (each with its own byte array). */
export async function* streamInitialAccounts(dir: string, chain: Chain): AsyncGenerator<RecordedAccount> {
  const file = await resolveAccountsFile(dir, chain);
  if (!file?.binary) return yield* readDecoded(dir, chainFileName(chain, "accounts"), decodeAccountLine);
  for await (const accounts of readBinaryAccountBatches(file.path)) yield* accounts;
}

export function streamUpdates(dir: string, chain: Chain): AsyncGenerator<AccountUpdate> {
  return readDecoded(dir, chainFileName(chain, "updates"), decodeUpdateLine);
}

export function streamBlockhashes(dir: string, chain: Chain): AsyncGenerator<BlockhashRecord> {
  return readDecoded(dir, chainFileName(chain, "blockhashes"), decodeBlockhashLine);
}

export function streamOracleFrames(dir: string): AsyncGenerator<OracleFrame> {
  return readDecoded(dir, ORACLE_FILE, decodeOracleLine);
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

function sortByTime<T extends { atMs: number }>(xs: T[]): T[] {
  for (let i = 1; i < xs.length; i++) {
    if (xs[i].atMs < xs[i - 1].atMs) {
      return xs.map((x, j) => [x, j] as const).sort((a, b) => a[0].atMs - b[0].atMs || a[1] - b[1]).map((p) => p[0]);
    }
  }
  return xs;
}

/**
 * The initial accounts of both chains, their bytes held packed (`packed-bytes.ts`: a large world's accounts are mostly
 * zeros) and each account a table row (`recorded-accounts.ts`), with one copy of what repeats: an account whose bytes
 * are the same on both chains (a delegated account's base copy and its ER copy) shares one packed form, and a key held
 * on both chains one string. The ER is read first: it is the smaller file, and every twin has its ER copy there.
 */
async function readInitialAccounts(dir: string): Promise<Record<Chain, RecordedAccounts>> {
  const slab = new PackSlab();
  // The slabs' pages are faulted in by a worker while the recording is read (`prefaulted-slabs.ts`).
  return await slab.prefaulting(async () => {
    const er = await readAccountsInto(dir, "er", (_pubkey, stored, length) => slab.pack(stored, length));
    // A base copy is packed, then compared with its twin's packed form (equal bytes pack alike): cheaper than comparing
    // the bytes with the twin's segments and packing them when they differ. The twin is looked up in the ER's own table
    // (its key hash is then the one the base table's write of the same key reuses, key-rows.ts), not in a `Map` of the
    // ER's accounts: at 100,000 owners, 518,000 lookups in a 94,000-key `Map` took 0.5-0.7 s. The account read next is
    // the one whose bytes were just held: it takes its twin's key string without a second lookup.
    let twin: RecordedAccount | undefined;
    const base = await readAccountsInto(dir, "base", (pubkey, stored, length) => {
      twin = er.getWithHeldKey(pubkey);
      return slab.pack(stored, length, twin?.packed);
    }, (account) => {
      if (twin && twin.pubkey === account.pubkey) account.pubkey = twin.pubkey;
    });
    return { base, er };
  });
}

/**
 * One chain's initial accounts, each holding its bytes as `hold` packs them; `onAccount` sees each account before it is
 * held.
 */
async function readAccountsInto(
  dir: string,
  chain: Chain,
  hold: HoldBytes,
  onAccount?: (account: RecordedAccount) => void,
): Promise<RecordedAccounts> {
  const out = new RecordedAccounts(chain);
  const file = await resolveAccountsFile(dir, chain);
  if (!file) return out;
  const keep = (account: RecordedAccount) => {
    onAccount?.(account);
    out.add(account);
  };
  if (file.binary) {
    await readBinaryAccounts(file.path, keep, hold);
    return out;
  }
  let n = 0;
  for await (const lines of readLineBatches(file.path)) {
    for (const line of lines) {
      n++;
      let account: RecordedAccount;
      try {
        const read = decodeInitialAccountLine(line);
        account = new PackedRecordedAccount(
          read.pubkey,
          read.owner,
          read.lamports,
          read.executable,
          hold(read.pubkey, read.data, read.data.length),
        );
        if (read.rentEpoch !== undefined) account.rentEpoch = read.rentEpoch;
      } catch (error) {
        throw new TypeError(`${file.path}:${n}: ${error instanceof Error ? error.message : error}`);
      }
      keep(account);
    }
  }
  return out;
}

const DATA_MEMBER = '"data":"';

/**
 * An account line, its base64 `data` (most of the line) taken out before the rest is parsed as JSON, so the parser
 * neither scans nor copies it: base64 text holds no quote, so the member ends at the next one. A line this does not
 * fit (no such member, an escape inside it) is parsed whole, as `decodeAccountLine` does.
 */
function decodeInitialAccountLine(line: string): RecordedAccount {
  const at = line.indexOf(DATA_MEMBER);
  const from = at + DATA_MEMBER.length;
  const to = at < 0 ? -1 : line.indexOf('"', from);
  const text = to < 0 ? "" : line.slice(from, to);
  if (to < 0 || text.includes("\\")) return decodeAccountLine(line, "account");
  const rest = JSON.parse(line.slice(0, from) + line.slice(to));
  if (rest.data !== "" || typeof rest.pubkey !== "string") return decodeAccountLine(line, "account");
  return { pubkey: rest.pubkey, ...accountDataFromJson(rest, "account", () => fromBase64(text)) };
}

/** Reads a whole recording into memory (timed parts are sorted by atMs, stable). */
export async function readRecording(dir: string): Promise<Recording> {
  const meta = await readRecordingMeta(dir);
  const initial = await readInitialAccounts(dir);
  const chains = {} as Record<Chain, ChainRecording>;
  for (const chain of CHAIN_LIST) {
    chains[chain] = {
      initialAccounts: initial[chain],
      updates: sortByTime(await collect(streamUpdates(dir, chain))),
      blockhashes: sortByTime(await collect(streamBlockhashes(dir, chain))),
    };
  }
  return { meta, chains, oracle: sortByTime(await collect(streamOracleFrames(dir))) };
}

export interface WriteOptions {
  /** gzip the JSONL files (`.jsonl.gz`). */
  gzip?: boolean;
  /**
   * Initial accounts in the binary form (`*.accounts.bin`, what large worlds use), never gzipped here: inflating
   * would cost a large world's boot a good part of what the form saves (readers take `.bin.gz` all the same).
   */
  binaryAccounts?: boolean;
}

/**
 * Buffered writer over a file, optionally gzipped: lines of text (joined, then encoded once per flush), or the records
 * of a binary accounts file (`writeBytes`).
 */
class LineSink {
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #done: Promise<void>;
  #buf: string[] = [];
  #bytes: Uint8Array[] = [];
  #bufLen = 0;
  #encoder = new TextEncoder();
  lines = 0;

  private constructor(writer: WritableStreamDefaultWriter<Uint8Array>, done: Promise<void>) {
    this.#writer = writer;
    this.#done = done;
  }

  static async open(path: string, gzip: boolean): Promise<LineSink> {
    const file = await Deno.open(path, { write: true, create: true, truncate: true });
    if (!gzip) return new LineSink(file.writable.getWriter(), Promise.resolve());
    const cs = new CompressionStream("gzip");
    const done = cs.readable.pipeTo(file.writable);
    return new LineSink(cs.writable.getWriter() as WritableStreamDefaultWriter<Uint8Array>, done);
  }

  async write(line: string): Promise<void> {
    this.#buf.push(line, "\n");
    this.#bufLen += line.length + 1;
    this.lines++;
    if (this.#bufLen >= 1 << 16) await this.flush();
  }

  /** Appends one record's bytes (counted as one line). */
  async writeBytes(parts: Uint8Array[]): Promise<void> {
    for (const part of parts) {
      this.#bytes.push(part);
      this.#bufLen += part.length;
    }
    this.lines++;
    if (this.#bufLen >= 1 << 20) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.#buf.length > 0) {
      const chunk = this.#encoder.encode(this.#buf.join(""));
      this.#buf = [];
      await this.#writer.write(chunk);
    }
    if (this.#bytes.length > 0) {
      const chunk = concatBytes(this.#bytes);
      this.#bytes = [];
      await this.#writer.write(chunk);
    }
    this.#bufLen = 0;
  }

  async close(): Promise<void> {
    await this.flush();
    await this.#writer.close();
    await this.#done;
  }
}

/**
 * Streaming writer: initial accounts, updates, blockhashes and frames are appended as they come; `close(meta)` writes
 * meta.json last, so a directory without meta.json is an unfinished recording.
 */
export class RecordingWriter {
  readonly #dir: string;
  readonly #gzip: boolean;
  readonly #sinks = new Map<string, LineSink>();
  /** Per chain, when the initial accounts are written in the binary form. */
  readonly #binary: Record<Chain, BinaryAccountEncoder> | undefined;
  #closed = false;

  private constructor(dir: string, gzip: boolean, binaryAccounts: boolean) {
    this.#dir = dir;
    this.#gzip = gzip;
    this.#binary = binaryAccounts ? { base: new BinaryAccountEncoder(), er: new BinaryAccountEncoder() } : undefined;
  }

  static async create(dir: string, options: WriteOptions = {}): Promise<RecordingWriter> {
    await Deno.mkdir(dir, { recursive: true });
    const gz = options.gzip === true;
    // Remove files of an earlier recording in the same directory so that reads don't mix them.
    for (
      const name of [
        META_FILE,
        ORACLE_FILE,
        ...CHAIN_LIST.flatMap((c) => (["accounts", "updates", "blockhashes"] as const).map((k) => chainFileName(c, k))),
        ...CHAIN_LIST.map(binaryAccountsFileName),
      ]
    ) {
      for (const p of [join(dir, name), join(dir, name + ".gz")]) await Deno.remove(p).catch(() => {});
    }
    return new RecordingWriter(dir, gz, options.binaryAccounts === true);
  }

  async #sink(name: string): Promise<LineSink> {
    if (this.#closed) throw new Error("RecordingWriter is closed");
    let sink = this.#sinks.get(name);
    if (!sink) {
      const gzip = this.#gzip && name.endsWith(".jsonl");
      sink = await LineSink.open(join(this.#dir, gzip ? name + ".gz" : name), gzip);
      this.#sinks.set(name, sink);
    }
    return sink;
  }

  async writeInitialAccount(chain: Chain, account: RecordedAccount): Promise<void> {
    const encoder = this.#binary?.[chain];
    if (!encoder) return await (await this.#sink(chainFileName(chain, "accounts"))).write(encodeAccountLine(account));
    const name = binaryAccountsFileName(chain);
    const isNew = !this.#sinks.has(name);
    const sink = await this.#sink(name);
    const records = encoder.encode(account);
    await sink.writeBytes(isNew ? [encoder.header(), ...records] : records);
  }

  async writeUpdate(chain: Chain, update: AccountUpdate): Promise<void> {
    await (await this.#sink(chainFileName(chain, "updates"))).write(encodeUpdateLine(update));
  }

  async writeBlockhash(chain: Chain, record: BlockhashRecord): Promise<void> {
    await (await this.#sink(chainFileName(chain, "blockhashes"))).write(encodeBlockhashLine(record));
  }

  async writeOracleFrame(frame: OracleFrame): Promise<void> {
    await (await this.#sink(ORACLE_FILE)).write(encodeOracleLine(frame));
  }

  /** Lines written so far per file name. */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.#sinks].map(([k, s]) => [k, s.lines]));
  }

  async close(meta: RecordingMeta): Promise<void> {
    if (this.#closed) return;
    for (const sink of this.#sinks.values()) await sink.close();
    this.#closed = true;
    await Deno.writeTextFile(join(this.#dir, META_FILE), JSON.stringify(meta, null, 2) + "\n");
  }

  /** Closes the files without writing meta.json (for an aborted recording). */
  async abort(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const sink of this.#sinks.values()) await sink.close().catch(() => {});
  }
}

/** Writes a whole in-memory recording. */
export async function writeRecording(dir: string, rec: Recording, options: WriteOptions = {}): Promise<void> {
  const w = await RecordingWriter.create(dir, options);
  try {
    for (const chain of CHAIN_LIST) {
      const c = rec.chains[chain];
      for (const a of c.initialAccounts) await w.writeInitialAccount(chain, a);
      for (const u of c.updates) await w.writeUpdate(chain, u);
      for (const b of c.blockhashes) await w.writeBlockhash(chain, b);
    }
    for (const f of rec.oracle) await w.writeOracleFrame(f);
    await w.close({ ...rec.meta, format: RECORDING_FORMAT });
  } catch (err) {
    await w.abort();
    throw err;
  }
}
