/**
 * Market (PDA `["market", targetCustody, collateralCustody, [side]]`), 246 bytes with discriminator, same layout
 * in both program versions (PROTOCOL-v1 §3, PROTOCOL-v2 §4.7).
 */
import { bool, bytes, type Codec, i64, pubkey, struct, u128, u64, u8 } from "../codec/mod.ts";
import { type AccountCodec, defineAccount, type OraclePrice, oraclePrice, type Side, side } from "./common.ts";

export interface MarketPermissions {
  allowOpenPosition: boolean;
  allowClosePosition: boolean;
  allowCollateralWithdrawal: boolean;
  allowSizeChange: boolean;
}
export const marketPermissions: Codec<MarketPermissions> = struct<MarketPermissions>("MarketPermissions", {
  allowOpenPosition: bool,
  allowClosePosition: bool,
  allowCollateralWithdrawal: bool,
  allowSizeChange: bool,
});

/** Aggregate of all positions of a market (open interest = `sizeUsd`), 103 bytes. */
export interface PositionStats {
  openPositions: bigint;
  updateTime: bigint;
  averageEntryPrice: OraclePrice;
  sizeAmount: bigint;
  sizeUsd: bigint;
  lockedAmount: bigint;
  lockedUsd: bigint;
  collateralAmount: bigint;
  collateralLiabilityUsd: bigint;
  unsettledFeeUsd: bigint;
  /** u128. */
  cumulativeLockFeeSnapshot: bigint;
  sizeDecimals: number;
  lockedDecimals: number;
  collateralDecimals: number;
}
export const positionStats: Codec<PositionStats> = struct<PositionStats>("PositionStats", {
  openPositions: u64,
  updateTime: i64,
  averageEntryPrice: oraclePrice,
  sizeAmount: u64,
  sizeUsd: u64,
  lockedAmount: u64,
  lockedUsd: u64,
  collateralAmount: u64,
  collateralLiabilityUsd: u64,
  unsettledFeeUsd: u64,
  cumulativeLockFeeSnapshot: u128,
  sizeDecimals: u8,
  lockedDecimals: u8,
  collateralDecimals: u8,
});

export interface Market {
  pool: string;
  targetCustody: string;
  collateralCustody: string;
  side: Side;
  /** Target and collateral move together (e.g. SOL long with SOL collateral). */
  correlation: boolean;
  /** BPS. */
  maxPayoffBps: bigint;
  permissions: MarketPermissions;
  /** USD-6. */
  degenExposureUsd: bigint;
  collectivePosition: PositionStats;
  targetCustodyUid: number;
  /** 7 bytes. */
  padding: Uint8Array;
  collateralCustodyUid: number;
  /** 7 bytes. */
  padding2: Uint8Array;
  bump: number;
}
export const marketStruct: Codec<Market> = struct<Market>("Market", {
  pool: pubkey,
  targetCustody: pubkey,
  collateralCustody: pubkey,
  side,
  correlation: bool,
  maxPayoffBps: u64,
  permissions: marketPermissions,
  degenExposureUsd: u64,
  collectivePosition: positionStats,
  targetCustodyUid: u8,
  padding: bytes(7),
  collateralCustodyUid: u8,
  padding2: bytes(7),
  bump: u8,
});

export const marketAccount: AccountCodec<Market> = defineAccount("Market", "dbbed53700e3c69a", marketStruct);
