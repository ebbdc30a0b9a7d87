/**
 * Accounts of other programs (SPL Token, the address lookup table program, the delegation program) have no Anchor
 * discriminator: their layout starts at byte 0. This is their twin of `defineAccount` (accounts/common.ts), and the
 * few wire shapes those layouts use beyond Borsh.
 */
import { BorshReader, BorshWriter, type Codec, CodecError, fixedSize, pubkey, u32, u64, u8 } from "../codec/mod.ts";

/** Codec of a whole account of another program. */
export interface ExternalAccountCodec<T> {
  readonly name: string;
  /** Byte size of the layout when fixed (accounts may be larger: trailing bytes are ignored on decode). */
  readonly size: number | undefined;
  decode(data: Uint8Array): T;
  encode(value: T): Uint8Array;
}

export { fixedSize };

/** The codec of an account whose layout is `body` from byte 0. */
export function defineExternalAccount<T>(name: string, body: Codec<T>): ExternalAccountCodec<T> {
  return {
    name,
    size: body.size,
    decode(data) {
      try {
        return body.read(new BorshReader(data));
      } catch (e) {
        throw e instanceof CodecError ? e.within(name) : e;
      }
    },
    encode(value) {
      const w = new BorshWriter(body.size ?? 256);
      try {
        body.write(w, value);
      } catch (e) {
        throw e instanceof CodecError ? e.within(name) : e;
      }
      return w.toBytes();
    },
  };
}

/**
 * An optional value stored at a fixed width: a tag (`u32` for SPL's `COption`, `u8` for bincode's `Option` in a
 * padded header) followed by the value's bytes, present (zeroed) even when the tag says none. Decodes to the value or
 * null. The wire description is the tag and the value side by side.
 */
function fixedOption<T>(name: string, tag: Codec<number>, of: Codec<T>): Codec<T | null> {
  const valueSize = fixedSize(of);
  const size = fixedSize(tag) + valueSize;
  return {
    schema: { type: "struct", name, fields: [["tag", tag.schema], ["value", of.schema]] },
    size,
    minSize: size,
    read(r) {
      const at = r.offset;
      const present = tag.read(r);
      if (present > 1) throw new CodecError(`invalid ${name} tag ${present} at offset ${at}`);
      if (present === 1) return of.read(r);
      r.take(valueSize);
      return null;
    },
    write(w, v) {
      tag.write(w, v === null ? 0 : 1);
      if (v === null) w.fixedBytes(new Uint8Array(valueSize), valueSize);
      else of.write(w, v);
    },
  };
}

/** SPL's `COption<Pubkey>`: u32 tag + 32 bytes. */
export const cOptionPubkey: Codec<string | null> = fixedOption("COption<Pubkey>", u32, pubkey);
/** SPL's `COption<u64>`: u32 tag + 8 bytes. */
export const cOptionU64: Codec<bigint | null> = fixedOption("COption<u64>", u32, u64);
/** Bincode's `Option<Pubkey>` inside a fixed-size header: u8 tag + 32 bytes. */
export const fixedOptionPubkey: Codec<string | null> = fixedOption("Option<Pubkey>", u8, pubkey);

/** A little-endian IEEE-754 double, described on the wire as its 8 bytes (Borsh has no float in this codec). */
export const f64: Codec<number> = {
  schema: { type: "bytes", length: 8 },
  size: 8,
  minSize: 8,
  read(r) {
    return r.view.getFloat64(r.take(8), true);
  },
  write(w, v) {
    if (typeof v !== "number") throw new CodecError(`expected f64 (number), got ${typeof v}`);
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setFloat64(0, v, true);
    w.fixedBytes(bytes, 8);
  },
};
