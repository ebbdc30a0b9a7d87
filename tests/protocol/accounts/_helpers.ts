/**
 * Layout writers and checkers shared by the account tests: a Position struct (standalone and inside a basket), the
 * limit and trigger order slots (order accounts and baskets), written at the reference tables' offsets.
 */
import assert from "node:assert/strict";
import type { Position } from "../../../src/protocol/accounts/mod.ts";
import { Bytes, K } from "../_bytes.ts";

/** Writes a Position struct at `base` following the v2 table (or the v1 table when `v2` is false). */
export function writePosition(b: Bytes, base: number, seed: bigint, v2: boolean): void {
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

export function checkPosition(p: Position, seed: bigint, v2: boolean): void {
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

export function writeLimit(b: Bytes, base: number, n: bigint): void {
  b.price(base + 0, 13_000_000_000n + n, -8) // limit_price
    .u64(base + 12, 50_000_000n + n) // reserve_amount
    .u8(base + 20, 0) // reserve_custody_uid
    .u8(base + 21, 1) // receive_custody_uid
    .u64(base + 22, 380_000_000n + n) // size_amount
    .price(base + 30, 12_000_000_000n + n, -8) // stop_loss_price
    .price(base + 42, 15_000_000_000n + n, -8); // take_profit_price
}

export function checkLimit(o: unknown, n: bigint): void {
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

export function writeTrigger(b: Bytes, base: number, price: bigint, size: bigint, uid: number): void {
  b.price(base + 0, price, -8).u64(base + 12, size).u8(base + 20, uid);
}
