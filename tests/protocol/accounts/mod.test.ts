import assert from "node:assert/strict";
import fc from "fast-check";
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import {
  ACCOUNT_CODECS,
  accountKindOf,
  accountKinds,
  type Custody,
  custodyAccount,
  decodeAccount,
  discriminatorFilter,
  DISCRIMINATORS,
  encodeAccount,
  type Market,
} from "../../../src/protocol/accounts/mod.ts";
import { CodecError } from "../../../src/protocol/codec/mod.ts";
import { arbitraryOf } from "../_arbitrary.ts";

function sample(version: "earlier" | "v2", kind: keyof typeof DISCRIMINATORS): unknown {
  const codec = ACCOUNT_CODECS[version][kind]!;
  return fc.sample(arbitraryOf(codec.body.schema), { numRuns: 1, seed: 11 })[0];
}

Deno.test("decodeAccount dispatches on the discriminator", () => {
  for (const version of ["earlier", "v2"] as const) {
    for (const kind of accountKinds(version)) {
      const value = sample(version, kind);
      const data = encodeAccount(version, kind, value as never);
      const decoded = decodeAccount(version, data);
      assert.equal(decoded?.kind, kind);
      assert.deepEqual(decoded?.value, value);
      assert.equal(accountKindOf(version, data), kind);
    }
  }
});

Deno.test("decodeAccount: unknown discriminators and short data give null", () => {
  assert.equal(decodeAccount("v2", new Uint8Array(100)), null);
  assert.equal(decodeAccount("v2", Uint8Array.of(0xdb, 0x4f)), null);
  // Multisig (zero-copy, not decoded here)
  assert.equal(decodeAccount("v2", Uint8Array.of(0xe0, 0x74, 0x79, 0xba, 0x44, 0xa1, 0x4f, 0xec, 0, 0)), null);
  // Basket exists only in the v2 program.
  const basket = encodeAccount("v2", "Basket", sample("v2", "Basket") as never);
  assert.equal(decodeAccount("earlier", basket), null);
  assert.equal(decodeAccount("v2", basket)?.kind, "Basket");
  assert.throws(() => encodeAccount("earlier", "Basket", sample("v2", "Basket") as never), CodecError);
});

Deno.test("decodeAccount: known discriminator with a broken body throws CodecError", () => {
  const data = encodeAccount("v2", "Market", sample("v2", "Market") as Market);
  assert.throws(() => decodeAccount("v2", data.subarray(0, 100)), CodecError);
});

Deno.test("each version decodes with its own layout", () => {
  const v2 = sample("v2", "Custody") as Custody;
  v2.tradeReceivable = 5n;
  v2.tradePayable = 6n;
  const data = custodyAccount.v2.encode(v2);
  const earlier = decodeAccount("earlier", data);
  assert.equal(earlier?.kind, "Custody");
  if (earlier?.kind === "Custody") {
    assert.equal(earlier.value.tradeReceivable, undefined);
    assert.equal(earlier.value.padding.length, 32);
    assert.equal(earlier.value.padding[0], 5); // trade_receivable's low byte sits in the earlier padding
  }
});

Deno.test("discriminator tables: hex, base58 and memcmp filters", () => {
  const expected: Record<string, string> = {
    Basket: "db4f6b87e7f3daf8",
    UserDepositLedger: "3363adbe15330782",
    TradeVault: "e9634a7c3de205af",
    WithdrawalEscrowReceipt: "39f66704afa6c74f",
    CustodySettlementReceipt: "af0a0eee7fade644",
    Pool: "f19a6d0411b16dbc",
    Custody: "01b830515d833f91",
    Market: "dbbed53700e3c69a",
    Perpetuals: "1ca762bf68526cc4",
    CustomOracle: "e3aaa4da7f1023df",
    Position: "aabc8fe47a40f7d0",
    Order: "86addfb94d561c33",
    Referral: "1eeb88e06a6b3140",
    TokenStake: "e57b15f3f6a439ef",
    Whitelist: "ccb0344f927936f7",
  };
  assert.deepEqual(
    Object.fromEntries(Object.entries(DISCRIMINATORS).map(([k, v]) => [k, v.hex])),
    expected,
  );
  assert.deepEqual(discriminatorFilter("Basket"), { memcmp: { offset: 0, bytes: "dgasZH9DJF9" } });
  assert.deepEqual(accountKinds("earlier").sort(), [
    "Custody",
    "CustomOracle",
    "Market",
    "Order",
    "Perpetuals",
    "Pool",
    "Position",
    "Referral",
    "TokenStake",
    "Whitelist",
  ]);
  assert.equal(accountKinds("v2").length, 15);
});

Deno.test('every account discriminator is sha256("account:<Name>")[0..8] of its Anchor name', () => {
  const codecs = [...Object.values(ACCOUNT_CODECS.earlier), ...Object.values(ACCOUNT_CODECS.v2)];
  assert.equal(new Set(codecs.map((c) => c.name)).size, Object.keys(DISCRIMINATORS).length);
  for (const codec of codecs) {
    const expected = createHash("sha256").update(`account:${codec.name}`).digest().subarray(0, 8);
    assert.deepEqual(codec.discriminator, new Uint8Array(expected), codec.name);
    assert.equal(codec.discriminatorHex, Buffer.from(expected).toString("hex"), codec.name);
  }
  for (const [kind, info] of Object.entries(DISCRIMINATORS)) {
    const expected = createHash("sha256").update(`account:${kind}`).digest().subarray(0, 8);
    assert.deepEqual(info.bytes, new Uint8Array(expected), kind);
  }
});
