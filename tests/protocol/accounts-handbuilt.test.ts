/**
 * Decodes account data built byte by byte from the reference layout tables (PROTOCOL-v2 §4.2/§4.4/§4.7,
 * PROTOCOL-v1 §3) and checks every decoded field. The bytes are written at the documented offsets with a DataView;
 * the codec under test is only used to decode (and then to re-encode, which must give the same bytes back).
 */
import assert from "node:assert/strict";
import {
  basketAccount,
  custodyAccount,
  customOracleAccount,
  marketAccount,
  orderAccount,
  poolAccount,
  type Position,
  positionAccount,
  userDepositLedgerAccount,
} from "../../src/protocol/accounts/index.ts";
import { Bytes, K } from "./_bytes.ts";

// ---- Position (240-byte struct; offsets relative to the struct start, PROTOCOL-v2 §4.7) ----------------------------

/** Writes a Position struct at `base` following the v2 table (or the v1 table when `v2` is false). */
function writePosition(b: Bytes, base: number, seed: bigint, v2: boolean): void {
  b.pubkey(base + 0, K.owner)
    .pubkey(base + 32, K.solLongMarket)
    .pubkey(base + 64, K.delegate)
    .i64(base + 96, 1_700_000_000n + seed)
    .i64(base + 104, 1_700_000_500n + seed)
    .price(base + 112, 14_512_345_678n + seed, -8)
    .u64(base + 124, 2_500_000_000n + seed) // size_amount
    .u64(base + 132, 362_808_641n + seed) // size_usd
    .u64(base + 140, 3_000_000_000n + seed) // locked_amount
    .u64(base + 148, 435_370_369n + seed) // locked_usd
    .u64(base + 156, 1_234n + seed) // price_impact_usd
    .u64(base + 164, 36_280_864n + seed) // collateral_usd
    .u64(base + 172, 77n + seed) // unsettled_value_usd
    .u64(base + 180, 99n + seed) // unsettled_fees_usd
    .u128(base + 188, (1n << 100n) + seed) // cumulative_lock_fee_snapshot
    .u64(base + 204, 5n + seed) // degen_size_usd
    .price(base + 212, 14_400_000_000n + seed, -8) // reference_price
    .u8(base + 224, 1) // is_active
    .u8(base + 225, 7) // buffer[0]
    .u8(base + 226, 8) // buffer[1]
    .u8(base + 227, 1) // price_impact_set
    .u8(base + 228, 9) // size_decimals
    .u8(base + 229, 6) // locked_decimals
    .u8(base + 230, 6) // collateral_decimals
    .u8(base + 231, 253); // bump
  if (v2) b.u8(base + 232, 1); // migrate_flag; padding [u8;7] @233 stays zero
}

function checkPosition(p: Position, seed: bigint, v2: boolean): void {
  assert.equal(p.owner, K.owner);
  assert.equal(p.market, K.solLongMarket);
  assert.equal(p.delegate, K.delegate);
  assert.equal(p.openTime, 1_700_000_000n + seed);
  assert.equal(p.updateTime, 1_700_000_500n + seed);
  assert.deepEqual(p.entryPrice, { price: 14_512_345_678n + seed, exponent: -8 });
  assert.equal(p.sizeAmount, 2_500_000_000n + seed);
  assert.equal(p.sizeUsd, 362_808_641n + seed);
  assert.equal(p.lockedAmount, 3_000_000_000n + seed);
  assert.equal(p.lockedUsd, 435_370_369n + seed);
  assert.equal(p.priceImpactUsd, 1_234n + seed);
  assert.equal(p.collateralUsd, 36_280_864n + seed);
  assert.equal(p.unsettledValueUsd, 77n + seed);
  assert.equal(p.unsettledFeesUsd, 99n + seed);
  assert.equal(p.cumulativeLockFeeSnapshot, (1n << 100n) + seed);
  assert.equal(p.degenSizeUsd, 5n + seed);
  assert.deepEqual(p.referencePrice, { price: 14_400_000_000n + seed, exponent: -8 });
  assert.equal(p.isActive, true);
  assert.deepEqual(p.buffer, [7, 8]);
  assert.equal(p.priceImpactSet, 1);
  assert.equal(p.sizeDecimals, 9);
  assert.equal(p.lockedDecimals, 6);
  assert.equal(p.collateralDecimals, 6);
  assert.equal(p.bump, 253);
  if (v2) {
    assert.equal(p.migrateFlag, true);
    assert.equal(p.padding.length, 7);
  } else {
    assert.equal("migrateFlag" in p, false);
    assert.equal(p.padding.length, 8);
  }
}

Deno.test("Position account decoded from hand-built bytes", async (t) => {
  await t.step("earlier layout: 248 bytes, padding [u8;8] @240", () => {
    const b = new Bytes(248).hex(0, "aabc8fe47a40f7d0");
    writePosition(b, 8, 3n, false);
    b.fill(240, 8, 0xee); // padding bytes are kept and re-encoded as they are
    const p = positionAccount.earlier.decode(b.bytes);
    checkPosition(p, 3n, false);
    assert.deepEqual(p.padding, new Uint8Array(8).fill(0xee));
    assert.deepEqual(positionAccount.earlier.encode(p), b.bytes);
  });
  await t.step("v2 layout: migrate_flag @240 (raw), padding [u8;7]", () => {
    const b = new Bytes(248).hex(0, "aabc8fe47a40f7d0");
    writePosition(b, 8, 4n, true);
    const p = positionAccount.v2.decode(b.bytes);
    checkPosition(p, 4n, true);
    assert.deepEqual(positionAccount.v2.encode(p), b.bytes);
  });
  await t.step("the same bytes read differently by version (byte @240)", () => {
    const b = new Bytes(248).hex(0, "aabc8fe47a40f7d0");
    writePosition(b, 8, 0n, true);
    const earlier = positionAccount.earlier.decode(b.bytes);
    assert.equal(earlier.padding[0], 1);
    assert.equal(positionAccount.v2.decode(b.bytes).migrateFlag, true);
  });
});

// ---- LimitOrder (54 B) / TriggerOrder (21 B) ------------------------------------------------------------------------

function writeLimit(b: Bytes, base: number, n: bigint): void {
  b.price(base + 0, 13_000_000_000n + n, -8) // limit_price
    .u64(base + 12, 50_000_000n + n) // reserve_amount
    .u8(base + 20, 0) // reserve_custody_uid
    .u8(base + 21, 1) // receive_custody_uid
    .u64(base + 22, 380_000_000n + n) // size_amount
    .price(base + 30, 12_000_000_000n + n, -8) // stop_loss_price
    .price(base + 42, 15_000_000_000n + n, -8); // take_profit_price
}

function checkLimit(o: unknown, n: bigint): void {
  assert.deepEqual(o, {
    limitPrice: { price: 13_000_000_000n + n, exponent: -8 },
    reserveAmount: 50_000_000n + n,
    reserveCustodyUid: 0,
    receiveCustodyUid: 1,
    sizeAmount: 380_000_000n + n,
    stopLossPrice: { price: 12_000_000_000n + n, exponent: -8 },
    takeProfitPrice: { price: 15_000_000_000n + n, exponent: -8 },
  });
}

function writeTrigger(b: Bytes, base: number, price: bigint, size: bigint, uid: number): void {
  b.price(base + 0, price, -8).u64(base + 12, size).u8(base + 20, uid);
}

// ---- Order account (624 B) ------------------------------------------------------------------------------------------

function buildOrder(v2: boolean): Bytes {
  const b = new Bytes(624).hex(0, "86addfb94d561c33");
  b.pubkey(8, K.owner).pubkey(40, K.solShortMarket);
  writeLimit(b, 72 + 0 * 54, 0n); // limit slot 0
  writeLimit(b, 72 + 2 * 54, 2n); // limit slot 2 (slot 1 empty)
  writeTrigger(b, 342 + 0 * 21, 16_000_000_000n, 100n, 1); // TP slot 0
  writeTrigger(b, 342 + 4 * 21, 17_000_000_000n, 200n, 0); // TP slot 4
  writeTrigger(b, 447 + 1 * 21, 11_000_000_000n, 300n, 1); // SL slot 1
  b.u8(552, 1).u8(553, 1).u8(554, 1).u8(555, 2).u8(556, 3).u8(557, 4).u8(558, 2).u8(559, 251)
    .i64(560, 1_725_000_000n).u64(568, 42n);
  if (v2) b.u8(576, 1).u64(584, 0xdead_beefn); // migrate_flag, padding_u64[0]
  else b.u64(576, 0xfeedn); // padding[0] of [u64;6]
  return b;
}

Deno.test("Order account decoded from hand-built bytes", async (t) => {
  for (const version of ["earlier", "v2"] as const) {
    await t.step(version, () => {
      const b = buildOrder(version === "v2");
      const o = orderAccount[version].decode(b.bytes);
      assert.equal(o.owner, K.owner);
      assert.equal(o.market, K.solShortMarket);
      assert.equal(o.limitOrders.length, 5);
      checkLimit(o.limitOrders[0], 0n);
      assert.equal(o.limitOrders[1].sizeAmount, 0n);
      assert.deepEqual(o.limitOrders[1].limitPrice, { price: 0n, exponent: 0 });
      checkLimit(o.limitOrders[2], 2n);
      assert.deepEqual(o.takeProfitOrders[0], {
        triggerPrice: { price: 16_000_000_000n, exponent: -8 },
        triggerSize: 100n,
        receiveCustodyUid: 1,
      });
      assert.equal(o.takeProfitOrders[1].triggerSize, 0n);
      assert.deepEqual(o.takeProfitOrders[4], {
        triggerPrice: { price: 17_000_000_000n, exponent: -8 },
        triggerSize: 200n,
        receiveCustodyUid: 0,
      });
      assert.equal(o.stopLossOrders[0].triggerSize, 0n);
      assert.deepEqual(o.stopLossOrders[1], {
        triggerPrice: { price: 11_000_000_000n, exponent: -8 },
        triggerSize: 300n,
        receiveCustodyUid: 1,
      });
      assert.equal(o.isInitialised, true);
      assert.equal(o.isActive, true);
      assert.equal(o.openSl, 1);
      assert.equal(o.openTp, 2);
      assert.equal(o.inactiveSl, 3);
      assert.equal(o.inactiveTp, 4);
      assert.equal(o.activeOrders, 2);
      assert.equal(o.bump, 251);
      assert.equal(o.referenceTimestamp, 1_725_000_000n);
      assert.equal(o.executionCount, 42n);
      if (version === "v2") {
        assert.equal(o.migrateFlag, true);
        assert.equal(o.padding.length, 7);
        assert.equal(o.paddingU64?.length, 40);
        assert.equal(new DataView(o.paddingU64!.buffer).getBigUint64(0, true), 0xdead_beefn);
      } else {
        assert.equal(o.migrateFlag, undefined);
        assert.equal(o.paddingU64, undefined);
        assert.equal(o.padding.length, 48);
        assert.equal(new DataView(o.padding.buffer).getBigUint64(0, true), 0xfeedn);
      }
      assert.deepEqual(orderAccount[version].encode(o), b.bytes);
    });
  }
});

// ---- Basket (v2) ---------------------------------------------------------------------------------------------------

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

Deno.test("Basket decoded from hand-built bytes (2 positions, 2 orders with limit + TP + SL, ledgers)", () => {
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
  const used = o;

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

// ---- Custody (688 B) ------------------------------------------------------------------------------------------------

function buildCustody(v2: boolean): Bytes {
  const b = new Bytes(688).hex(0, "01b830515d833f91");
  b.pubkey(8, K.pool).pubkey(40, K.solMint).pubkey(72, K.solCustodyTokenAccount)
    .u8(104, 9).u8(105, 0).u8(106, 1).u8(107, 0).u8(108, 1);
  // oracle @109
  b.pubkey(109, K.solIntOracle).pubkey(141, K.solExtOracle).u8(173, 2).u64(174, 150n).u64(182, 75n)
    .u32(190, 60).u32(194, 120);
  // pricing @198
  b.u64(198, 100n).u64(206, 500n).u64(214, 30n)
    .u32(222, 11_000).u32(226, 1_250_000).u32(230, 1_000_000).u32(234, 5_000_000).u32(238, 1_000_000)
    .u32(242, 5_000_000).u32(246, 10_000_000).u32(250, 20_000_000).i64(254, 15n).u32(262, 900_000_000)
    .u16(266, 3).u16(268, 4).u64(270, 1_000_000_000_000n).u64(278, 5_000_000_000_000n);
  // permissions @286 (13 bools): alternate true/false
  for (let i = 0; i < 13; i++) b.u8(286 + i, i % 2 === 0 ? 1 : 0);
  // fees @299
  b.u8(299, 1);
  for (let k = 0; k < 6; k++) {
    b.u64(300 + 24 * k, 1n + BigInt(k)).u64(308 + 24 * k, 10n + BigInt(k)).u64(316 + 24 * k, 100n + BigInt(k));
  }
  b.u64(444, 800_000n).u64(452, 800_001n).u64(460, 3n);
  // borrow_rate @468
  b.u64(468, 0n).u64(476, 2_000n).u64(484, 30_000n).u64(492, 800_000_000n);
  b.u64(500, 1_000_000_000n); // token_amount_multiplier
  b.u64(508, 111n).u64(516, 222n).u64(524, 333n); // assets
  b.u128(532, (1n << 80n) + 1n).u128(548, 2n).u128(564, (1n << 127n) + 3n).u64(580, 44n).u64(588, 55n); // fees_stats
  b.u64(596, 1_234n).u128(604, 98_765_432_109_876n).i64(620, 1_726_000_000n); // borrow_rate_state
  b.u8(628, 255).u8(629, 254).u8(630, 1).u8(631, 1).u64(632, 66n).u64(640, 77n).u64(648, 88n);
  if (v2) b.u64(656, 12_345n).u64(664, 67_890n).fill(672, 16, 0);
  return b;
}

Deno.test("Custody decoded from hand-built bytes", async (t) => {
  for (const version of ["earlier", "v2"] as const) {
    await t.step(version, () => {
      const b = buildCustody(version === "v2");
      const c = custodyAccount[version].decode(b.bytes);
      assert.equal(c.pool, K.pool);
      assert.equal(c.mint, K.solMint);
      assert.equal(c.tokenAccount, K.solCustodyTokenAccount);
      assert.equal(c.decimals, 9);
      assert.deepEqual([c.isStable, c.depegAdjustment, c.isVirtual, c.inversePrice], [false, true, false, true]);
      assert.deepEqual(c.oracle, {
        intOracleAccount: K.solIntOracle,
        extOracleAccount: K.solExtOracle,
        oracleType: "Pyth",
        maxDivergenceBps: 150n,
        maxConfBps: 75n,
        maxPriceAgeSec: 60,
        maxBackupAgeSec: 120,
      });
      assert.deepEqual(c.pricing, {
        tradeSpreadMin: 100n,
        tradeSpreadMax: 500n,
        swapSpread: 30n,
        minInitLeverage: 11_000,
        minInitDegenLeverage: 1_250_000,
        maxInitLeverage: 1_000_000,
        maxInitDegenLeverage: 5_000_000,
        maxLeverage: 1_000_000,
        maxDegenLeverage: 5_000_000,
        minCollateralUsd: 10_000_000,
        minDegenCollateralUsd: 20_000_000,
        delaySeconds: 15n,
        maxUtilization: 900_000_000,
        degenPositionFactor: 3,
        degenExposureFactor: 4,
        maxPositionSizeUsd: 1_000_000_000_000n,
        maxExposureUsd: 5_000_000_000_000n,
      });
      assert.deepEqual(Object.values(c.permissions), Array.from({ length: 13 }, (_, i) => i % 2 === 0));
      assert.equal(c.permissions.allowSwap, true);
      assert.equal(c.permissions.allowReferralRebates, true);
      assert.equal(c.permissions.allowFeeDiscounts, false);
      assert.equal(c.fees.mode, "Linear");
      assert.deepEqual(c.fees.swapIn, { minFee: 1n, targetFee: 10n, maxFee: 100n });
      assert.deepEqual(c.fees.removeLiquidity, { minFee: 6n, targetFee: 15n, maxFee: 105n });
      assert.equal(c.fees.openPosition, 800_000n);
      assert.equal(c.fees.closePosition, 800_001n);
      assert.equal(c.fees.volatility, 3n);
      assert.deepEqual(c.borrowRate, {
        baseRate: 0n,
        slope1: 2_000n,
        slope2: 30_000n,
        optimalUtilization: 800_000_000n,
      });
      assert.equal(c.tokenAmountMultiplier, 1_000_000_000n);
      assert.deepEqual(c.assets, { collateral: 111n, owned: 222n, locked: 333n });
      assert.deepEqual(c.feesStats, {
        accrued: (1n << 80n) + 1n,
        distributed: 2n,
        paid: (1n << 127n) + 3n,
        rewardPerLpStaked: 44n,
        protocolFee: 55n,
      });
      assert.deepEqual(c.borrowRateState, {
        currentRate: 1_234n,
        cumulativeLockFee: 98_765_432_109_876n,
        lastUpdate: 1_726_000_000n,
      });
      assert.deepEqual([c.bump, c.tokenAccountBump, c.token22, c.uid], [255, 254, true, 1]);
      assert.deepEqual([c.reservedAmount, c.minReserveUsd, c.limitPriceBufferBps], [66n, 77n, 88n]);
      if (version === "v2") {
        assert.equal(c.tradeReceivable, 12_345n);
        assert.equal(c.tradePayable, 67_890n);
        assert.equal(c.padding.length, 16);
      } else {
        assert.equal(c.tradeReceivable, undefined);
        assert.equal(c.padding.length, 32);
      }
      assert.deepEqual(custodyAccount[version].encode(c), b.bytes);
    });
  }
});

// ---- Market (246 B) ------------------------------------------------------------------------------------------------

Deno.test("Market decoded from hand-built bytes", () => {
  const b = new Bytes(246).hex(0, "dbbed53700e3c69a");
  b.pubkey(8, K.pool).pubkey(40, K.solCustody).pubkey(72, K.usdcCustody).u8(104, 2).u8(105, 0).u64(106, 10_000n)
    .u8(114, 1).u8(115, 1).u8(116, 0).u8(117, 1).u64(118, 123_456_789n);
  // collective_position @126
  b.u64(126, 321n).i64(134, 1_726_000_000n).price(142, 14_000_000_000n, -8).u64(154, 9_000_000_000_000n)
    .u64(162, 1_260_000_000_000n).u64(170, 1_300_000_000_000n).u64(178, 1_300_000_000_001n).u64(186, 400_000_000_000n)
    .u64(194, 400_000_000_001n).u64(202, 5_555n).u128(210, 77_777_777_777_777_777_777n).u8(226, 9).u8(227, 6).u8(
      228,
      6,
    );
  b.u8(229, 1).u8(237, 0).u8(245, 252);
  const m = marketAccount.decode(b.bytes);
  assert.equal(m.pool, K.pool);
  assert.equal(m.targetCustody, K.solCustody);
  assert.equal(m.collateralCustody, K.usdcCustody);
  assert.equal(m.side, "Short");
  assert.equal(m.correlation, false);
  assert.equal(m.maxPayoffBps, 10_000n);
  assert.deepEqual(m.permissions, {
    allowOpenPosition: true,
    allowClosePosition: true,
    allowCollateralWithdrawal: false,
    allowSizeChange: true,
  });
  assert.equal(m.degenExposureUsd, 123_456_789n);
  assert.deepEqual(m.collectivePosition, {
    openPositions: 321n,
    updateTime: 1_726_000_000n,
    averageEntryPrice: { price: 14_000_000_000n, exponent: -8 },
    sizeAmount: 9_000_000_000_000n,
    sizeUsd: 1_260_000_000_000n,
    lockedAmount: 1_300_000_000_000n,
    lockedUsd: 1_300_000_000_001n,
    collateralAmount: 400_000_000_000n,
    collateralLiabilityUsd: 400_000_000_001n,
    unsettledFeeUsd: 5_555n,
    cumulativeLockFeeSnapshot: 77_777_777_777_777_777_777n,
    sizeDecimals: 9,
    lockedDecimals: 6,
    collateralDecimals: 6,
  });
  assert.equal(m.targetCustodyUid, 1);
  assert.equal(m.collateralCustodyUid, 0);
  assert.equal(m.bump, 252);
  assert.equal(m.padding.length, 7);
  assert.equal(m.padding2.length, 7);
  assert.deepEqual(marketAccount.encode(m), b.bytes);

  b.u8(104, 1);
  assert.equal(marketAccount.decode(b.bytes).side, "Long");
});

// ---- Pool (sequential Borsh) -----------------------------------------------------------------------------------------

function buildPool(v2: boolean): { b: Bytes; end: number } {
  const b = new Bytes(700).hex(0, "f19a6d0411b16dbc");
  b.u32(8, 8).utf8(12, "Crypto.1"); // name
  for (let i = 0; i < 13; i++) b.u8(20 + i, i < 10 ? 1 : 0); // permissions @20
  b.i64(33, 1_690_000_000n).pubkey(41, K.lpMint).pubkey(73, K.owner).pubkey(105, K.delegate).pubkey(137, K.usdcCustody);
  b.u32(169, 2).pubkey(173, K.usdcCustody).pubkey(205, K.solCustody); // custodies
  b.u32(237, 2).u64(241, 4_000n).u64(249, 1_000n).u64(257, 10_000n).u64(265, 6_000n).u64(273, 2_000n).u64(281, 9_000n);
  b.u32(289, 1).pubkey(293, K.solLongMarket); // markets
  b.u64(325, 100_000_000_000_000n).u64(333, 5n).u64(341, 80_000_000_000_000n).u64(349, 79_000_000_000_000n);
  b.u64(357, 1n).u64(365, 2n).u64(373, 3n).u64(381, 4n); // total_staked
  b.u64(389, 7_000n); // staking_fee_share_bps
  b.u8(397, 255).u8(398, 254).u8(399, 253).u8(400, 10).u8(401, 7); // bumps, vp_volume_factor, unique_custody_count
  for (let i = 0; i < 6; i++) b.u64(405 + 8 * i, 100n * BigInt(i + 1)); // staking_fee_boost_bps
  b.pubkey(453, K.flpMint).pubkey(485, K.perpetuals);
  b.u64(517, 11n).u64(525, 12n).u128(533, (1n << 64n) + 13n).u64(549, 14n).i64(557, 1_726_000_000n); // compounding_stats
  b.u8(565, 250).u8(566, 249);
  b.u64(567, 900_000n).u64(575, 2_000_000n).u64(583, 1_234_567n).u64(591, 1_456_789n).i64(599, 1_726_000_001n);
  b.u64(607, 21n).u64(615, 22n).u64(623, 23n);
  if (v2) b.u64(631, 987_654_321_000n);
  return { b, end: v2 ? 639 : 631 };
}

Deno.test("Pool decoded from hand-built bytes", async (t) => {
  for (const version of ["earlier", "v2"] as const) {
    await t.step(version, () => {
      const { b, end } = buildPool(version === "v2");
      const p = poolAccount[version].decode(b.bytes);
      assert.equal(p.name, "Crypto.1");
      assert.equal(p.permissions.allowSwap, true);
      assert.equal(p.permissions.allowFeeDistribution, true);
      assert.equal(p.permissions.allowUngatedTrading, false);
      assert.equal(p.inceptionTime, 1_690_000_000n);
      assert.equal(p.lpMint, K.lpMint);
      assert.equal(p.oracleAuthority, K.owner);
      assert.equal(p.stakedLpVault, K.delegate);
      assert.equal(p.rewardCustody, K.usdcCustody);
      assert.deepEqual(p.custodies, [K.usdcCustody, K.solCustody]);
      assert.deepEqual(p.ratios, [{ target: 4_000n, min: 1_000n, max: 10_000n }, {
        target: 6_000n,
        min: 2_000n,
        max: 9_000n,
      }]);
      assert.deepEqual(p.markets, [K.solLongMarket]);
      assert.equal(p.maxAumUsd, 100_000_000_000_000n);
      assert.equal(p.buffer, 5n);
      assert.equal(p.rawAumUsd, 80_000_000_000_000n);
      assert.equal(p.equityUsd, 79_000_000_000_000n);
      assert.deepEqual(p.totalStaked, {
        pendingActivation: 1n,
        activeAmount: 2n,
        pendingDeactivation: 3n,
        deactivatedAmount: 4n,
      });
      assert.equal(p.stakingFeeShareBps, 7_000n);
      assert.deepEqual([p.bump, p.lpMintBump, p.stakedLpVaultBump, p.vpVolumeFactor, p.uniqueCustodyCount], [
        255,
        254,
        253,
        10,
        7,
      ]);
      assert.deepEqual(p.stakingFeeBoostBps, [100n, 200n, 300n, 400n, 500n, 600n]);
      assert.equal(p.compoundingMint, K.flpMint);
      assert.equal(p.compoundingLpVault, K.perpetuals);
      assert.deepEqual(p.compoundingStats, {
        activeAmount: 11n,
        totalSupply: 12n,
        rewardSnapshot: (1n << 64n) + 13n,
        feeShareBps: 14n,
        lastCompoundTime: 1_726_000_000n,
      });
      assert.deepEqual([p.compoundingMintBump, p.compoundingLpVaultBump], [250, 249]);
      assert.deepEqual([p.minLpPriceUsd, p.maxLpPriceUsd, p.lpPrice, p.compoundingLpPrice], [
        900_000n,
        2_000_000n,
        1_234_567n,
        1_456_789n,
      ]);
      assert.equal(p.lastUpdatedTimestamp, 1_726_000_001n);
      assert.deepEqual([p.feesObligationUsd, p.rebateObligationUsd, p.thresholdUsd], [21n, 22n, 23n]);
      if (version === "v2") assert.equal(p.lpSupply, 987_654_321_000n);
      else assert.equal("lpSupply" in p, false);
      assert.deepEqual(poolAccount[version].encode(p), b.bytes.subarray(0, end));
    });
  }
});

// ---- smaller accounts ------------------------------------------------------------------------------------------------

Deno.test("UserDepositLedger decoded from hand-built bytes (852-byte allocation, owner @16)", () => {
  const b = new Bytes(852).hex(0, "3363adbe15330782").u8(8, 254).pubkey(16, K.owner);
  b.u32(48, 2).pubkey(52, K.usdcMint).u64(84, 1_000_000_000n).pubkey(92, K.solMint).u64(124, 2_500_000_000n);
  const l = userDepositLedgerAccount.decode(b.bytes);
  assert.equal(l.bump, 254);
  assert.equal(l.owner, K.owner);
  assert.deepEqual(l.deposits, [
    { mint: K.usdcMint, amount: 1_000_000_000n },
    { mint: K.solMint, amount: 2_500_000_000n },
  ]);
  assert.deepEqual(userDepositLedgerAccount.encode(l), b.bytes.subarray(0, 132));
});

Deno.test("CustomOracle decoded from hand-built bytes", () => {
  const b = new Bytes(76).hex(0, "e3aaa4da7f1023df").u64(8, 14_512_345_678n).i32(16, -8).u64(20, 1_000n)
    .u64(28, 14_500_000_000n).i64(36, 1_726_000_000n).u32(44, 6).u64(48, 14_512_345_679n);
  const o = customOracleAccount.decode(b.bytes);
  assert.deepEqual({ ...o, reserved: undefined }, {
    price: 14_512_345_678n,
    expo: -8,
    conf: 1_000n,
    ema: 14_500_000_000n,
    publishTime: 1_726_000_000n,
    lazerFeedId: 6,
    lazerPrice: 14_512_345_679n,
    reserved: undefined,
  });
  assert.equal(o.reserved.length, 20);
  assert.deepEqual(customOracleAccount.encode(o), b.bytes);
});
