import assert from "node:assert/strict";
import bs58 from "bs58";
import fc from "fast-check";
import { decodePubkey, DEFAULT_PUBKEY, encodePubkey } from "../../../src/protocol/codec/mod.ts";

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
