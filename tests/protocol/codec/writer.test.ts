import assert from "node:assert/strict";
import {
  array,
  bool,
  bytes,
  type Codec,
  CodecError,
  enumeration,
  i128,
  i32,
  i64,
  pubkey,
  struct,
  u128,
  u16,
  u32,
  u64,
  u8,
} from "../../../src/protocol/codec/mod.ts";
import { encode } from "./_helpers.ts";

Deno.test("writer rejects out-of-range and mistyped values with CodecError", () => {
  const bad: [Codec<never>, unknown][] = [
    [u8 as Codec<never>, 256],
    [u8 as Codec<never>, -1],
    [u8 as Codec<never>, 1.5],
    [u16 as Codec<never>, 65536],
    [u32 as Codec<never>, 2 ** 32],
    [i32 as Codec<never>, 2 ** 31],
    [u64 as Codec<never>, -1n],
    [u64 as Codec<never>, 1n << 64n],
    [u64 as Codec<never>, 5],
    [i64 as Codec<never>, 1n << 63n],
    [u128 as Codec<never>, 1n << 128n],
    [i128 as Codec<never>, 1n << 127n],
    [bool as Codec<never>, 1],
    [pubkey as Codec<never>, "not-base58-0OIl"],
    [pubkey as Codec<never>, "abc"],
    [bytes(3) as Codec<never>, new Uint8Array(4)],
    [array(u8, 2) as Codec<never>, [1]],
    [enumeration("Side", ["None", "Long"]) as Codec<never>, "Short"],
  ];
  for (const [codec, v] of bad) {
    assert.throws(() => encode(codec, v as never), CodecError, String(v));
  }
  const s = struct<{ a: bigint; b: number }>("S", { a: u64, b: u8 });
  assert.throws(
    () => encode(s, { a: 1n } as never),
    (e) => e instanceof CodecError && e.message === "b: missing field of S",
  );
});
