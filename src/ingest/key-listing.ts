/**
 * The keys of a key listing (a getProgramAccounts answer asked with an empty `dataSlice`), read from the answer's bytes
 * as they arrive instead of parsing it into an object per account. At 100,000 owners a listing is about 22 MB of JSON;
 * parsed, it was half a million objects that outlived the young generation, and read whole it took fresh memory as
 * large as itself, then a string as large again to search it. Here the bytes are searched as they are, a piece at a
 * time (a piece and the few bytes of a key cut at its end are all that is held), and only the keys become strings.
 *
 * The byte sequences looked for (`"value":[`, `"pubkey":"`) cannot occur inside a JSON string (its quotes would be
 * escaped there), so wherever they are found they are the answer's own structure. An answer in another shape (an
 * error, no value array near its start, entries spaced otherwise) is gathered and parsed whole.
 */
import { rpcResult } from "./rpc-result.ts";
import { PIECE_BYTES, piecesOf } from "./value-array-answer.ts";

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const VALUE_START = encoder.encode('"value":[');
const PUBKEY_START = encoder.encode('"pubkey":"');
/** The byte of `"pubkey":"` searched for first: its `y` occurs in no other name of a listing entry. */
const PUBKEY_ANCHOR = 6;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Bytes read before the value array is found, or before its first key is, at most; beyond, the answer is parsed whole. */
const LOOK_AHEAD = 64 * 1024;
/** The longest key read (a base58 key has at most 44 characters). */
const LONGEST_KEY = 128;

export interface KeyListing {
  keys: string[];
  slot: number;
}

/** The listed keys and context slot of an answer's body, read as it arrives. */
export async function readListedKeys(
  body: ReadableStream<Uint8Array>,
  method = "getProgramAccounts",
): Promise<KeyListing> {
  const reader = new KeyListingReader(method);
  for await (const piece of piecesOf(body)) reader.push(piece);
  return reader.end();
}

/** The listed keys and context slot of a whole answer (read as if it arrived in pieces of a body's size). */
export function listedKeys(bytes: Uint8Array, method = "getProgramAccounts"): KeyListing {
  const reader = new KeyListingReader(method);
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) reader.push(bytes.subarray(at, at + PIECE_BYTES));
  return reader.end();
}

/**
 * Fed an answer's bytes in pieces (`push`; a piece may be reused by its giver once pushed), gives its keys at the
 * `end`. The envelope is parsed as JSON, so an RPC error is thrown as `rpcResult` throws it.
 */
class KeyListingReader {
  /** The answer's bytes from its start, kept (copied) until a key is found: what is parsed whole if none is. */
  #keeping = true;
  #kept = new Uint8Array(1024);
  #keptBytes = 0;
  /** Where the search for the value array goes on in what is kept. */
  #headSearchAt = 0;
  /** Bytes read past the value array's start before its first key; past LOOK_AHEAD, the answer is parsed whole. */
  #scanned = 0;
  #slot: number | undefined;
  /** Read whole: no value array near the start, or no key near the array's start. */
  #whole = false;
  /** The end of the last piece that may begin a key sequence (or holds a key cut short), read with the next. */
  #carry: Uint8Array = new Uint8Array(0);
  #work = new Uint8Array(0);
  readonly #keys: string[] = [];

  constructor(readonly method: string) {}

  push(piece: Uint8Array): void {
    if (this.#keeping) this.#keep(piece);
    if (this.#whole) return;
    if (this.#slot === undefined) return this.#readHead();
    this.#scan(piece);
  }

  end(): KeyListing {
    // A key cut short by the answer's end (an answer read whole is refused by the parser if it ends so).
    if (!this.#whole && indexOfBytes(this.#carry, PUBKEY_START, 0) >= 0) {
      throw new Error(`${this.method}: malformed response (unterminated pubkey)`);
    }
    if (this.#keeping || this.#slot === undefined) return this.#parsedWhole();
    return { keys: this.#keys, slot: this.#slot };
  }

  /** Appends a piece to what is kept (its buffer grown by doubling). */
  #keep(piece: Uint8Array): void {
    let kept = this.#kept;
    if (this.#keptBytes + piece.length > kept.length) {
      const grown = new Uint8Array(Math.max(this.#keptBytes + piece.length, kept.length * 2));
      grown.set(kept.subarray(0, this.#keptBytes));
      this.#kept = kept = grown;
    }
    kept.set(piece, this.#keptBytes);
    this.#keptBytes += piece.length;
  }

  /** Looks for the value array in what is kept; once found, parses the envelope and reads the keys after it. */
  #readHead(): void {
    const bytes = this.#kept.subarray(0, this.#keptBytes);
    const valueAt = indexOfBytes(bytes, VALUE_START, this.#headSearchAt);
    if (valueAt < 0) {
      this.#headSearchAt = Math.max(0, bytes.length - (VALUE_START.length - 1));
      if (this.#keptBytes > LOOK_AHEAD) this.#whole = true;
      return;
    }
    const arrayAt = valueAt + VALUE_START.length;
    // The envelope up to the value array, closed as if the array were empty: `{"jsonrpc":…,"result":{"context":…}}`.
    const head = decoder.decode(bytes.subarray(0, arrayAt)) + "]}}";
    const result = rpcResult<{ context?: { slot?: unknown } }>(this.method, JSON.parse(head));
    const slot = result.context?.slot;
    if (typeof slot !== "number") throw new Error(`${this.method}: malformed response (no context slot)`);
    this.#slot = slot;
    this.#scan(bytes.subarray(arrayAt));
  }

  /** Reads the keys of `piece` (after what was carried from the last one). */
  #scan(piece: Uint8Array): void {
    const bytes = this.#carry.length === 0 ? piece : this.#afterCarry(piece);
    let at = 0;
    for (;;) {
      const found = indexOfBytes(bytes, PUBKEY_START, at, PUBKEY_ANCHOR);
      if (found < 0) {
        // The last bytes may begin the sequence; the rest holds no key.
        this.#carry = bytes.slice(Math.max(at, bytes.length - (PUBKEY_START.length - 1)));
        break;
      }
      const start = found + PUBKEY_START.length;
      const end = bytes.indexOf(QUOTE, start);
      if (end < 0) {
        if (bytes.length - start > LONGEST_KEY) throw new Error(`${this.method}: malformed response (pubkey too long)`);
        this.#carry = bytes.slice(found);
        break;
      }
      const key = bytes.subarray(start, end);
      // A key with an escaped character is no base58 key.
      if (key.includes(BACKSLASH)) throw new Error(`${this.method}: malformed response (escaped pubkey)`);
      // Decoded from the bytes: a fresh string, holding nothing of the answer.
      this.#keys.push(decoder.decode(key));
      if (this.#keeping) this.#stopKeeping();
      at = end + 1;
    }
    if (this.#keeping && (this.#scanned += piece.length) > LOOK_AHEAD) this.#whole = true;
  }

  /** The carried bytes followed by `piece`, in a buffer reused for every piece (no new piece-sized array each). */
  #afterCarry(piece: Uint8Array): Uint8Array {
    const n = this.#carry.length + piece.length;
    if (this.#work.length < n) {
      this.#work = new Uint8Array(Math.max(n, PIECE_BYTES + LONGEST_KEY + PUBKEY_START.length));
    }
    this.#work.set(this.#carry);
    this.#work.set(piece, this.#carry.length);
    return this.#work.subarray(0, n);
  }

  /** A key was found: the answer is read as it arrives from now on, nothing more is kept. */
  #stopKeeping(): void {
    this.#keeping = false;
    this.#kept = new Uint8Array(0);
    this.#keptBytes = 0;
  }

  /** The answer parsed whole (an error answer, an empty listing, or an answer shaped otherwise). */
  #parsedWhole(): KeyListing {
    const text = decoder.decode(this.#kept.subarray(0, this.#keptBytes));
    const result = rpcResult<{ context: { slot: number }; value: { pubkey: string }[] }>(this.method, JSON.parse(text));
    return { keys: result.value.map((a) => a.pubkey), slot: result.context.slot };
  }
}

/**
 * Where `pattern` first occurs in `bytes` from `from` on, or -1: its byte at `anchor` is found natively (a byte that is
 * rare in the text searched makes few candidates), then the whole pattern is compared there.
 */
function indexOfBytes(bytes: Uint8Array, pattern: Uint8Array, from: number, anchor = 0): number {
  const last = bytes.length - pattern.length;
  for (
    let found = bytes.indexOf(pattern[anchor], from + anchor);
    found >= 0;
    found = bytes.indexOf(pattern[anchor], found + 1)
  ) {
    const at = found - anchor;
    if (at > last) return -1;
    let i = 0;
    while (i < pattern.length && bytes[at + i] === pattern[i]) i++;
    if (i === pattern.length) return at;
  }
  return -1;
}
