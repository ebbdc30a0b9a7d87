/**
 * Account bytes held compact: the zero runs left out. A large deployment's accounts are mostly zeros (baskets are allocated
 * with room for every market: at 100,000 owners 554 MB of account bytes hold 115 MB that are not zero), so a store
 * held this way takes about a quarter of the memory. Readers that need the full bytes get them expanded
 * (`unpacked`, through a small bounded cache, so repeated reads of a hot account return one array); readers that need
 * a few bytes (a discriminator, an owner wallet, an RPC filter or slice) read them without expanding (`readRange`).
 *
 * Encoding, in a slab shared by many accounts: segments, each `varint zeros` (bytes skipped, all zero), `varint n`,
 * then n literal bytes; the bytes after the last segment, up to `length`, are zeros. A literal run only ends at a run
 * of MIN_ZERO_RUN zeros or more (a shorter run costs less kept than a segment header).
 */
import { bytesEqual, hex, hexPrefix8 } from "../protocol/codec/bytes.ts";
import { encodePubkey } from "../protocol/codec/base58.ts";
import { CodecError } from "../protocol/codec/errors.ts";
import { PrefaultedSlabs } from "./prefaulted-slabs.ts";

const MIN_ZERO_RUN = 8;

/** Where packed bytes are written: slabs of `chunkBytes`, one ArrayBuffer shared by many accounts. */
export class PackSlab {
  #chunk: Uint8Array = new Uint8Array(0);
  #used = 0;
  #scratch = new Uint8Array(4096);
  /** Where new slabs come from while `prefaulting` runs. */
  #supply: PrefaultedSlabs | undefined;

  constructor(readonly chunkBytes = 1 << 20) {}

  /**
   * Runs `work` (a bulk load packing here) with its slabs' pages faulted in by a worker (`prefaulted-slabs.ts`); the
   * packed bytes are the same either way. At 100,000 owners, 5 alternated pairs of starts without and with it: live,
   * ready in 5.69–5.93 s (median 5.83) against 5.38–5.82 s (median 5.55), the main thread's page faults 95,000–97,000
   * against 62,000–64,000; with the replay in the process (4 pairs), 4.56–4.92 s (median 4.75) against 4.31–4.44 s
   * (median 4.37).
   */
  async prefaulting<T>(work: () => Promise<T>, supply = new PrefaultedSlabs(this.chunkBytes)): Promise<T> {
    if (this.#supply !== undefined || this.chunkBytes <= 0) return await work();
    this.#supply = supply;
    try {
      return await work();
    } finally {
      supply.close();
      this.#supply = undefined;
    }
  }

  /**
   * Packs `bytes` followed by zeros up to `length` (default: `bytes.length`). Segments are written straight into the
   * slab when their worst-case size fits there (no copy through a scratch buffer: at 100,000 owners that copy was a
   * tenth of reading the recording); bytes whose worst case exceeds an eighth of a slab get a buffer of their own.
   * `twin`: a packed form the bytes may equal (a delegated account's other copy), returned instead when they do.
   */
  pack(bytes: Uint8Array, length = bytes.length, twin?: PackedBytes): PackedBytes {
    if (length < bytes.length) throw new RangeError(`length ${length} below the ${bytes.length} bytes given`);
    const end = withoutTrailingZeros(bytes);
    // Worst case: every literal run is MIN_ZERO_RUN apart and carries two 5-byte varints.
    const bound = end + 10 * (Math.ceil(end / MIN_ZERO_RUN) + 1);
    if (bound > this.chunkBytes >>> 3) {
      if (this.#scratch.length < bound) this.#scratch = new Uint8Array(Math.max(bound, this.#scratch.length * 2));
      const size = encode(bytes, end, this.#scratch, 0);
      if (twin && twin.length === length && twin.sameSegments(this.#scratch, 0, size)) return twin;
      return new PackedBytes(this.#scratch.slice(0, size), 0, size, length, prefixOf(bytes, length));
    }
    if (this.#used + bound > this.#chunk.length) {
      this.#chunk = this.#supply?.take() ?? new Uint8Array(this.chunkBytes);
      this.#used = 0;
    }
    const offset = this.#used;
    const size = encode(bytes, end, this.#chunk, offset) - offset;
    // The encoding is canonical: bytes equal to the twin's packed alike, and the segments just written are dropped.
    if (twin && twin.length === length && twin.sameSegments(this.#chunk, offset, size)) return twin;
    // Each pack starts at a multiple of 4, so two packs are compared a word at a time (`sameSegments`).
    this.#used = (offset + size + 3) & ~3;
    return new PackedBytes(this.#chunk, offset, size, length, prefixOf(bytes, length));
  }
}

/**
 * The length of `bytes` without its trailing zeros. Accounts are allocated with room to spare (at 100,000 owners half of
 * the account bytes a load receives are trailing zeros), so they are passed a 4-byte word at a time where the array
 * starts on a word (a base64 decode's buffer does). Byte by byte, the scan was a third of packing a 100,000-owner
 * load's accounts in isolation (packing them all: 572 ms, 501-534 ms with this).
 */
export function withoutTrailingZeros(bytes: Uint8Array): number {
  let end = bytes.length;
  if ((bytes.byteOffset & 3) === 0 && end >= 64) {
    while ((end & 3) !== 0 && bytes[end - 1] === 0) end--;
    if ((end & 3) !== 0) return end;
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, end >>> 2);
    let k = words.length;
    while (k > 0 && words[k - 1] === 0) k--;
    end = k << 2;
  }
  while (end > 0 && bytes[end - 1] === 0) end--;
  return end;
}

/** A slab whose every pack gets a buffer of its own (none is small enough to share one). */
const alone = new PackSlab(0);

/**
 * Packs bytes into a buffer of their own: for bytes whose lifetime is their own (an account's change), which in a
 * shared slab would keep the whole slab alive.
 */
export function packAlone(bytes: Uint8Array): PackedBytes {
  return alone.pack(bytes);
}

const firstBytes = new Uint8Array(8);

/** Hex of the first 8 bytes (fewer when shorter) of `bytes` followed by zeros up to `length`. */
function prefixOf(bytes: Uint8Array, length: number): string {
  if (bytes.length >= 8) return hexPrefix8(bytes);
  firstBytes.fill(0);
  firstBytes.set(bytes);
  return length >= 8 ? hexPrefix8(firstBytes) : hex(firstBytes.subarray(0, length));
}

/**
 * Two word-aligned scratch buffers: scanning and comparing bytes a 4-byte word at a time is several times faster than
 * byte by byte, and account bytes come at any offset of their buffer, so they are copied here first (a native copy).
 */
const aligned = [new Uint32Array(1024), new Uint32Array(1024)];

/** Scratch `which` as bytes, at least `bytes` long (whole words), zeros past what the caller writes is not promised. */
function alignedBytes(which: 0 | 1, bytes: number): Uint8Array {
  if (aligned[which].length * 4 < bytes) {
    aligned[which] = new Uint32Array(Math.max(bytes >>> 1, aligned[which].length * 2));
  }
  return new Uint8Array(aligned[which].buffer);
}

/**
 * Writes the segments of `bytes[0, end)` into `out` from `at`; returns where they end. `bytes[end - 1]` is not zero.
 * A zero run of MIN_ZERO_RUN bytes holds a whole aligned zero word, so only the words that are zero are looked at byte
 * by byte.
 */
function encode(bytes: Uint8Array, end: number, out: Uint8Array, at: number): number {
  const words = (end + 3) >>> 2;
  const s = alignedBytes(0, words * 4);
  const w = aligned[0];
  s.set(bytes.subarray(0, end));
  s.fill(0, end, words * 4);
  let zerosFrom = 0;
  let literalFrom = 0;
  while (literalFrom < end && s[literalFrom] === 0) literalFrom++; // leading zeros: skipped whatever their length
  for (let k = (literalFrom + 3) >>> 2; k < words;) {
    if (w[k] !== 0) {
      k++;
      continue;
    }
    let zeroFrom = k << 2;
    while (zeroFrom > literalFrom && s[zeroFrom - 1] === 0) zeroFrom--;
    // The zero words that follow, then at most three zero bytes (the last word holds bytes[end - 1], not zero).
    let next = k + 1;
    while (w[next] === 0) next++;
    let zeroEnd = next << 2;
    while (s[zeroEnd] === 0) zeroEnd++;
    if (zeroEnd - zeroFrom >= MIN_ZERO_RUN) {
      at = writeSegment(out, at, s, zerosFrom, literalFrom, zeroFrom);
      zerosFrom = zeroFrom;
      literalFrom = zeroEnd;
    }
    k = (zeroEnd + 3) >>> 2;
  }
  return literalFrom < end ? writeSegment(out, at, s, zerosFrom, literalFrom, end) : at;
}

/** One segment: zeros [zerosFrom, literalFrom), then the literal bytes [literalFrom, literalEnd) of `s`. */
function writeSegment(
  out: Uint8Array,
  at: number,
  s: Uint8Array,
  zerosFrom: number,
  literalFrom: number,
  literalEnd: number,
): number {
  at = writeVarint(out, at, literalFrom - zerosFrom);
  at = writeVarint(out, at, literalEnd - literalFrom);
  // Most runs are a few bytes (the fields between zero runs): a loop costs less than a view and a native copy.
  if (literalEnd - literalFrom > 64) {
    out.set(s.subarray(literalFrom, literalEnd), at);
    return at + literalEnd - literalFrom;
  }
  for (let i = literalFrom; i < literalEnd; i++) out[at++] = s[i];
  return at;
}

function writeVarint(out: Uint8Array, at: number, value: number): number {
  while (value >= 0x80) {
    out[at++] = (value & 0x7f) | 0x80;
    value = Math.floor(value / 128);
  }
  out[at++] = value;
  return at;
}

/** Where the last `readVarint` stopped (a second result without allocating one). */
let varintEnd = 0;

function readVarint(bytes: Uint8Array, at: number): number {
  let value = 0;
  for (let shift = 1;; shift *= 128) {
    const b = bytes[at++];
    value += (b & 0x7f) * shift;
    if (b < 0x80) break;
  }
  varintEnd = at;
  return value;
}

/** Immutable compact bytes (see the module comment). The identity of one stands for its content, as an array's does. */
export class PackedBytes {
  constructor(
    /** The slab holding the segments (shared). */
    readonly slab: Uint8Array,
    readonly offset: number,
    /** Bytes of segments in the slab. */
    readonly size: number,
    /** Length of the bytes this stands for. */
    readonly length: number,
    /**
     * Hex of the first 8 bytes (fewer when shorter): an account's kind (its discriminator), asked on every decode
     * and index update, so cached rather than read from the segments each time.
     */
    readonly prefix: string,
  ) {}

  /** A fresh array of the full bytes. */
  unpack(): Uint8Array {
    return this.readRange(0, this.length);
  }

  /** A fresh array of bytes [from, to) (clamped to the length). */
  readRange(from: number, to: number): Uint8Array {
    from = Math.max(0, Math.min(from, this.length));
    const out = new Uint8Array(Math.max(from, Math.min(to, this.length)) - from);
    this.readInto(out, from);
    return out;
  }

  /** Writes bytes [from, from + out.length) into `out` (zeros past the length). */
  readInto(out: Uint8Array, from = 0): void {
    out.fill(0);
    const to = from + out.length;
    const slab = this.slab;
    const end = this.offset + this.size;
    let p = this.offset;
    let at = 0; // position in the full bytes
    while (p < end && at < to) {
      const zeros = readVarint(slab, p);
      const n = readVarint(slab, varintEnd);
      p = varintEnd;
      at += zeros;
      const lo = Math.max(at, from);
      const hi = Math.min(at + n, to);
      if (hi - lo > 64) out.set(slab.subarray(p + lo - at, p + hi - at), lo - from);
      else for (let i = lo; i < hi; i++) out[i - from] = slab[p + i - at];
      p += n;
      at += n;
    }
  }

  /**
   * Whether the bytes are `data` followed by zeros up to `length` (default: exactly `data`): both laid out in aligned
   * scratch and compared a word at a time.
   */
  equals(data: Uint8Array, length = data.length): boolean {
    if (length !== this.length || data.length > length) return false;
    const words = (length + 3) >>> 2;
    const mine = alignedBytes(0, words * 4).subarray(0, words * 4);
    this.readInto(mine);
    const theirs = alignedBytes(1, words * 4);
    theirs.set(data);
    theirs.fill(0, data.length, words * 4);
    const a = aligned[0];
    const b = aligned[1];
    for (let i = 0; i < words; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  /** Same content as another packed form (the encoding is canonical: equal bytes pack alike). */
  sameAs(other: PackedBytes): boolean {
    if (other === this) return true;
    return other.length === this.length && this.sameSegments(other.slab, other.offset, other.size);
  }

  /** Whether `slab[offset, offset + size)` are these segments: a word at a time when both start at a multiple of 4. */
  sameSegments(slab: Uint8Array, offset: number, size: number): boolean {
    if (size !== this.size) return false;
    const mine = this.slab.byteOffset + this.offset;
    const theirs = slab.byteOffset + offset;
    let i = 0;
    if (((mine | theirs) & 3) === 0 && size >= 64) {
      const words = size >>> 2;
      const a = new Uint32Array(this.slab.buffer, mine, words);
      const b = new Uint32Array(slab.buffer, theirs, words);
      for (let w = 0; w < words; w++) if (a[w] !== b[w]) return false;
      i = words << 2;
    }
    for (; i < size; i++) if (this.slab[this.offset + i] !== slab[offset + i]) return false;
    return true;
  }
}

/**
 * Expanded bytes recently read, so a hot account's reads return the same array (caches keyed by an array's identity
 * keep working) without holding every account expanded. Two generations bounded by bytes: what was read during the
 * last generation stays. An entry keeps its packed form, and so its slab, until it leaves: a bound on what replaced
 * accounts can hold on to (the chain sources keep the packed form of unchanged bytes, so a reload replaces nothing).
 */
class ExpandedCache {
  #young = new Map<PackedBytes, Uint8Array>();
  #old = new Map<PackedBytes, Uint8Array>();
  #youngBytes = 0;

  constructor(readonly generationBytes: number) {}

  get(packed: PackedBytes): Uint8Array {
    const young = this.#young.get(packed);
    if (young !== undefined) return young;
    const bytes = this.#old.get(packed) ?? packed.unpack();
    if (this.#youngBytes + bytes.length > this.generationBytes) {
      this.#old = this.#young;
      this.#young = new Map();
      this.#youngBytes = 0;
    }
    this.#young.set(packed, bytes);
    this.#youngBytes += bytes.length + 64;
    return bytes;
  }
}

/** About 8 MiB per generation: a few thousand baskets, far more than one second's requests read. */
const expanded = new ExpandedCache(8 << 20);

/** The full bytes of packed ones (see ExpandedCache). Treat them as immutable, as every account's bytes. */
export function unpacked(packed: PackedBytes): Uint8Array {
  return expanded.get(packed);
}

/** An account whose bytes may be held packed: readers of a few bytes use these helpers instead of expanding. */
export interface MaybePacked {
  readonly data: Uint8Array;
  readonly packed?: PackedBytes;
}

/** The length of an account's bytes. */
export function dataLength(account: MaybePacked): number {
  return account.packed ? account.packed.length : account.data.length;
}

/** Bytes [from, to) of an account's data (clamped): a view of the held array, or a fresh array when packed. */
export function dataRange(account: MaybePacked, from: number, to: number): Uint8Array {
  if (account.packed) return account.packed.readRange(from, to);
  const data = account.data;
  const start = Math.min(Math.max(0, from), data.length);
  return data.subarray(start, Math.max(start, Math.min(to, data.length)));
}

let transient = new Uint8Array(1 << 16);

/**
 * An account's full bytes for a reader that reads them at once and keeps neither them nor anything keyed by them (a
 * sweep over many accounts, an encoding): packed ones are expanded into one buffer reused by the next call, so a
 * sweep allocates nothing and does not flush the shared cache. Valid until the next call: copy what is kept.
 */
export function dataTransient(account: MaybePacked): Uint8Array {
  const packed = account.packed;
  if (!packed) return account.data;
  if (transient.length < packed.length) transient = new Uint8Array(Math.max(packed.length, transient.length * 2));
  const view = transient.subarray(0, packed.length);
  packed.readInto(view);
  return view;
}

let decoded = new Uint8Array(1 << 16);

/**
 * Base64 text decoded into one buffer reused by the next call, for bytes that are packed (copied) at once: a bulk load
 * decodes hundreds of thousands of accounts, and an array of its own for each (allocated, then garbage once packed)
 * was a tenth of the load and most of its memory high-water mark. Valid until the next call: copy what is kept.
 * Malformed text throws a `CodecError`, as `fromBase64` does.
 */
export function fromBase64Transient(text: string): Uint8Array {
  const most = Math.ceil(text.length / 4) * 3;
  if (decoded.length < most) decoded = new Uint8Array(Math.max(most, decoded.length * 2));
  try {
    return decoded.subarray(0, decoded.setFromBase64(text).written);
  } catch {
    throw new CodecError("invalid base64");
  }
}

/** Hex of an account's first 8 bytes (fewer when shorter), without expanding packed bytes. */
export function prefixHex8(account: MaybePacked): string {
  return account.packed ? account.packed.prefix : hexPrefix8(account.data);
}

const wallet = new Uint8Array(32);

/** The public key stored at bytes [offset, offset + 32) of an account, read without expanding packed bytes. */
export function pubkeyAt(account: MaybePacked, offset: number): string {
  const packed = account.packed;
  if (!packed) return encodePubkey(account.data, offset);
  packed.readInto(wallet, offset);
  return encodePubkey(wallet, 0);
}

/** What identifies an account's bytes for caches of values derived from them: the packed holder, else the array. */
export function bytesIdentity(account: MaybePacked): object {
  return account.packed ?? account.data;
}

/** Whether two accounts' bytes are equal (packed or not). */
export function sameBytes(a: MaybePacked, b: MaybePacked): boolean {
  if (a.packed && b.packed) return a.packed.sameAs(b.packed);
  if (a.packed) return a.packed.equals(b.data);
  if (b.packed) return b.packed.equals(a.data);
  return bytesEqual(a.data, b.data);
}
