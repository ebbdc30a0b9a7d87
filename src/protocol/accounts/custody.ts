/**
 * Custody (PDA `["custody", pool, mint]`), 688 bytes with discriminator in both versions
 * (PROTOCOL-v1 §3, PROTOCOL-v2 §4.6–4.7). Earlier: padding [u8;32] @656. v2: trade_receivable @656,
 * trade_payable @664, padding [u8;16] @672.
 */
import type { ProgramVersion } from "../vocabulary.ts";
import { bool, bytes, type Codec, i64, pubkey, struct, u128, u16, u32, u64, u8 } from "../codec/mod.ts";
import {
  defineVersionedAccount,
  type FeesMode,
  feesMode,
  type OracleType,
  oracleType,
  type Permissions,
  permissions,
  type VersionedAccountCodec,
} from "./common.ts";

export interface OracleParams {
  /** Internal oracle (CustomOracle PDA `["oracle_account", mint]`). */
  intOracleAccount: string;
  extOracleAccount: string;
  oracleType: OracleType;
  /** BPS. */
  maxDivergenceBps: bigint;
  /** BPS. */
  maxConfBps: bigint;
  /** Seconds. */
  maxPriceAgeSec: number;
  maxBackupAgeSec: number;
}
export const oracleParams: Codec<OracleParams> = struct<OracleParams>("OracleParams", {
  intOracleAccount: pubkey,
  extOracleAccount: pubkey,
  oracleType,
  maxDivergenceBps: u64,
  maxConfBps: u64,
  maxPriceAgeSec: u32,
  maxBackupAgeSec: u32,
});

export interface PricingParams {
  /** 1e-6 of price ("100th of a bip"). */
  tradeSpreadMin: bigint;
  tradeSpreadMax: bigint;
  /** BPS. */
  swapSpread: bigint;
  /** Leverages in BPS (10 000 = 1×). */
  minInitLeverage: number;
  minInitDegenLeverage: number;
  maxInitLeverage: number;
  maxInitDegenLeverage: number;
  maxLeverage: number;
  maxDegenLeverage: number;
  /** USD-6 (u32). */
  minCollateralUsd: number;
  minDegenCollateralUsd: number;
  /** Seconds. */
  delaySeconds: bigint;
  maxUtilization: number;
  degenPositionFactor: number;
  degenExposureFactor: number;
  /** USD-6. */
  maxPositionSizeUsd: bigint;
  maxExposureUsd: bigint;
}
export const pricingParams: Codec<PricingParams> = struct<PricingParams>("PricingParams", {
  tradeSpreadMin: u64,
  tradeSpreadMax: u64,
  swapSpread: u64,
  minInitLeverage: u32,
  minInitDegenLeverage: u32,
  maxInitLeverage: u32,
  maxInitDegenLeverage: u32,
  maxLeverage: u32,
  maxDegenLeverage: u32,
  minCollateralUsd: u32,
  minDegenCollateralUsd: u32,
  delaySeconds: i64,
  maxUtilization: u32,
  degenPositionFactor: u16,
  degenExposureFactor: u16,
  maxPositionSizeUsd: u64,
  maxExposureUsd: u64,
});

/** Ratio-dependent fee curve points, RATE-scaled. */
export interface RatioFees {
  minFee: bigint;
  targetFee: bigint;
  maxFee: bigint;
}
export const ratioFees: Codec<RatioFees> = struct<RatioFees>("RatioFees", { minFee: u64, targetFee: u64, maxFee: u64 });

export interface Fees {
  mode: FeesMode;
  swapIn: RatioFees;
  swapOut: RatioFees;
  stableSwapIn: RatioFees;
  stableSwapOut: RatioFees;
  addLiquidity: RatioFees;
  removeLiquidity: RatioFees;
  /** RATE (1e9 = 100 %) of notional. */
  openPosition: bigint;
  closePosition: bigint;
  volatility: bigint;
}
export const fees: Codec<Fees> = struct<Fees>("Fees", {
  mode: feesMode,
  swapIn: ratioFees,
  swapOut: ratioFees,
  stableSwapIn: ratioFees,
  stableSwapOut: ratioFees,
  addLiquidity: ratioFees,
  removeLiquidity: ratioFees,
  openPosition: u64,
  closePosition: u64,
  volatility: u64,
});

/** Borrow-rate curve, RATE per hour. */
export interface BorrowRateParams {
  baseRate: bigint;
  slope1: bigint;
  slope2: bigint;
  optimalUtilization: bigint;
}
export const borrowRateParams: Codec<BorrowRateParams> = struct<BorrowRateParams>("BorrowRateParams", {
  baseRate: u64,
  slope1: u64,
  slope2: u64,
  optimalUtilization: u64,
});

/** Custody-token native amounts. */
export interface Assets {
  collateral: bigint;
  owned: bigint;
  locked: bigint;
}
export const assets: Codec<Assets> = struct<Assets>("Assets", { collateral: u64, owned: u64, locked: u64 });

export interface FeesStats {
  /** u128. */
  accrued: bigint;
  /** u128. */
  distributed: bigint;
  /** u128. */
  paid: bigint;
  rewardPerLpStaked: bigint;
  protocolFee: bigint;
}
export const feesStats: Codec<FeesStats> = struct<FeesStats>("FeesStats", {
  accrued: u128,
  distributed: u128,
  paid: u128,
  rewardPerLpStaked: u64,
  protocolFee: u64,
});

export interface BorrowRateState {
  /** RATE per hour. */
  currentRate: bigint;
  /** u128, RATE-scaled cumulative borrow index. */
  cumulativeLockFee: bigint;
  /** Unix seconds. */
  lastUpdate: bigint;
}
export const borrowRateState: Codec<BorrowRateState> = struct<BorrowRateState>("BorrowRateState", {
  currentRate: u64,
  cumulativeLockFee: u128,
  lastUpdate: i64,
});

export interface Custody {
  pool: string;
  mint: string;
  tokenAccount: string;
  decimals: number;
  isStable: boolean;
  depegAdjustment: boolean;
  isVirtual: boolean;
  inversePrice: boolean;
  oracle: OracleParams;
  pricing: PricingParams;
  permissions: Permissions;
  fees: Fees;
  borrowRate: BorrowRateParams;
  /** RATE (1e9 = 1.0; 0 = none) applied to the oracle price for amount↔USD conversions. */
  tokenAmountMultiplier: bigint;
  assets: Assets;
  feesStats: FeesStats;
  borrowRateState: BorrowRateState;
  bump: number;
  tokenAccountBump: number;
  token22: boolean;
  /** Custody uid referenced by order entries and markets. */
  uid: number;
  reservedAmount: bigint;
  minReserveUsd: bigint;
  limitPriceBufferBps: bigint;
  /** v2 only. */
  tradeReceivable?: bigint;
  /** v2 only. */
  tradePayable?: bigint;
  /** 32 bytes (earlier) or 16 bytes (v2). */
  padding: Uint8Array;
}

const common = {
  pool: pubkey,
  mint: pubkey,
  tokenAccount: pubkey,
  decimals: u8,
  isStable: bool,
  depegAdjustment: bool,
  isVirtual: bool,
  inversePrice: bool,
  oracle: oracleParams,
  pricing: pricingParams,
  permissions,
  fees,
  borrowRate: borrowRateParams,
  tokenAmountMultiplier: u64,
  assets,
  feesStats,
  borrowRateState,
  bump: u8,
  tokenAccountBump: u8,
  token22: bool,
  uid: u8,
  reservedAmount: u64,
  minReserveUsd: u64,
  limitPriceBufferBps: u64,
};

export const custodyStruct: Readonly<Record<ProgramVersion, Codec<Custody>>> = {
  earlier: struct<Custody>("Custody", { ...common, padding: bytes(32) }),
  v2: struct<Custody>("Custody", { ...common, tradeReceivable: u64, tradePayable: u64, padding: bytes(16) }),
};

export const custodyAccount: VersionedAccountCodec<Custody> = defineVersionedAccount(
  "Custody",
  "01b830515d833f91",
  custodyStruct,
);
