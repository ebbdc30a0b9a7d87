import assert from "node:assert/strict";
import fc from "fast-check";
import {
  BorshWriter,
  type Codec,
  encodedEnd,
  fieldOffset,
  fixedSize,
  schemaSize,
  u32At,
} from "../../../src/protocol/codec/mod.ts";
import { CodecError } from "../../../src/protocol/codec/errors.ts";
import { ACCOUNT_CODECS, basketStruct, positionMeta } from "../../../src/protocol/accounts/mod.ts";
import { arbitraryOf } from "../_arbitrary.ts";

const everyAccountCodec = Object.values(ACCOUNT_CODECS).flatMap((codecs) => Object.values(codecs));

Deno.test("schemaSize agrees with every account codec's own size (fixed or not)", () => {
  for (const codec of everyAccountCodec) {
    if (!codec) continue;
    assert.equal(schemaSize(codec.body.schema), codec.body.size, codec.name);
  }
  assert.equal(fixedSize(positionMeta), schemaSize(positionMeta.schema));
  assert.throws(() => fixedSize(basketStruct), CodecError);
});

Deno.test("fieldOffset: the documented offsets (PROTOCOL-v2 §4.2), through nested structs; a Vec before ends it", () => {
  // owner @8, delegate @40, basket_bump @72, padding @73, positions_active @78, orders_active @79, debits @80
  assert.equal(fieldOffset(basketStruct.schema, "basketBump"), 72 - 8);
  assert.equal(fieldOffset(basketStruct.schema, "debits"), 80 - 8);
  // PositionMeta: market (32), then the position: owner, market, delegate, openTime, updateTime, entryPrice, sizeAmount
  assert.equal(fieldOffset(positionMeta.schema, "position", "sizeAmount"), 32 + 3 * 32 + 2 * 8 + 12);
  assert.throws(() => fieldOffset(basketStruct.schema, "positions"), CodecError, "follows a Vec");
  assert.throws(() => fieldOffset(basketStruct.schema, "nope"), CodecError);
});

Deno.test("encodedEnd finds where an encoded value ends without decoding it, and refuses data that ends early", () => {
  fc.assert(
    fc.property(arbitraryOf(basketStruct.schema, 3), fc.integer({ min: 0, max: 1 << 30 }), (value, cutSeed) => {
      const bytes = encodeWith(basketStruct, value);
      const padded = new Uint8Array(bytes.length + 7);
      padded.set(bytes, 3);
      assert.equal(encodedEnd(basketStruct.schema, padded, 3), 3 + bytes.length);
      const cut = bytes.subarray(0, cutSeed % bytes.length);
      assert.throws(() => encodedEnd(basketStruct.schema, cut, 0), CodecError);
    }),
    { numRuns: 200 },
  );
  assert.equal(u32At(Uint8Array.of(1, 2, 3, 0x80), 0), 0x80030201);
  assert.throws(() => u32At(Uint8Array.of(1, 2, 3), 0), CodecError);
});

function encodeWith(codec: Codec<unknown>, value: unknown): Uint8Array {
  const w = new BorshWriter(256);
  codec.write(w, value);
  return w.toBytes();
}
