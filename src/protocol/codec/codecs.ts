import { CodecError } from "./errors.ts";
import type { BorshReader } from "./reader.ts";
import type { BorshWriter } from "./writer.ts";

/** Machine-readable description of a codec's wire type (used for introspection and test generators). */
export type Schema =
  | {
    readonly type:
      | "u8"
      | "u16"
      | "u32"
      | "i16"
      | "i32"
      | "u64"
      | "i64"
      | "u128"
      | "i128"
      | "bool"
      | "pubkey"
      | "string";
  }
  | { readonly type: "bytes"; readonly length: number }
  | { readonly type: "enum"; readonly variants: readonly string[] }
  | { readonly type: "array"; readonly of: Schema; readonly length: number }
  | { readonly type: "vec"; readonly of: Schema }
  | { readonly type: "option"; readonly of: Schema }
  | { readonly type: "struct"; readonly name: string; readonly fields: readonly (readonly [string, Schema])[] };

/** Wire types without parameters. */
export type PrimitiveType = Exclude<Schema["type"], "bytes" | "enum" | "array" | "vec" | "option" | "struct">;

/** A Borsh codec for values of type `T`. */
export interface Codec<T> {
  readonly schema: Schema;
  /** Byte size when every value has the same size (no Vec/String inside), else `undefined`. */
  readonly size: number | undefined;
  /** Smallest possible encoded size (used to reject absurd Vec lengths before allocating). */
  readonly minSize: number;
  read(r: BorshReader): T;
  write(w: BorshWriter, v: T): void;
}

function prim<T>(
  type: PrimitiveType,
  size: number | undefined,
  read: (r: BorshReader) => T,
  write: (w: BorshWriter, v: T) => void,
): Codec<T> {
  return { schema: { type }, size, minSize: size ?? 4, read, write };
}

export const u8: Codec<number> = prim("u8", 1, (r) => r.u8(), (w, v) => w.u8(v));
export const u16: Codec<number> = prim("u16", 2, (r) => r.u16(), (w, v) => w.u16(v));
export const u32: Codec<number> = prim("u32", 4, (r) => r.u32(), (w, v) => w.u32(v));
export const i16: Codec<number> = prim("i16", 2, (r) => r.i16(), (w, v) => w.i16(v));
export const i32: Codec<number> = prim("i32", 4, (r) => r.i32(), (w, v) => w.i32(v));
export const u64: Codec<bigint> = prim("u64", 8, (r) => r.u64(), (w, v) => w.u64(v));
export const i64: Codec<bigint> = prim("i64", 8, (r) => r.i64(), (w, v) => w.i64(v));
export const u128: Codec<bigint> = prim("u128", 16, (r) => r.u128(), (w, v) => w.u128(v));
export const i128: Codec<bigint> = prim("i128", 16, (r) => r.i128(), (w, v) => w.i128(v));
export const bool: Codec<boolean> = prim("bool", 1, (r) => r.bool(), (w, v) => w.bool(v));
/** Pubkey as a base58 string. */
export const pubkey: Codec<string> = prim("pubkey", 32, (r) => r.pubkey(), (w, v) => w.pubkey(v));
/** Borsh String (u32 length + UTF-8). */
export const string: Codec<string> = prim("string", undefined, (r) => r.string(), (w, v) => w.string(v));

/** `n` raw bytes kept as a `Uint8Array` — for padding and reserved areas, whatever their declared element type. */
export function bytes(n: number): Codec<Uint8Array> {
  return {
    schema: { type: "bytes", length: n },
    size: n,
    minSize: n,
    read: (r) => r.fixedBytes(n),
    write: (w, v) => w.fixedBytes(v, n),
  };
}

/** Fieldless Borsh enum (1-byte variant index) decoded to its variant name. */
export function enumeration<const V extends string>(name: string, variants: readonly V[]): Codec<V> {
  const index = new Map<string, number>(variants.map((v, i) => [v, i]));
  return {
    schema: { type: "enum", variants },
    size: 1,
    minSize: 1,
    read(r) {
      const at = r.offset;
      const i = r.u8();
      if (i >= variants.length) throw new CodecError(`invalid ${name} variant index ${i} at offset ${at}`);
      return variants[i];
    },
    write(w, v) {
      const i = index.get(v);
      if (i === undefined) {
        throw new CodecError(`invalid ${name} variant ${JSON.stringify(v)} (expected one of ${variants.join(", ")})`);
      }
      w.u8(i);
    },
  };
}

/** Fixed-length array `[T; n]` (no length prefix). */
export function array<T>(of: Codec<T>, n: number): Codec<T[]> {
  return {
    schema: { type: "array", of: of.schema, length: n },
    size: of.size === undefined ? undefined : of.size * n,
    minSize: of.minSize * n,
    read(r) {
      const out = new Array<T>(n);
      let i = 0;
      try {
        for (; i < n; i++) out[i] = of.read(r);
      } catch (e) {
        throw e instanceof CodecError ? e.within(String(i)) : e;
      }
      return out;
    },
    write(w, v) {
      if (!Array.isArray(v) || v.length !== n) {
        throw new CodecError(`expected an array of length ${n}, got ${Array.isArray(v) ? `length ${v.length}` : v}`);
      }
      let i = 0;
      try {
        for (; i < n; i++) of.write(w, v[i]);
      } catch (e) {
        throw e instanceof CodecError ? e.within(String(i)) : e;
      }
    },
  };
}

/** Borsh `Vec<T>`: u32 element count then the elements. */
export function vec<T>(of: Codec<T>): Codec<T[]> {
  return {
    schema: { type: "vec", of: of.schema },
    size: undefined,
    minSize: 4,
    read(r) {
      const at = r.offset;
      const n = r.u32();
      if (n * of.minSize > r.remaining) {
        throw new CodecError(
          `vector length ${n} at offset ${at} needs at least ${n * of.minSize} more byte(s), ${r.remaining} left`,
        );
      }
      const out = new Array<T>(n);
      let i = 0;
      try {
        for (; i < n; i++) out[i] = of.read(r);
      } catch (e) {
        throw e instanceof CodecError ? e.within(String(i)) : e;
      }
      return out;
    },
    write(w, v) {
      if (!Array.isArray(v)) throw new CodecError(`expected an array, got ${v}`);
      w.u32(v.length);
      let i = 0;
      try {
        for (; i < v.length; i++) of.write(w, v[i]);
      } catch (e) {
        throw e instanceof CodecError ? e.within(String(i)) : e;
      }
    },
  };
}

/**
 * Codecs for the fields of `T`, in wire order (object-literal order is the Borsh field order).
 * Optional properties of `T` may be left out: that is how version-specific fields are declared. A field typed
 * `X | null` takes a `Codec<X | null>` (Borsh `Option<X>`, see `option.ts`).
 */
export type Fields<T> = { [K in keyof T]: Codec<Exclude<T[K], undefined>> };

/**
 * Borsh struct: fields back to back, no alignment. Decodes to a plain object with the fields in wire order.
 * `fastRead` optionally replaces the generic field loop with a hand-written reader for small structs on the hot
 * decode path (the field table stays the single description used for writing, sizes and schema; the round-trip
 * tests check that both agree).
 */
export function struct<T extends object>(
  name: string,
  fields: Fields<T>,
  fastRead?: (r: BorshReader) => T,
): Codec<T> {
  const keys = Object.keys(fields);
  const codecs = keys.map((k) => (fields as Record<string, Codec<unknown>>)[k]);
  const n = keys.length;
  let size: number | undefined = 0;
  let minSize = 0;
  for (const c of codecs) {
    size = size === undefined || c.size === undefined ? undefined : size + c.size;
    minSize += c.minSize;
  }
  const genericRead = (r: BorshReader): T => {
    const o: Record<string, unknown> = {};
    let i = 0;
    try {
      for (; i < n; i++) o[keys[i]] = codecs[i].read(r);
    } catch (e) {
      throw e instanceof CodecError ? e.within(keys[i]) : e;
    }
    return o as T;
  };
  return {
    schema: { type: "struct", name, fields: keys.map((k, i) => [k, codecs[i].schema] as const) },
    size,
    minSize,
    read: fastRead ?? genericRead,
    write(w, v) {
      if (v === null || typeof v !== "object") throw new CodecError(`expected a ${name} object, got ${v}`);
      const rec = v as Record<string, unknown>;
      let i = 0;
      try {
        for (; i < n; i++) {
          const x = rec[keys[i]];
          if (x === undefined) throw new CodecError(`missing field of ${name}`);
          codecs[i].write(w, x);
        }
      } catch (e) {
        throw e instanceof CodecError ? e.within(keys[i]) : e;
      }
    },
  };
}
