/** Test helper: fast-check arbitraries derived from a codec's schema (random but valid field values). */
import bs58 from "bs58";
import fc from "fast-check";
import type { Schema } from "../../src/protocol/codec/mod.ts";

const DEFAULT_KEY = "11111111111111111111111111111111";

const pubkeyArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(DEFAULT_KEY) },
  { weight: 8, arbitrary: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => bs58.encode(b)) },
  // Leading zero bytes exercise the "1" prefix of base58.
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 1, max: 31 }), fc.uint8Array({ minLength: 32, maxLength: 32 })).map(
      ([z, b]) => {
        b.fill(0, 0, z);
        return bs58.encode(b);
      },
    ),
  },
);

const big = (bits: number, signed: boolean) =>
  signed
    ? fc.bigInt({ min: -(1n << BigInt(bits - 1)), max: (1n << BigInt(bits - 1)) - 1n })
    : fc.bigInt({ min: 0n, max: (1n << BigInt(bits)) - 1n });

/** An arbitrary producing values the codec with this schema can encode. */
export function arbitraryOf(s: Schema, maxVec = 3): fc.Arbitrary<unknown> {
  switch (s.type) {
    case "u8":
      return fc.integer({ min: 0, max: 0xff });
    case "u16":
      return fc.integer({ min: 0, max: 0xffff });
    case "u32":
      return fc.integer({ min: 0, max: 0xffff_ffff });
    case "i16":
      return fc.integer({ min: -0x8000, max: 0x7fff });
    case "i32":
      return fc.integer({ min: -0x8000_0000, max: 0x7fff_ffff });
    case "u64":
      return big(64, false);
    case "i64":
      return big(64, true);
    case "u128":
      return big(128, false);
    case "i128":
      return big(128, true);
    case "bool":
      return fc.boolean();
    case "pubkey":
      return pubkeyArb;
    case "string":
      return fc.string({ unit: "grapheme", maxLength: 12 });
    case "bytes":
      return fc.uint8Array({ minLength: s.length, maxLength: s.length });
    case "enum":
      return fc.constantFrom(...s.variants);
    case "array":
      return fc.array(arbitraryOf(s.of, maxVec), { minLength: s.length, maxLength: s.length });
    case "vec":
      return fc.array(arbitraryOf(s.of, maxVec), { maxLength: maxVec });
    case "option":
      return fc.option(arbitraryOf(s.of, maxVec), { nil: null });
    case "struct": {
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, f] of s.fields) model[k] = arbitraryOf(f, maxVec);
      return fc.record(model, { noNullPrototype: true });
    }
  }
}
