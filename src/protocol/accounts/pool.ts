/**
 * Pool (PDA `["pool", name]`), sequential Borsh, variable length (PROTOCOL-v1 §3 / PROTOCOL-v2 §4.4).
 * v2 appends `lp_supply` after `threshold_usd`.
 */
import type { ProgramVersion } from "../vocabulary.ts";
import { array, bytes, type Codec, i64, pubkey, string, struct, u128, u64, u8, vec } from "../codec/mod.ts";
import { defineVersionedAccount, type Permissions, permissions, type VersionedAccountCodec } from "./common.ts";

/** Target/min/max share of pool AUM for one custody, in BPS; parallel to `Pool.custodies`. */
export interface TokenRatios {
  target: bigint;
  min: bigint;
  max: bigint;
}
export const tokenRatios: Codec<TokenRatios> = struct<TokenRatios>("TokenRatios", { target: u64, min: u64, max: u64 });

/** LP native (6 dp) amounts in each staking state. */
export interface StakeStats {
  pendingActivation: bigint;
  activeAmount: bigint;
  pendingDeactivation: bigint;
  deactivatedAmount: bigint;
}
export const stakeStats: Codec<StakeStats> = struct<StakeStats>("StakeStats", {
  pendingActivation: u64,
  activeAmount: u64,
  pendingDeactivation: u64,
  deactivatedAmount: u64,
});

export interface CompoundingStats {
  activeAmount: bigint;
  totalSupply: bigint;
  /** u128. */
  rewardSnapshot: bigint;
  feeShareBps: bigint;
  lastCompoundTime: bigint;
}
export const compoundingStats: Codec<CompoundingStats> = struct<CompoundingStats>("CompoundingStats", {
  activeAmount: u64,
  totalSupply: u64,
  rewardSnapshot: u128,
  feeShareBps: u64,
  lastCompoundTime: i64,
});

export interface Pool {
  /** e.g. `Crypto.1`. */
  name: string;
  permissions: Permissions;
  inceptionTime: bigint;
  lpMint: string;
  oracleAuthority: string;
  stakedLpVault: string;
  rewardCustody: string;
  /** Custody PDAs; the index is the "custody index" of AUM account tails. */
  custodies: string[];
  ratios: TokenRatios[];
  markets: string[];
  /** USD-6. */
  maxAumUsd: bigint;
  buffer: bigint;
  rawAumUsd: bigint;
  equityUsd: bigint;
  totalStaked: StakeStats;
  stakingFeeShareBps: bigint;
  bump: number;
  lpMintBump: number;
  stakedLpVaultBump: number;
  vpVolumeFactor: number;
  /** Next custody uid. */
  uniqueCustodyCount: number;
  /** 3 bytes. */
  padding: Uint8Array;
  /** `[u64;6]`. */
  stakingFeeBoostBps: bigint[];
  compoundingMint: string;
  compoundingLpVault: string;
  compoundingStats: CompoundingStats;
  compoundingMintBump: number;
  compoundingLpVaultBump: number;
  /** USD-6 per LP token. */
  minLpPriceUsd: bigint;
  maxLpPriceUsd: bigint;
  lpPrice: bigint;
  compoundingLpPrice: bigint;
  lastUpdatedTimestamp: bigint;
  feesObligationUsd: bigint;
  rebateObligationUsd: bigint;
  thresholdUsd: bigint;
  /** v2 only: tracked sFLP supply (LP native), to be used instead of the mint supply on the ER. */
  lpSupply?: bigint;
}

const common = {
  name: string,
  permissions,
  inceptionTime: i64,
  lpMint: pubkey,
  oracleAuthority: pubkey,
  stakedLpVault: pubkey,
  rewardCustody: pubkey,
  custodies: vec(pubkey),
  ratios: vec(tokenRatios),
  markets: vec(pubkey),
  maxAumUsd: u64,
  buffer: u64,
  rawAumUsd: u64,
  equityUsd: u64,
  totalStaked: stakeStats,
  stakingFeeShareBps: u64,
  bump: u8,
  lpMintBump: u8,
  stakedLpVaultBump: u8,
  vpVolumeFactor: u8,
  uniqueCustodyCount: u8,
  padding: bytes(3),
  stakingFeeBoostBps: array(u64, 6),
  compoundingMint: pubkey,
  compoundingLpVault: pubkey,
  compoundingStats,
  compoundingMintBump: u8,
  compoundingLpVaultBump: u8,
  minLpPriceUsd: u64,
  maxLpPriceUsd: u64,
  lpPrice: u64,
  compoundingLpPrice: u64,
  lastUpdatedTimestamp: i64,
  feesObligationUsd: u64,
  rebateObligationUsd: u64,
  thresholdUsd: u64,
};

export const poolStruct: Readonly<Record<ProgramVersion, Codec<Pool>>> = {
  earlier: struct<Pool>("Pool", common),
  v2: struct<Pool>("Pool", { ...common, lpSupply: u64 }),
};

export const poolAccount: VersionedAccountCodec<Pool> = defineVersionedAccount(
  "Pool",
  "f19a6d0411b16dbc",
  poolStruct,
);
