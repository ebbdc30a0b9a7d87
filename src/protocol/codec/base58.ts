import bs58 from "bs58";
import { CodecError } from "./errors.ts";

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
/** All two-character base58 strings, indexed by their value 0..58²−1. */
const PAIRS: string[] = [];
for (let i = 0; i < 58 * 58; i++) PAIRS.push(ALPHABET[Math.floor(i / 58)] + ALPHABET[i % 58]);
const ONES = "11111111111111111111111111111111";

/** Base58 of the all-zero key (the "default" Pubkey, e.g. an unset delegate). */
export const DEFAULT_PUBKEY = ONES;

// The 256-bit number is converted to base 58^4 "big digits" by multiply-accumulate over 24-bit input chunks.
// Every intermediate (digit · 2^24 + carry < 58^4 · 2^24 ≈ 1.9e14) is an exact integer in a double.
const BIG = 58 ** 4;
const digits = new Float64Array(12);

function encode32(bytes: Uint8Array, o: number): string {
  let zeros = 0;
  while (zeros < 32 && bytes[o + zeros] === 0) zeros++;
  if (zeros === 32) return ONES;
  let n = 0;
  // 32 bytes = one 16-bit chunk followed by ten 24-bit chunks.
  for (let c = 0, i = o; c < 11; c++) {
    let carry: number;
    let mul: number;
    if (c === 0) {
      carry = (bytes[i] << 8) | bytes[i + 1];
      mul = 65536;
      i += 2;
    } else {
      carry = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
      mul = 16777216;
      i += 3;
    }
    for (let j = 0; j < n; j++) {
      const x = digits[j] * mul + carry;
      carry = Math.floor(x / BIG);
      digits[j] = x - carry * BIG;
    }
    while (carry > 0) {
      const q = Math.floor(carry / BIG);
      digits[n++] = carry - q * BIG;
      carry = q;
    }
  }
  let s = zeros === 0 ? "" : ONES.slice(0, zeros);
  // Most significant big digit without leading zeros, then four characters per remaining digit.
  let top = digits[n - 1];
  let head = "";
  while (top > 0) {
    const q = Math.floor(top / 58);
    head = ALPHABET[top - q * 58] + head;
    top = q;
  }
  s += head;
  for (let j = n - 2; j >= 0; j--) {
    const d = digits[j];
    const hi = Math.floor(d / 3364);
    s += PAIRS[hi] + PAIRS[d - hi * 3364];
  }
  return s;
}

// Direct-mapped memo of recent keys. Account data repeats a small set of keys (markets, mints, the owner inside its
// own positions), and a hash + 32-byte compare is several times cheaper than the conversion.
const MEMO_SIZE = 4096;
const memoKeys = new Uint8Array(MEMO_SIZE * 32);
const memoValues: string[] = new Array<string>(MEMO_SIZE).fill("");

/**
 * Base58 of the 32 bytes starting at `offset` — the hot path of every account decode.
 * The caller guarantees `offset + 32 <= bytes.length`.
 */
export function encodePubkey(bytes: Uint8Array, offset = 0): string {
  let h = 0x811c9dc5;
  for (let i = offset; i < offset + 32; i += 4) {
    h = Math.imul(h ^ (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24)), 0x01000193);
  }
  const slot = (h ^ (h >>> 15)) & (MEMO_SIZE - 1);
  const base = slot * 32;
  const cached = memoValues[slot];
  if (cached !== "") {
    let same = true;
    for (let i = 0; i < 32; i++) {
      if (memoKeys[base + i] !== bytes[offset + i]) {
        same = false;
        break;
      }
    }
    if (same) return cached;
  }
  const s = encode32(bytes, offset);
  memoKeys.set(bytes.subarray(offset, offset + 32), base);
  memoValues[slot] = s;
  return s;
}

/** Decodes a base58 public key into its 32 bytes; throws `CodecError` when it is not valid base58 of 32 bytes. */
export function decodePubkey(text: string): Uint8Array {
  if (typeof text !== "string") throw new CodecError(`expected a base58 public key string, got ${typeof text}`);
  if (text === ONES) return new Uint8Array(32);
  let out: Uint8Array;
  try {
    out = bs58.decode(text);
  } catch {
    throw new CodecError(`invalid base58 public key "${text}"`);
  }
  if (out.length !== 32) throw new CodecError(`public key "${text}" decodes to ${out.length} bytes, expected 32`);
  return out;
}
