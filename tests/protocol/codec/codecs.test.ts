import assert from "node:assert/strict";
import fc from "fast-check";
import {
  array,
  bool,
  type Codec,
  CodecError,
  enumeration,
  i128,
  i16,
  i32,
  i64,
  string,
  struct,
  u128,
  u16,
  u32,
  u64,
  u8,
  vec,
} from "../../../src/protocol/codec/mod.ts";
import { decode, encode } from "./_helpers.ts";

Deno.test("primitives are little-endian Borsh", () => {
  assert.deepEqual(encode(u16, 0x1234), Uint8Array.of(0x34, 0x12));
  assert.deepEqual(encode(u32, 0xdeadbeef), Uint8Array.of(0xef, 0xbe, 0xad, 0xde));
  assert.deepEqual(encode(i16, -2), Uint8Array.of(0xfe, 0xff));
  assert.deepEqual(encode(i32, -8), Uint8Array.of(0xf8, 0xff, 0xff, 0xff));
  assert.deepEqual(encode(u64, 1n), Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0));
  assert.deepEqual(encode(i64, -1n), new Uint8Array(8).fill(0xff));
  assert.deepEqual(encode(u128, 1n << 64n), Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0));
  assert.deepEqual(encode(i128, -1n), new Uint8Array(16).fill(0xff));
  assert.equal(decode(i128, encode(i128, -(1n << 127n))), -(1n << 127n));
  assert.equal(decode(i128, encode(i128, -(1n << 64n) - 5n)), -(1n << 64n) - 5n);
  assert.deepEqual(encode(bool, true), Uint8Array.of(1));
  assert.deepEqual(encode(string, "Crypto.1"), Uint8Array.of(8, 0, 0, 0, ...new TextEncoder().encode("Crypto.1")));
  assert.deepEqual(encode(vec(u8), [7, 8]), Uint8Array.of(2, 0, 0, 0, 7, 8));
  assert.deepEqual(encode(array(u16, 2), [1, 2]), Uint8Array.of(1, 0, 2, 0));
  assert.deepEqual(encode(enumeration("Side", ["None", "Long", "Short"]), "Short"), Uint8Array.of(2));
});

Deno.test("primitive round trips (property)", () => {
  const cases: [Codec<unknown>, fc.Arbitrary<unknown>][] = [
    [u8 as Codec<unknown>, fc.integer({ min: 0, max: 255 })],
    [u16 as Codec<unknown>, fc.integer({ min: 0, max: 0xffff })],
    [u32 as Codec<unknown>, fc.integer({ min: 0, max: 0xffff_ffff })],
    [i16 as Codec<unknown>, fc.integer({ min: -0x8000, max: 0x7fff })],
    [i32 as Codec<unknown>, fc.integer({ min: -0x8000_0000, max: 0x7fff_ffff })],
    [u64 as Codec<unknown>, fc.bigInt({ min: 0n, max: (1n << 64n) - 1n })],
    [i64 as Codec<unknown>, fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n })],
    [u128 as Codec<unknown>, fc.bigInt({ min: 0n, max: (1n << 128n) - 1n })],
    [i128 as Codec<unknown>, fc.bigInt({ min: -(1n << 127n), max: (1n << 127n) - 1n })],
    [string as Codec<unknown>, fc.string({ unit: "grapheme" })],
    [vec(vec(u16)) as Codec<unknown>, fc.array(fc.array(fc.integer({ min: 0, max: 0xffff })))],
  ];
  for (const [codec, arb] of cases) {
    fc.assert(fc.property(arb, (v) => assert.deepEqual(decode(codec, encode(codec, v)), v)), { numRuns: 200 });
  }
});

Deno.test("corrupt input throws CodecError with the field path", () => {
  const s = struct<{ a: number; b: boolean[] }>("S", { a: u8, b: vec(bool) });
  assert.throws(
    () => decode(s, Uint8Array.of(1, 2, 0, 0, 0, 1, 7)),
    (e) => e instanceof CodecError && e.message === "b.1: invalid bool byte 7 at offset 6",
  );
  assert.throws(
    () => decode(enumeration("Side", ["None", "Long", "Short"]), Uint8Array.of(3)),
    /invalid Side variant index 3/,
  );
  // Absurd vector lengths are rejected before allocating.
  assert.throws(() => decode(vec(u64), Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0)), /vector length 4294967295/);
  assert.throws(() => decode(string, Uint8Array.of(2, 0, 0, 0, 0xc3, 0x28)), /invalid UTF-8/);
});
