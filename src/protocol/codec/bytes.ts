/**
 * Byte encodings, both ways, in one place: hex (discriminators), base64 (account data on the RPC and in the
 * contract's `*Data` fields) and base58 (keys, blockhashes, `memcmp` filters). Hex and base64 use the runtime's
 * native `Uint8Array` methods; base58 the `bs58` package. Decoders return a fresh array that owns its buffer, and
 * reject malformed text with a `CodecError` (base64 and base58) instead of decoding part of it. A 32-byte public key
 * has a faster, memoised encoder: `encodePubkey` in `base58.ts`.
 */
import bs58 from "bs58";
import { CodecError } from "./errors.ts";

/** Lowercase hex of `bytes`. */
export function hex(bytes: Uint8Array): string {
  return bytes.toHex();
}

const PREFIX_MEMO_LIMIT = 4096;
const prefixMemo = new Map<number, Map<number, string>>();
let prefixesMemoised = 0;

/**
 * `hex` of the first 8 bytes (an Anchor discriminator; all of them when fewer), memoised by their value: every
 * account written to a store is indexed by it, and accounts come in a few dozen kinds, so no string is built per
 * account. The memo stops growing at a few thousand prefixes (data of other programs can start with anything).
 */
export function hexPrefix8(data: Uint8Array): string {
  if (data.length < 8) return hex(data);
  const low = (data[0] | data[1] << 8 | data[2] << 16 | data[3] << 24) >>> 0;
  const high = (data[4] | data[5] << 8 | data[6] << 16 | data[7] << 24) >>> 0;
  let byHigh = prefixMemo.get(low);
  const known = byHigh?.get(high);
  if (known !== undefined) return known;
  const text = hex(data.subarray(0, 8));
  if (prefixesMemoised < PREFIX_MEMO_LIMIT) {
    if (!byHigh) prefixMemo.set(low, byHigh = new Map());
    byHigh.set(high, text);
    prefixesMemoised++;
  }
  return text;
}

/** The bytes of a hex string (either case); with `length`, exactly that many bytes are required. */
export function fromHex(text: string, length?: number): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(text)) throw new CodecError(`invalid hex "${text}"`);
  if (length !== undefined && text.length !== 2 * length) {
    throw new CodecError(`hex "${text}" is ${text.length / 2} byte(s), expected ${length}`);
  }
  return Uint8Array.fromHex(text);
}

export function base64(bytes: Uint8Array): string {
  return bytes.toBase64();
}

export function fromBase64(text: string): Uint8Array {
  try {
    return Uint8Array.fromBase64(text);
  } catch {
    throw new CodecError("invalid base64");
  }
}

/**
 * Whether two byte arrays hold the same bytes. Compared four bytes at a time where both are 4-byte aligned (account
 * data fresh from a decoder is): sharing one copy of 100,000 accounts' data compares hundreds of MB at boot.
 */
export function bytesEqual(x: Uint8Array, y: Uint8Array): boolean {
  if (x === y) return true;
  const length = x.length;
  if (length !== y.length) return false;
  let i = 0;
  if (x.byteOffset % 4 === 0 && y.byteOffset % 4 === 0 && length >= 64) {
    const words = length >>> 2;
    const xw = new Uint32Array(x.buffer, x.byteOffset, words);
    const yw = new Uint32Array(y.buffer, y.byteOffset, words);
    for (let w = 0; w < words; w++) if (xw[w] !== yw[w]) return false;
    i = words << 2;
  }
  for (; i < length; i++) if (x[i] !== y[i]) return false;
  return true;
}

export function base58(bytes: Uint8Array): string {
  return bs58.encode(bytes);
}

export function fromBase58(text: string): Uint8Array {
  try {
    return bs58.decode(text);
  } catch {
    throw new CodecError(`invalid base58 "${text}"`);
  }
}
