/**
 * The Pool account (sequential Borsh) in both program versions. Built byte by byte from the reference layout tables (PROTOCOL-v2 §4.2/§4.4/§4.7, PROTOCOL-v1 §3): the bytes are
 * written at the documented offsets with a DataView; the codec under test only decodes them (and re-encodes, which
 * must give the same bytes back), and every decoded field is checked.
 */
import assert from "node:assert/strict";
import { poolAccount } from "../../../src/protocol/accounts/mod.ts";
import { Bytes, K } from "../_bytes.ts";

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
