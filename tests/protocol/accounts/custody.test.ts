/**
 * The Custody account (688 B) in both program versions. Built byte by byte from the reference layout tables (PROTOCOL-v2 §4.2/§4.4/§4.7, PROTOCOL-v1 §3): the bytes are
 * written at the documented offsets with a DataView; the codec under test only decodes them (and re-encodes, which
 * must give the same bytes back), and every decoded field is checked.
 */
import assert from "node:assert/strict";
import { custodyAccount } from "../../../src/protocol/accounts/mod.ts";
import { Bytes, K } from "../_bytes.ts";

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
