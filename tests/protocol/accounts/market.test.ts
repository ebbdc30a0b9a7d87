/**
 * The Market account (246 B). Built byte by byte from the reference layout tables (PROTOCOL-v2 §4.2/§4.4/§4.7, PROTOCOL-v1 §3): the bytes are
 * written at the documented offsets with a DataView; the codec under test only decodes them (and re-encodes, which
 * must give the same bytes back), and every decoded field is checked.
 */
import assert from "node:assert/strict";
import { marketAccount } from "../../../src/protocol/accounts/mod.ts";
import { Bytes, K } from "../_bytes.ts";

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
