import { BorshReader, BorshWriter, type Codec } from "../../../src/protocol/codec/mod.ts";

export function encode<T>(c: Codec<T>, v: T): Uint8Array {
  const w = new BorshWriter(1); // tiny start capacity exercises growth
  c.write(w, v);
  return w.toBytes();
}

export function decode<T>(c: Codec<T>, b: Uint8Array): T {
  return c.read(new BorshReader(b));
}
