import { arenaBytes } from "./arena.ts";
import { pubkeyBytes } from "./key-bytes.ts";
import { CodecError } from "./errors.ts";

import { U64_MAX } from "../constants.ts";

const utf8 = new TextEncoder();
const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;
const U128_MAX = (1n << 128n) - 1n;
const I128_MIN = -(1n << 127n);
const I128_MAX = (1n << 127n) - 1n;
const MASK64 = U64_MAX;

function checkInt(v: unknown, min: number, max: number, type: string): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    throw new CodecError(`expected ${type} (integer ${min}..${max}), got ${describe(v)}`);
  }
  return v;
}

function checkBig(v: unknown, min: bigint, max: bigint, type: string): bigint {
  if (typeof v !== "bigint" || v < min || v > max) {
    throw new CodecError(`expected ${type} (bigint ${min}..${max}), got ${describe(v)}`);
  }
  return v;
}

function describe(v: unknown): string {
  if (typeof v === "bigint") return `${v}n`;
  if (typeof v === "string") return JSON.stringify(v);
  if (v instanceof Uint8Array) return `Uint8Array(${v.length})`;
  return String(v);
}

/** Growable little-endian Borsh writer. Values are range-checked; bad values throw `CodecError`. */
export class BorshWriter {
  private buf: Uint8Array;
  private view: DataView;
  /** Number of bytes written so far. */
  length = 0;

  constructor(initialCapacity = 256) {
    this.buf = new Uint8Array(Math.max(16, initialCapacity));
    this.view = new DataView(this.buf.buffer);
  }

  /**
   * Reserves `n` bytes and returns their start offset. May replace `buf`/`view`: callers must call it before
   * touching either (`this.buf[this.claim(1)]` would write into the old buffer).
   */
  private claim(n: number): number {
    const at = this.length;
    const need = at + n;
    if (need > this.buf.length) {
      let cap = this.buf.length * 2;
      while (cap < need) cap *= 2;
      const next = new Uint8Array(cap);
      next.set(this.buf.subarray(0, at));
      this.buf = next;
      this.view = new DataView(next.buffer);
    }
    this.length = need;
    return at;
  }

  u8(v: number): void {
    const b = checkInt(v, 0, 0xff, "u8");
    const at = this.claim(1);
    this.buf[at] = b;
  }
  u16(v: number): void {
    const x = checkInt(v, 0, 0xffff, "u16");
    const at = this.claim(2);
    this.view.setUint16(at, x, true);
  }
  u32(v: number): void {
    const x = checkInt(v, 0, 0xffff_ffff, "u32");
    const at = this.claim(4);
    this.view.setUint32(at, x, true);
  }
  i16(v: number): void {
    const x = checkInt(v, -0x8000, 0x7fff, "i16");
    const at = this.claim(2);
    this.view.setInt16(at, x, true);
  }
  i32(v: number): void {
    const x = checkInt(v, -0x8000_0000, 0x7fff_ffff, "i32");
    const at = this.claim(4);
    this.view.setInt32(at, x, true);
  }
  u64(v: bigint): void {
    const x = checkBig(v, 0n, U64_MAX, "u64");
    const at = this.claim(8);
    this.view.setBigUint64(at, x, true);
  }
  i64(v: bigint): void {
    const x = checkBig(v, I64_MIN, I64_MAX, "i64");
    const at = this.claim(8);
    this.view.setBigInt64(at, x, true);
  }
  u128(v: bigint): void {
    const x = checkBig(v, 0n, U128_MAX, "u128");
    const at = this.claim(16);
    this.view.setBigUint64(at, x & MASK64, true);
    this.view.setBigUint64(at + 8, x >> 64n, true);
  }
  i128(v: bigint): void {
    const x = checkBig(v, I128_MIN, I128_MAX, "i128");
    const at = this.claim(16);
    this.view.setBigUint64(at, x & MASK64, true);
    this.view.setBigInt64(at + 8, x >> 64n, true);
  }
  bool(v: boolean): void {
    if (typeof v !== "boolean") throw new CodecError(`expected boolean, got ${describe(v)}`);
    const b = v ? 1 : 0;
    const at = this.claim(1);
    this.buf[at] = b;
  }
  /** A base58 public key, written as its 32 raw bytes. */
  pubkey(v: string): void {
    const raw = pubkeyBytes(v); // memoised: instruction arguments repeat the same keys
    const at = this.claim(32);
    this.buf.set(raw, at);
  }
  /** Exactly `n` raw bytes (padding, reserved areas). */
  fixedBytes(v: Uint8Array, n: number): void {
    if (!(v instanceof Uint8Array) || v.length !== n) {
      throw new CodecError(`expected Uint8Array of length ${n}, got ${describe(v)}`);
    }
    const at = this.claim(n);
    this.buf.set(v, at);
  }
  /** Raw bytes of any length (discriminators). */
  raw(v: Uint8Array): void {
    const at = this.claim(v.length);
    this.buf.set(v, at);
  }
  string(v: string): void {
    if (typeof v !== "string") throw new CodecError(`expected string, got ${describe(v)}`);
    const b = utf8.encode(v);
    this.u32(b.length);
    this.raw(b);
  }

  /** Forgets what was written (the buffer is kept), so one writer can encode value after value. */
  reset(): void {
    this.length = 0;
  }

  /** The written bytes, as a new exactly-sized array. */
  toBytes(): Uint8Array {
    return this.buf.slice(0, this.length);
  }

  /** The written bytes, copied into an exactly-sized view of a shared slab (`arena.ts`: cheaper for short data). */
  toArenaBytes(): Uint8Array {
    const out = arenaBytes(this.length);
    out.set(this.buf.subarray(0, this.length));
    return out;
  }
}
