import { Buffer } from "node:buffer";
import bs58 from "bs58";

/** Base64 → fresh Uint8Array (a copy, so no pooled buffer is kept alive). */
export function fromBase64(s: string): Uint8Array {
  const buf = Buffer.from(s, "base64");
  return new Uint8Array(buf);
}

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

export function fromBase58(s: string): Uint8Array {
  return bs58.decode(s);
}

export function toBase58(bytes: Uint8Array): string {
  return bs58.encode(bytes);
}

/** A bigint as a JSON number when exactly representable, else as a decimal string. */
export function bigintToJson(v: bigint): number | string {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
}

/** Accepts a JSON number (integer) or decimal string. */
export function bigintFromJson(v: unknown, what: string): bigint {
  if (typeof v === "number" && Number.isInteger(v)) return BigInt(v);
  if (typeof v === "string" && /^-?\d+$/.test(v)) return BigInt(v);
  if (typeof v === "bigint") return v;
  throw new TypeError(`${what}: expected an integer, got ${JSON.stringify(v)}`);
}
