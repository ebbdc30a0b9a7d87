/**
 * The Basket (v2): positions and orders inline, ledgers, spare capacity. Built byte by byte from the reference layout tables (PROTOCOL-v2 §4.2/§4.4/§4.7, PROTOCOL-v1 §3): the bytes are
 * written at the documented offsets with a DataView; the codec under test only decodes them (and re-encodes, which
 * must give the same bytes back), and every decoded field is checked.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  type Basket,
  basketAccount,
  basketOpenPositionMarkets,
  basketStruct,
} from "../../../src/protocol/accounts/mod.ts";
import { arbitraryOf } from "../_arbitrary.ts";
import { CodecError } from "../../../src/protocol/codec/errors.ts";
import { Bytes, K } from "../_bytes.ts";
import { checkLimit, checkPosition, writeLimit, writePosition, writeTrigger } from "./_helpers.ts";

/** Writes a BasketOrder at `base` with the given numbers of limit/TP/SL entries; returns the end offset. */
function writeBasketOrder(b: Bytes, base: number, nLimit: number, nTp: number, nSl: number, tag: number): number {
  let o = base;
  b.u32(o, nLimit);
  o += 4;
  for (let i = 0; i < nLimit; i++, o += 54) writeLimit(b, o, BigInt(tag * 10 + i));
  b.u32(o, nTp);
  o += 4;
  for (let i = 0; i < nTp; i++, o += 21) writeTrigger(b, o, 20_000_000_000n + BigInt(tag * 10 + i), 10n + BigInt(i), 1);
  b.u32(o, nSl);
  o += 4;
  for (let i = 0; i < nSl; i++, o += 21) writeTrigger(b, o, 9_000_000_000n + BigInt(tag * 10 + i), 20n + BigInt(i), 0);
  // is_initialised, is_active, open_sl, open_tp, inactive_sl, inactive_tp, active_orders
  b.u8(o, 1).u8(o + 1, 1).u8(o + 2, nSl).u8(o + 3, nTp).u8(o + 4, 0).u8(o + 5, 0).u8(o + 6, nLimit);
  b.i64(o + 7, 1_726_000_000n + BigInt(tag)); // reference_timestamp
  b.u64(o + 15, 1_000n + BigInt(tag)); // execution_count
  return o + 23 + 48; // padding [u64;6]
}

/** 2 positions (the second closed), 2 orders with limit + TP + SL, ledgers; in a 4096-byte allocation. */
function handBuiltBasket() {
  // Fixed header: owner @8, delegate @40, basket_bump @72, padding [u8;5] @73, positions_active @78,
  // orders_active @79, then the vectors from @80.
  const b = new Bytes(4096).hex(0, "db4f6b87e7f3daf8");
  b.pubkey(8, K.owner).pubkey(40, K.defaultKey).u8(72, 254).u8(78, 1).u8(79, 1);
  let o = 80;
  // debits: 2 lines of {mint, amount} (40 B)
  b.u32(o, 2).pubkey(o + 4, K.usdcMint).u64(o + 36, 125_000_000n).pubkey(o + 44, K.solMint).u64(o + 76, 3_000_000_000n);
  o += 4 + 2 * 40;
  // pending_credits: 1 line
  b.u32(o, 1).pubkey(o + 4, K.usdcMint).u64(o + 36, 7_500_000n);
  o += 4 + 40;
  // positions: 2 × PositionMeta {market, Position(240)} = 272 B
  b.u32(o, 2);
  b.pubkey(o + 4, K.solLongMarket);
  writePosition(b, o + 4 + 32, 1n, true);
  b.pubkey(o + 4 + 272, K.solShortMarket);
  writePosition(b, o + 4 + 272 + 32, 2n, true);
  b.u64(o + 4 + 272 + 32 + 124, 0n); // second position: size_amount = 0 (a closed slot left in the vector)
  o += 4 + 2 * 272;
  // orders: 2 × OrderMeta {market, BasketOrder}
  b.u32(o, 2);
  o += 4;
  b.pubkey(o, K.solLongMarket);
  o = writeBasketOrder(b, o + 32, 1, 2, 1, 1);
  b.pubkey(o, K.solShortMarket);
  o = writeBasketOrder(b, o + 32, 2, 1, 1, 2);
  return { b, used: o };
}

Deno.test("Basket decoded from hand-built bytes (2 positions, 2 orders with limit + TP + SL, ledgers)", () => {
  const { b, used } = handBuiltBasket();
  const basket = basketAccount.decode(b.bytes); // 4096-byte allocation: trailing zeros are ignored
  assert.equal(basket.owner, K.owner);
  assert.equal(basket.delegate, K.defaultKey);
  assert.equal(basket.basketBump, 254);
  assert.deepEqual(basket.padding, new Uint8Array(5));
  assert.equal(basket.positionsActive, true);
  assert.equal(basket.ordersActive, true);
  assert.deepEqual(basket.debits, [
    { mint: K.usdcMint, amount: 125_000_000n },
    { mint: K.solMint, amount: 3_000_000_000n },
  ]);
  assert.deepEqual(basket.pendingCredits, [{ mint: K.usdcMint, amount: 7_500_000n }]);

  assert.equal(basket.positions.length, 2);
  assert.equal(basket.positions[0].market, K.solLongMarket);
  checkPosition(basket.positions[0].position, 1n, true);
  assert.equal(basket.positions[1].market, K.solShortMarket);
  assert.equal(basket.positions[1].position.sizeAmount, 0n);
  assert.equal(basket.positions[1].position.sizeUsd, 362_808_643n);

  assert.equal(basket.orders.length, 2);
  const [o1, o2] = basket.orders;
  assert.equal(o1.market, K.solLongMarket);
  assert.equal(o1.order.limitOrders.length, 1);
  checkLimit(o1.order.limitOrders[0], 10n);
  assert.deepEqual(o1.order.takeProfitOrders, [
    { triggerPrice: { price: 20_000_000_010n, exponent: -8 }, triggerSize: 10n, receiveCustodyUid: 1 },
    { triggerPrice: { price: 20_000_000_011n, exponent: -8 }, triggerSize: 11n, receiveCustodyUid: 1 },
  ]);
  assert.deepEqual(o1.order.stopLossOrders, [
    { triggerPrice: { price: 9_000_000_010n, exponent: -8 }, triggerSize: 20n, receiveCustodyUid: 0 },
  ]);
  assert.equal(o1.order.isInitialised, true);
  assert.equal(o1.order.isActive, true);
  assert.equal(o1.order.openSl, 1);
  assert.equal(o1.order.openTp, 2);
  assert.equal(o1.order.inactiveSl, 0);
  assert.equal(o1.order.inactiveTp, 0);
  assert.equal(o1.order.activeOrders, 1);
  assert.equal(o1.order.referenceTimestamp, 1_726_000_001n);
  assert.equal(o1.order.executionCount, 1_001n);
  assert.equal(o1.order.padding.length, 48);

  assert.equal(o2.market, K.solShortMarket);
  assert.equal(o2.order.limitOrders.length, 2);
  checkLimit(o2.order.limitOrders[0], 20n);
  checkLimit(o2.order.limitOrders[1], 21n);
  assert.equal(o2.order.takeProfitOrders.length, 1);
  assert.equal(o2.order.stopLossOrders[0].triggerPrice.price, 9_000_000_020n);
  assert.equal(o2.order.activeOrders, 2);
  assert.equal(o2.order.executionCount, 1_002n);

  // Re-encoding yields exactly the used prefix of the allocation.
  assert.deepEqual(basketAccount.encode(basket), b.bytes.subarray(0, used));
  // Sizes from the reference: PositionMeta 272 B, OrderMeta with (1,2,1) entries = 32 + 12 + 54 + 63 + 71.
  assert.equal(
    used,
    80 + (4 + 80) + (4 + 40) + (4 + 544) + 4 + (32 + 12 + 54 + 42 + 21 + 71) + (32 + 12 + 108 + 21 + 21 + 71),
  );
});

Deno.test("Basket with empty vectors is 96 bytes", () => {
  const b = new Bytes(96).hex(0, "db4f6b87e7f3daf8").pubkey(8, K.owner).pubkey(40, K.delegate).u8(72, 255);
  const basket = basketAccount.decode(b.bytes);
  assert.deepEqual(
    [basket.debits, basket.pendingCredits, basket.positions, basket.orders],
    [[], [], [], []],
  );
  assert.equal(basket.delegate, K.delegate);
  assert.equal(basket.positionsActive, false);
  assert.deepEqual(basketAccount.encode(basket), b.bytes);
});

Deno.test("basketOpenPositionMarkets reads the open positions' markets without decoding the basket", () => {
  const { b } = handBuiltBasket();
  assert.deepEqual(basketOpenPositionMarkets(b.bytes), [K.solLongMarket], "the closed slot (size 0) is not open");
  const decoded = basketAccount.decode(b.bytes);
  assert.deepEqual(
    basketOpenPositionMarkets(b.bytes),
    decoded.positions.filter((p) => p.position.sizeAmount !== 0n).map((p) => p.market),
  );
  const empty = new Bytes(96).hex(0, "db4f6b87e7f3daf8").pubkey(8, K.owner).pubkey(40, K.delegate);
  assert.deepEqual(basketOpenPositionMarkets(empty.bytes), []);
  // Data cut inside the position vector is an error, as a decode would be.
  assert.throws(() => basketOpenPositionMarkets(b.bytes.subarray(0, 300)), CodecError);
});

Deno.test("basketOpenPositionMarkets equals a full decode's open markets on generated baskets, and fails where it fails", () => {
  fc.assert(
    fc.property(
      arbitraryOf(basketStruct.schema, 3) as fc.Arbitrary<Basket>,
      fc.integer({ min: 0, max: 64 }),
      fc.integer({ min: 0, max: 1 << 30 }),
      (basket, spare, cutSeed) => {
        // Some slots closed (size 0), as the program leaves them.
        basket.positions.forEach((p, i) => i % 2 === 1 && (p.position.sizeAmount = 0n));
        const used = basketAccount.encode(basket);
        const data = new Uint8Array(used.length + spare); // spare capacity: trailing zeros
        data.set(used);
        const open = basket.positions.filter((p) => p.position.sizeAmount !== 0n).map((p) => p.market);
        assert.deepEqual(basketOpenPositionMarkets(data), open);
        // Cut anywhere inside the used bytes: both refuse (a CodecError), or both read (the cut fell in the zeros).
        const cut = data.subarray(0, cutSeed % (used.length + 1));
        let decoded: Basket | undefined;
        try {
          decoded = basketAccount.decode(cut);
        } catch (error) {
          assert.ok(error instanceof CodecError);
        }
        if (decoded) assert.deepEqual(basketOpenPositionMarkets(cut), open);
        else assert.throws(() => basketOpenPositionMarkets(cut), CodecError);
      },
    ),
    { numRuns: 300 },
  );
});
