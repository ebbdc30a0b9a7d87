import assert from "node:assert/strict";
import bs58 from "bs58";
import fc from "fast-check";
import {
  base58,
  base64,
  bytesEqual,
  fromBase58,
  fromBase64,
  fromHex,
  hex,
  hexPrefix8,
} from "../../../src/protocol/codec/bytes.ts";
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

Deno.test("bytesEqual: same bytes whatever the views' alignment and length; any one differing byte is seen", () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ maxLength: 300 }),
      fc.integer({ min: 0, max: 7 }),
      fc.integer({ min: 0, max: 7 }),
      fc.nat(),
      (bytes, shiftA, shiftB, at) => {
        // Copies at every offset mod 4 (the word-wise loop runs only where both are aligned).
        const a = new Uint8Array(bytes.length + 8).subarray(shiftA, shiftA + bytes.length);
        const b = new Uint8Array(bytes.length + 8).subarray(shiftB, shiftB + bytes.length);
        a.set(bytes);
        b.set(bytes);
        assert.equal(bytesEqual(a, b), true);
        if (bytes.length === 0) return;
        b[at % bytes.length] ^= 1 << (at % 8);
        assert.equal(bytesEqual(a, b), false);
        assert.equal(bytesEqual(a, a.subarray(0, a.length - 1)), false, "lengths differ");
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("hexPrefix8 is the hex of the first 8 bytes (all when fewer), beyond its memo's limit too", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 20 }), (bytes) => {
      assert.equal(hexPrefix8(bytes), hex(bytes.subarray(0, 8)));
      assert.equal(hexPrefix8(bytes), hex(bytes.subarray(0, 8)), "the memoised answer is the same");
    }),
    { numRuns: 6000 }, // more distinct prefixes than the memo keeps
  );
  const disc = fromHex("db4f6b87e7f3daf8");
  const account = new Uint8Array(100);
  account.set(disc);
  assert.equal(hexPrefix8(account.subarray(0)), "db4f6b87e7f3daf8");
});
