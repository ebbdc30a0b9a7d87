import assert from "node:assert/strict";
import bs58 from "bs58";
import fc from "fast-check";
import {
  array,
  bool,
  BorshReader,
  BorshWriter,
  bytes,
  type Codec,
  CodecError,
  decodePubkey,
  DEFAULT_PUBKEY,
  encodePubkey,
  enumeration,
  i128,
  i16,
  i32,
  i64,
  pubkey,
  string,
  struct,
  u128,
  u16,
  u32,
  u64,
  u8,
  vec,
} from "../../src/protocol/codec/mod.ts";

function encode<T>(c: Codec<T>, v: T): Uint8Array {
  const w = new BorshWriter(1); // tiny start capacity exercises growth
  c.write(w, v);
  return w.toBytes();
}
function decode<T>(c: Codec<T>, b: Uint8Array): T {
  return c.read(new BorshReader(b));
}

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

Deno.test("fast base58 pubkey encoding equals bs58 (property + edge cases)", () => {
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.integer({ min: 0, max: 32 }), (b, zeros) => {
      b.fill(0, 0, zeros);
      const expected = bs58.encode(b);
      assert.equal(encodePubkey(b), expected);
      assert.equal(encodePubkey(b), expected); // memoised path
      assert.deepEqual(decodePubkey(expected), b);
    }),
    { numRuns: 2000 },
  );
  for (
    const b of [
      new Uint8Array(32),
      new Uint8Array(32).fill(255),
      Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? 1 : 0)),
    ]
  ) {
    assert.equal(encodePubkey(b), bs58.encode(b));
  }
  assert.equal(encodePubkey(new Uint8Array(32)), DEFAULT_PUBKEY);
  // Offset reads inside a larger buffer.
  const big = new Uint8Array(100);
  const key = bs58.decode("FLASH6Lo6h3iasJKWDs2F8TkW2UKf3s15C8PMGuVfgBn");
  big.set(key, 37);
  assert.equal(encodePubkey(big, 37), "FLASH6Lo6h3iasJKWDs2F8TkW2UKf3s15C8PMGuVfgBn");
});

Deno.test("memo collisions never return a wrong key", () => {
  // Far more distinct keys than memo slots, each encoded twice.
  const keys = fc.sample(fc.uint8Array({ minLength: 32, maxLength: 32 }), { numRuns: 10_000, seed: 42 });
  for (const k of keys) assert.equal(encodePubkey(k), bs58.encode(k));
  for (const k of keys) assert.equal(encodePubkey(k), bs58.encode(k));
});

Deno.test("short buffers throw CodecError (not RangeError) for every read", () => {
  const reads: [string, (r: BorshReader) => unknown, number][] = [
    ["u8", (r) => r.u8(), 1],
    ["u16", (r) => r.u16(), 2],
    ["u32", (r) => r.u32(), 4],
    ["i16", (r) => r.i16(), 2],
    ["i32", (r) => r.i32(), 4],
    ["u64", (r) => r.u64(), 8],
    ["i64", (r) => r.i64(), 8],
    ["u128", (r) => r.u128(), 16],
    ["i128", (r) => r.i128(), 16],
    ["bool", (r) => r.bool(), 1],
    ["pubkey", (r) => r.pubkey(), 32],
    ["bytes", (r) => r.fixedBytes(5), 5],
  ];
  for (const [name, read, n] of reads) {
    for (let len = 0; len < n; len++) {
      assert.throws(() => read(new BorshReader(new Uint8Array(len))), CodecError, `${name} from ${len} bytes`);
    }
    // A view into a larger buffer must not read past its own end.
    const backing = new Uint8Array(64);
    assert.throws(() => read(new BorshReader(backing.subarray(10, 10 + n - 1))), CodecError, name);
    assert.doesNotThrow(() => read(new BorshReader(backing.subarray(10, 10 + n))));
  }
  assert.throws(() => decode(string, Uint8Array.of(5, 0, 0, 0, 65)), /unexpected end of data/);
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
