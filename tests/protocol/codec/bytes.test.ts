import assert from "node:assert/strict";
import bs58 from "bs58";
import fc from "fast-check";
import { base58, base64, fromBase58, fromBase64, fromHex, hex } from "../../../src/protocol/codec/bytes.ts";
import { CodecError } from "../../../src/protocol/codec/errors.ts";

Deno.test("hex, base64 and base58 round-trip any bytes and agree with independent encoders", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
      assert.equal(hex(bytes), Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""));
      assert.equal(base64(bytes), btoa(String.fromCharCode(...bytes)));
      assert.equal(base58(bytes), bs58.encode(bytes));
      assert.deepEqual(fromHex(hex(bytes)), bytes);
      assert.deepEqual(fromBase64(base64(bytes)), bytes);
      assert.deepEqual(fromBase58(base58(bytes)), bytes);
    }),
  );
});

Deno.test("encoders read the view, not the whole buffer; decoders return arrays that own their buffer", () => {
  const whole = Uint8Array.of(0xff, 1, 2, 3, 0xff);
  const view = whole.subarray(1, 4);
  assert.equal(hex(view), "010203");
  assert.equal(base64(view), "AQID");
  const decoded = fromBase64("AQID");
  assert.equal(decoded.byteOffset, 0);
  assert.equal(decoded.buffer.byteLength, 3);
});

Deno.test("hex accepts either case and checks an expected length", () => {
  assert.deepEqual(fromHex("DB4f6b87e7f3daf8", 8), Uint8Array.of(0xdb, 0x4f, 0x6b, 0x87, 0xe7, 0xf3, 0xda, 0xf8));
  assert.throws(() => fromHex("db4f", 8), CodecError);
  assert.throws(() => fromHex("abc"), CodecError);
  assert.throws(() => fromHex("zz"), CodecError);
});

Deno.test("malformed base64 and base58 are rejected, not partly decoded", () => {
  assert.throws(() => fromBase64("A*ID"), CodecError);
  assert.throws(() => fromBase58("0OIl"), CodecError);
});
