/** `format: solana-pubkey` (gen/runtime.ts) judges every value as a base58 decoder does: exactly 32 bytes. */
import assert from "node:assert/strict";
import bs58 from "bs58";
import fc from "fast-check";
import { isSolanaPubkey } from "../../gen/runtime.ts";

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const reference = (value: string) => {
  if (value.length < 32 || value.length > 44) return true;
  const bytes = bs58.decodeUnsafe(value);
  return bytes === undefined || bytes.length === 32;
};

Deno.test("solana-pubkey format: the same verdict as decoding with bs58", () => {
  const base58 = (min: number, max: number) =>
    fc.array(fc.constantFrom(...ALPHABET), { minLength: min, maxLength: max }).map((chars) => chars.join(""));
  fc.assert(
    fc.property(
      fc.oneof(
        fc.uint8Array({ minLength: 0, maxLength: 40 }).map((bytes) => bs58.encode(bytes)),
        fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => bs58.encode(bytes)),
        base58(30, 46),
        fc.string({ minLength: 30, maxLength: 46 }),
      ),
      (value) => assert.equal(isSolanaPubkey(value), reference(value), value),
    ),
    { numRuns: 5000 },
  );
});

Deno.test("solana-pubkey format: edges of the 32-byte range", () => {
  const cases = [
    "11111111111111111111111111111111", // 32 zero bytes
    "1111111111111111111111111111111", // 31 (length below the pattern's: passed on)
    "111111111111111111111111111111111", // 33 zero bytes
    bs58.encode(new Uint8Array(32).fill(255)), // the largest key
    bs58.encode(new Uint8Array(33).fill(255)),
    bs58.encode(Uint8Array.from([0, ...new Uint8Array(31).fill(255)])),
    bs58.encode(Uint8Array.from([1, ...new Uint8Array(31)])),
    bs58.encode(Uint8Array.from([0, 0, 1, ...new Uint8Array(30)])),
    "BenchWa11et11111111111111111111111111111111",
    "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
    "So11111111111111111111111111111111111111112",
  ];
  for (const value of cases) assert.equal(isSolanaPubkey(value), reference(value), value);
});
