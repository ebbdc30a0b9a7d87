/** Minimal Borsh codec over Uint8Array + DataView. */
export { CodecError } from "./errors.ts";
export { decodePubkey, DEFAULT_PUBKEY, encodePubkey } from "./base58.ts";
export { pubkeyBytes } from "./key-bytes.ts";
export { encodedEnd, fieldOffset, fixedSize, schemaSize, u32At } from "./offsets.ts";
export { BorshReader } from "./reader.ts";
export { BorshWriter } from "./writer.ts";
export {
  array,
  bool,
  bytes,
  type Codec,
  enumeration,
  type Fields,
  i128,
  i16,
  i32,
  i64,
  pubkey,
  type Schema,
  string,
  struct,
  u128,
  u16,
  u32,
  u64,
  u8,
  vec,
} from "./codecs.ts";
