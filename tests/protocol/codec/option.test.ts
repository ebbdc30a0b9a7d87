import assert from "node:assert/strict";
import fc from "fast-check";
import { oraclePrice } from "../../../src/protocol/accounts/common.ts";
import { BorshReader, BorshWriter, type Codec, CodecError, struct, u64, u8 } from "../../../src/protocol/codec/mod.ts";
import { option } from "../../../src/protocol/codec/option.ts";
import { arbitraryOf } from "../_arbitrary.ts";

function encode<T>(c: Codec<T>, v: T): Uint8Array {
  const w = new BorshWriter(1);
  c.write(w, v);
  return w.toBytes();
}
function decode<T>(c: Codec<T>, b: Uint8Array): T {
  const r = new BorshReader(b);
  const v = c.read(r);
  assert.equal(r.remaining, 0, "every byte consumed");
  return v;
}

Deno.test("Option<u8>: None is one zero byte, Some is tag 1 then the value", () => {
  const c = option(u8);
  assert.deepEqual(encode(c, null), Uint8Array.of(0));
  assert.deepEqual(encode(c, 7), Uint8Array.of(1, 7));
  assert.equal(decode(c, Uint8Array.of(0)), null);
  assert.equal(decode(c, Uint8Array.of(1, 255)), 255);
});

Deno.test("Option<OraclePrice>: Some(12 345 × 10^-8) is 1 + 8 + 4 bytes", () => {
  const c = option(oraclePrice);
  // tag 01 | price 12345 = 0x3039 → 39 30 00 00 00 00 00 00 | exponent -8 = 0xfffffff8 → f8 ff ff ff
  const some = Uint8Array.of(1, 0x39, 0x30, 0, 0, 0, 0, 0, 0, 0xf8, 0xff, 0xff, 0xff);
  assert.deepEqual(encode(c, { price: 12_345n, exponent: -8 }), some);
  assert.deepEqual(decode(c, some), { price: 12_345n, exponent: -8 });
  assert.deepEqual(encode(c, null), Uint8Array.of(0));
});

Deno.test("Option inside a struct: the view-argument shape of PROTOCOL-v2 §3.14", () => {
  interface Args {
    amountIn: bigint;
    discountIndex: number | null;
  }
  const c = struct<Args>("Args", { amountIn: u64, discountIndex: option(u8) });
  assert.equal(c.size, undefined, "variable size");
  assert.equal(c.minSize, 9);
  assert.deepEqual(encode(c, { amountIn: 1n, discountIndex: null }), Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0, 0));
  assert.deepEqual(encode(c, { amountIn: 1n, discountIndex: 3 }), Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0, 1, 3));
  assert.deepEqual(c.schema, {
    type: "struct",
    name: "Args",
    fields: [["amountIn", { type: "u64" }], ["discountIndex", { type: "option", of: { type: "u8" } }]],
  });
});

Deno.test("Option rejects a tag other than 0 or 1, a missing value and a truncated Some", () => {
  const c = option(u64);
  assert.throws(() => decode(c, Uint8Array.of(2)), (e) => e instanceof CodecError && /Option tag 2/.test(e.message));
  assert.throws(() => decode(c, Uint8Array.of(1, 1, 2)), (e) => e instanceof CodecError && e.path[0] === "Some");
  assert.throws(() => decode(c, new Uint8Array(0)), CodecError);
  assert.throws(() => encode(c, undefined as unknown as bigint), /undefined/);
  assert.throws(() => encode(c, -1n), (e) => e instanceof CodecError && e.path[0] === "Some");
});

Deno.test("Option size: fixed only when the inner value is empty", () => {
  assert.equal(option(u8).size, undefined);
  assert.equal(option(struct("Empty", {})).size, 1);
});

Deno.test("Option round trip (property, nested options and structs)", () => {
  const c = option(struct<{ a: bigint | null; b: number }>("S", { a: option(u64), b: u8 }));
  fc.assert(fc.property(arbitraryOf(c.schema) as fc.Arbitrary<{ a: bigint | null; b: number } | null>, (v) => {
    assert.deepEqual(decode(c, encode(c, v)), v);
  }));
});
