import { encodePubkey } from "./base58.ts";
import { CodecError } from "./errors.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Sequential little-endian Borsh reader over a `Uint8Array`. Every read checks the remaining length first and
 * throws `CodecError` (never a `RangeError`) when the buffer is too short.
 */
export class BorshReader {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  /** Current read position, relative to `bytes`. */
  offset: number;

  constructor(bytes: Uint8Array, offset = 0) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.offset = offset;
  }

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  /** Claims `n` bytes and returns their start offset. */
  take(n: number): number {
    const at = this.offset;
    if (at + n > this.bytes.length) {
      throw new CodecError(
        `unexpected end of data: need ${n} byte(s) at offset ${at}, buffer has ${this.bytes.length}`,
      );
    }
    this.offset = at + n;
    return at;
  }

  u8(): number {
    return this.bytes[this.take(1)];
  }
  u16(): number {
    return this.view.getUint16(this.take(2), true);
  }
  u32(): number {
    return this.view.getUint32(this.take(4), true);
  }
  i16(): number {
    return this.view.getInt16(this.take(2), true);
  }
  i32(): number {
    return this.view.getInt32(this.take(4), true);
  }
  u64(): bigint {
    return this.view.getBigUint64(this.take(8), true);
  }
  i64(): bigint {
    return this.view.getBigInt64(this.take(8), true);
  }
  u128(): bigint {
    const at = this.take(16);
    return (this.view.getBigUint64(at + 8, true) << 64n) | this.view.getBigUint64(at, true);
  }
  i128(): bigint {
    const at = this.take(16);
    return (this.view.getBigInt64(at + 8, true) << 64n) | this.view.getBigUint64(at, true);
  }
  bool(): boolean {
    const at = this.take(1);
    const b = this.bytes[at];
    if (b > 1) throw new CodecError(`invalid bool byte ${b} at offset ${at}`);
    return b === 1;
  }
  /** A 32-byte public key as base58. */
  pubkey(): string {
    return encodePubkey(this.bytes, this.take(32));
  }
  /** A copy of the next `n` raw bytes. */
  fixedBytes(n: number): Uint8Array {
    const at = this.take(n);
    return this.bytes.slice(at, at + n);
  }
  /** Borsh `String`: u32 byte length then UTF-8. */
  string(): string {
    const len = this.u32();
    const at = this.take(len);
    try {
      return utf8.decode(this.bytes.subarray(at, at + len));
    } catch {
      throw new CodecError(`invalid UTF-8 in string at offset ${at}`);
    }
  }
}
