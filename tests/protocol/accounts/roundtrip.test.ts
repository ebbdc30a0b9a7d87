/**
 * Property tests over every account codec of both program versions: encode → decode → encode is byte-exact and
 * decode(encode(v)) equals v, for random field values; fixed sizes and discriminators match the references; wrong
 * discriminators and truncated data throw CodecError.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  ACCOUNT_CODECS,
  type AccountCodec,
  type AccountKind,
  DISCRIMINATORS,
  padAccountData,
} from "../../../src/protocol/accounts/mod.ts";
import { CodecError } from "../../../src/protocol/codec/mod.ts";
import { arbitraryOf } from "../_arbitrary.ts";

const RUNS = 60;

function codecsOf(version: "earlier" | "v2"): [AccountKind, AccountCodec<unknown>][] {
  return Object.entries(ACCOUNT_CODECS[version]) as [AccountKind, AccountCodec<unknown>][];
}

Deno.test("every account round-trips byte-exact (random values)", async (t) => {
  for (const version of ["earlier", "v2"] as const) {
    for (const [kind, codec] of codecsOf(version)) {
      await t.step(`${version} ${kind}`, () => {
        fc.assert(
          fc.property(arbitraryOf(codec.body.schema), (value) => {
            const bytes = codec.encode(value);
            const decoded = codec.decode(bytes);
            assert.deepEqual(decoded, value);
            assert.deepEqual(codec.encode(decoded), bytes);
            // Over-allocated accounts decode the same.
            assert.deepEqual(codec.decode(padAccountData(bytes, bytes.length + 64)), value);
            if (codec.size !== undefined) assert.equal(bytes.length, codec.size);
          }),
          { numRuns: RUNS },
        );
      });
    }
  }
});

Deno.test("decoded objects list keys in wire order (fast readers agree with the field tables)", () => {
  for (const version of ["earlier", "v2"] as const) {
    for (const [kind, codec] of codecsOf(version)) {
      const [value] = fc.sample(arbitraryOf(codec.body.schema, 2), { numRuns: 1, seed: 7 });
      const decoded = codec.decode(codec.encode(value)) as Record<string, unknown>;
      assert.deepEqual(Object.keys(decoded), Object.keys(value as object), `${version} ${kind}`);
    }
  }
});

Deno.test("fixed account sizes match the references", () => {
  const expected: Partial<Record<AccountKind, number>> = {
    Custody: 688,
    Market: 246,
    Position: 248,
    Order: 624,
    CustomOracle: 76,
    TokenStake: 252,
    Referral: 106,
    Whitelist: 80,
    TradeVault: 88,
    WithdrawalEscrowReceipt: 104,
    CustodySettlementReceipt: 120,
  };
  for (const version of ["earlier", "v2"] as const) {
    for (const [kind, codec] of codecsOf(version)) {
      assert.equal(codec.size, expected[kind], `${version} ${kind}`);
    }
  }
  for (const kind of ["Basket", "UserDepositLedger", "Pool", "Perpetuals"] as const) {
    assert.equal(DISCRIMINATORS[kind].size, undefined);
  }
});

Deno.test("discriminators are sha256('account:<Name>')[0..8]", async () => {
  for (const [kind, info] of Object.entries(DISCRIMINATORS)) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`account:${kind}`)));
    assert.deepEqual(info.bytes, digest.subarray(0, 8), kind);
  }
  // base58 forms quoted by PROTOCOL-v2 §4.1
  assert.equal(DISCRIMINATORS.Basket.base58, "dgasZH9DJF9");
  assert.equal(DISCRIMINATORS.UserDepositLedger.base58, "9bYPoR9mRKo");
});

Deno.test("wrong discriminator throws CodecError", () => {
  for (const version of ["earlier", "v2"] as const) {
    for (const [kind, codec] of codecsOf(version)) {
      const [value] = fc.sample(arbitraryOf(codec.body.schema), { numRuns: 1, seed: 1 });
      const bytes = codec.encode(value);
      bytes[3] ^= 0xff;
      assert.throws(() => codec.decode(bytes), (e) => e instanceof CodecError && /discriminator/.test(e.message), kind);
      assert.throws(() => codec.decode(new Uint8Array(4)), CodecError, kind);
    }
  }
});

Deno.test("a discriminator of another account is rejected", () => {
  const market = ACCOUNT_CODECS.v2.Market!;
  const custody = ACCOUNT_CODECS.v2.Custody!;
  const [m] = fc.sample(arbitraryOf(market.body.schema), { numRuns: 1, seed: 3 });
  const bytes = market.encode(m as never);
  assert.throws(
    () => custody.decode(bytes),
    /Custody: discriminator mismatch \(expected 01b830515d833f91, got dbbed53700e3c69a\)/,
  );
});

Deno.test("truncated data throws CodecError, never RangeError", () => {
  for (const version of ["earlier", "v2"] as const) {
    for (const [kind, codec] of codecsOf(version)) {
      fc.assert(
        fc.property(arbitraryOf(codec.body.schema), fc.nat(), (value, cut) => {
          const bytes = codec.encode(value);
          const len = cut % bytes.length; // 0 .. length-1
          try {
            codec.decode(bytes.subarray(0, len));
          } catch (e) {
            if (e instanceof CodecError) return;
            throw new Error(`${version} ${kind}: truncation to ${len} threw ${e}`);
          }
          throw new Error(`${version} ${kind}: truncation to ${len}/${bytes.length} did not throw`);
        }),
        { numRuns: 25 },
      );
    }
  }
});
