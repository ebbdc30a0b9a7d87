/**
 * Where a field sits inside a Borsh struct, computed from the codecs' own description (their schemas), so code that
 * reads one field of many accounts without decoding them (pool statistics scan every basket) uses the same layout
 * as the decoder and has no offsets of its own.
 */
import type { Codec, Schema } from "./codecs.ts";
import { CodecError } from "./errors.ts";

/** The size of a codec whose values all encode to the same number of bytes (a layout's fixed parts). */
export function fixedSize(codec: Codec<unknown>): number {
  if (codec.size === undefined) throw new CodecError(`a fixed-size codec is needed here, not ${codec.schema.type}`);
  return codec.size;
}

const PRIMITIVE_SIZES: Partial<Record<Schema["type"], number>> = {
  u8: 1,
  bool: 1,
  enum: 1,
  u16: 2,
  i16: 2,
  u32: 4,
  i32: 4,
  u64: 8,
  i64: 8,
  u128: 16,
  i128: 16,
  pubkey: 32,
};

const sizes = new WeakMap<Schema, number | null>();

/** The encoded size of every value of `schema`, or undefined when it varies (a Vec, a String or an Option inside). */
export function schemaSize(schema: Schema): number | undefined {
  let size = sizes.get(schema);
  if (size === undefined) sizes.set(schema, size = computeSize(schema) ?? null);
  return size ?? undefined;
}

function computeSize(schema: Schema): number | undefined {
  switch (schema.type) {
    case "bytes":
      return schema.length;
    case "array": {
      const of = schemaSize(schema.of);
      return of === undefined ? undefined : of * schema.length;
    }
    case "struct": {
      let size = 0;
      for (const [, field] of schema.fields) {
        const s = schemaSize(field);
        if (s === undefined) return undefined;
        size += s;
      }
      return size;
    }
    default:
      return PRIMITIVE_SIZES[schema.type];
  }
}

/**
 * The byte offset of a field inside a struct, following `path` through nested structs (`"position", "sizeAmount"`).
 * Every field before it must have a fixed size; a variable one (a Vec) ends what can be located this way.
 */
export function fieldOffset(schema: Schema, ...path: string[]): number {
  let offset = 0;
  let at = schema;
  for (const name of path) {
    if (at.type !== "struct") throw new CodecError(`${name}: not inside a struct`);
    let found: Schema | undefined;
    for (const [key, field] of at.fields) {
      if (key === name) {
        found = field;
        break;
      }
      const size = schemaSize(field);
      if (size === undefined) throw new CodecError(`${name} follows ${key}, whose size varies`);
      offset += size;
    }
    if (found === undefined) throw new CodecError(`${at.name} has no field ${name}`);
    at = found;
  }
  return offset;
}

/**
 * Where the value of `schema` encoded at `offset` ends, found from its length prefixes without decoding it. Throws a
 * CodecError when the data ends first, as a decode would; the values themselves are not checked (a bool byte of 2, an
 * enum index out of range), which a decode would refuse.
 */
export function encodedEnd(schema: Schema, data: Uint8Array, offset: number): number {
  const fixed = schemaSize(schema);
  let end: number;
  if (fixed !== undefined) end = offset + fixed;
  else if (schema.type === "struct") {
    end = offset;
    for (const [, field] of schema.fields) end = encodedEnd(field, data, end);
  } else if (schema.type === "array") {
    end = offset;
    for (let i = 0; i < schema.length; i++) end = encodedEnd(schema.of, data, end);
  } else if (schema.type === "string") {
    end = offset + 4 + u32At(data, offset);
  } else if (schema.type === "vec") {
    const count = u32At(data, offset);
    const element = schemaSize(schema.of);
    end = offset + 4;
    if (element !== undefined) end += count * element;
    else for (let i = 0; i < count; i++) end = encodedEnd(schema.of, data, end);
  } else if (schema.type === "option") {
    end = offset + 1;
    if (end > data.length) throw new CodecError(`data ends at ${data.length}, inside an Option tag at ${offset}`);
    if (data[offset] === 1) end = encodedEnd(schema.of, data, end);
  } else throw new CodecError(`no size for ${schema.type}`);
  if (end > data.length) throw new CodecError(`data ends at ${data.length}, inside a value ending at ${end}`);
  return end;
}

/** The little-endian u32 at `offset` (a Vec's or String's length prefix). */
export function u32At(data: Uint8Array, offset: number): number {
  if (offset + 4 > data.length) throw new CodecError(`data ends at ${data.length}, inside a length at ${offset}`);
  return (data[offset] | data[offset + 1] << 8 | data[offset + 2] << 16 | data[offset + 3] << 24) >>> 0;
}
