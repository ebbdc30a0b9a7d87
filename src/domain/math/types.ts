/**
 * Narrow structural inputs of the math core. Field names are the camelCase of the program's snake_case fields, so the
 * decoded accounts of `src/protocol` satisfy these interfaces without being imported here. u64/u128/i64 are bigint,
 * u8 decimals are number; u16/u32 parameters are accepted as number or bigint. Each function asks only for the
 * fields it reads (via `Pick`), which keeps hand-written test inputs small.
 */

/** A decoded u32/u16 (number) or any integer already held as bigint. */
export type IntLike = number | bigint;

/** price × 10^exponent. The on-chain `OraclePrice` struct (u64 mantissa, i32 exponent). */
export interface OraclePrice {
  price: bigint;
  exponent: number;
}

/** The band the program trades against: min for shorts' entries/longs' exits, max for longs' entries. */
export interface PriceBand {
  min: OraclePrice;
  max: OraclePrice;
}

/** A plain price (min = max) or an explicit band. */
export type PriceInput = OraclePrice | PriceBand;

/** Fee privilege of the earlier interface (`PrivilegeType`). */
export type Privilege = "NONE" | "STAKE" | "REFERRAL";

// ---------------------------------------------------------------------------------------------------------------
// Position

export interface PositionLike {
  entryPrice: OraclePrice;
  /** Target-token native units (sizeDecimals). */
  sizeAmount: bigint;
  /** USD-6 valued at entry. */
  sizeUsd: bigint;
  /** USD-6. */
  collateralUsd: bigint;
  /** Collateral (lock) custody native units. */
  lockedAmount: bigint;
  lockedUsd: bigint;
  /** USD-6; a liability at close. */
  priceImpactUsd: bigint;
  /** USD-6; added to the accrued borrow fee. */
  unsettledFeesUsd: bigint;
  /** RATE-scaled borrow index at the last update (u128). */
  cumulativeLockFeeSnapshot: bigint;
  /** Degen mode ⇔ degenSizeUsd ≥ sizeUsd. */
  degenSizeUsd: bigint;
  /** Used for profit inside the delay window. */
  referencePrice: OraclePrice;
  sizeDecimals: number;
  lockedDecimals: number;
  collateralDecimals: number;
  /** Unix seconds. */
  openTime: IntLike;
  /** Unix seconds; start of the profit delay window. */
  updateTime: IntLike;
}

// ---------------------------------------------------------------------------------------------------------------
// Custody

export interface PricingParamsLike {
  /** 10^-6 of price. */
  tradeSpreadMin: bigint;
  tradeSpreadMax: bigint;
  /** BPS. */
  swapSpread: bigint;
  /** BPS of leverage (10 000 = 1×). */
  minInitLeverage: IntLike;
  minInitDegenLeverage: IntLike;
  maxInitLeverage: IntLike;
  maxInitDegenLeverage: IntLike;
  maxLeverage: IntLike;
  maxDegenLeverage: IntLike;
  /** USD-6. */
  minCollateralUsd: IntLike;
  minDegenCollateralUsd: IntLike;
  /** Seconds. */
  delaySeconds: IntLike;
  /** Utilization cap of the borrow curve (RATE; see borrow.ts for the BPS reading). */
  maxUtilization: IntLike;
  /** USD-6; denominator of the spread slope. */
  maxPositionSizeUsd: bigint;
  maxExposureUsd: bigint;
}

export interface RatioFeesLike {
  minFee: bigint;
  targetFee: bigint;
  maxFee: bigint;
}

export interface FeesLike {
  /** "Fixed" | "Linear". */
  mode: string;
  swapIn: RatioFeesLike;
  swapOut: RatioFeesLike;
  stableSwapIn: RatioFeesLike;
  stableSwapOut: RatioFeesLike;
  addLiquidity: RatioFeesLike;
  removeLiquidity: RatioFeesLike;
  /** RATE. */
  openPosition: bigint;
  closePosition: bigint;
  volatility: bigint;
}

export interface BorrowRateParamsLike {
  baseRate: bigint;
  /** RATE per hour. */
  slope1: bigint;
  slope2: bigint;
  /** RATE. */
  optimalUtilization: bigint;
}

export interface BorrowRateStateLike {
  /** RATE per hour. */
  currentRate: bigint;
  /** RATE (u128). */
  cumulativeLockFee: bigint;
  /** Unix seconds. */
  lastUpdate: IntLike;
}

export interface AssetsLike {
  collateral: bigint;
  owned: bigint;
  locked: bigint;
}

export interface OracleParamsLike {
  maxDivergenceBps: bigint;
  maxConfBps: bigint;
  maxPriceAgeSec: IntLike;
}

export interface CustodyLike {
  decimals: number;
  isStable: boolean;
  isVirtual: boolean;
  /** RATE; 0 = none. Applied to collateral/pool-asset conversions (PROTOCOL-v1 §4.4). */
  tokenAmountMultiplier: bigint;
  oracle: OracleParamsLike;
  pricing: PricingParamsLike;
  fees: FeesLike;
  borrowRate: BorrowRateParamsLike;
  borrowRateState: BorrowRateStateLike;
  assets: AssetsLike;
}

/** What a collateral (lock) custody contributes to amount ↔ USD conversions. */
export type CollateralCustody = Pick<CustodyLike, "decimals" | "tokenAmountMultiplier">;

// ---------------------------------------------------------------------------------------------------------------
// Market and pool

export interface PositionStatsLike {
  openPositions: bigint;
  updateTime: IntLike;
  averageEntryPrice: OraclePrice;
  sizeAmount: bigint;
  sizeUsd: bigint;
  lockedAmount: bigint;
  lockedUsd: bigint;
  collateralAmount: bigint;
  /** USD-6; the aggregate position's collateral. */
  collateralLiabilityUsd: bigint;
  unsettledFeeUsd: bigint;
  cumulativeLockFeeSnapshot: bigint;
  sizeDecimals: number;
  lockedDecimals: number;
  collateralDecimals: number;
}

export interface MarketLike {
  /** "Long" | "Short" (decoded enum variant). */
  side: string;
  /** Target and collateral move together (e.g. SOL long with SOL collateral). */
  correlation: boolean;
  /** BPS cap of the payout. */
  maxPayoffBps: bigint;
  degenExposureUsd: bigint;
  collectivePosition: PositionStatsLike;
}

export interface TokenRatiosLike {
  /** BPS of pool value. */
  target: bigint;
  min: bigint;
  max: bigint;
}

export interface PoolLike {
  /** Custody pubkeys (base58), defining the custody index. */
  custodies: readonly string[];
  ratios: readonly TokenRatiosLike[];
  feesObligationUsd: bigint;
  rebateObligationUsd: bigint;
}
