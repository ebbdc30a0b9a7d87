/**
 * Hand-written accounts for the domain tests (synthetic, round numbers so the arithmetic can be done by hand).
 */
import type { CustodyLike, OraclePrice, PositionLike, RatioFeesLike } from "../../src/domain/math/types.ts";

export const px = (price: bigint, exponent = -8): OraclePrice => ({ price, exponent });

const ratioFees = (minFee: bigint, targetFee: bigint, maxFee: bigint): RatioFeesLike => ({ minFee, targetFee, maxFee });

export interface CustodyOverrides {
  decimals?: number;
  isStable?: boolean;
  isVirtual?: boolean;
  tokenAmountMultiplier?: bigint;
  pricing?: Partial<CustodyLike["pricing"]>;
  fees?: Partial<CustodyLike["fees"]>;
  borrowRate?: Partial<CustodyLike["borrowRate"]>;
  borrowRateState?: Partial<CustodyLike["borrowRateState"]>;
  assets?: Partial<CustodyLike["assets"]>;
}

/** A custody with the parameters of PROTOCOL-v2 §5.10's worked example unless overridden. */
export function makeCustody(o: CustodyOverrides = {}): CustodyLike {
  return {
    decimals: o.decimals ?? 9,
    isStable: o.isStable ?? false,
    isVirtual: o.isVirtual ?? false,
    tokenAmountMultiplier: o.tokenAmountMultiplier ?? 0n,
    oracle: { maxDivergenceBps: 500n, maxConfBps: 100n, maxPriceAgeSec: 30 },
    pricing: {
      tradeSpreadMin: 1_000n,
      tradeSpreadMax: 5_000n,
      swapSpread: 10n,
      minInitLeverage: 11_000,
      minInitDegenLeverage: 11_000,
      maxInitLeverage: 1_000_000,
      maxInitDegenLeverage: 5_000_000,
      maxLeverage: 1_000_000,
      maxDegenLeverage: 5_000_000,
      minCollateralUsd: 10_000_000,
      minDegenCollateralUsd: 10_000_000,
      delaySeconds: 0n,
      maxUtilization: 900_000_000,
      maxPositionSizeUsd: 1_000_000_000_000n,
      maxExposureUsd: 10_000_000_000_000n,
      ...o.pricing,
    },
    fees: {
      mode: "Linear",
      swapIn: ratioFees(100_000n, 200_000n, 600_000n),
      swapOut: ratioFees(100_000n, 200_000n, 600_000n),
      stableSwapIn: ratioFees(100_000n, 200_000n, 600_000n),
      stableSwapOut: ratioFees(100_000n, 200_000n, 600_000n),
      addLiquidity: ratioFees(100_000n, 200_000n, 600_000n),
      removeLiquidity: ratioFees(100_000n, 200_000n, 600_000n),
      openPosition: 600_000n,
      closePosition: 600_000n,
      volatility: 1_000_000n,
      ...o.fees,
    },
    borrowRate: { baseRate: 0n, slope1: 20_000n, slope2: 40_000n, optimalUtilization: 800_000_000n, ...o.borrowRate },
    borrowRateState: {
      currentRate: 10_000n,
      cumulativeLockFee: 1_000_000n,
      lastUpdate: 1_700_000_000n,
      ...o.borrowRateState,
    },
    assets: { collateral: 0n, owned: 0n, locked: 0n, ...o.assets },
  };
}

export const SOL_PRICE = px(15_000_000_000n); // 150.00000000
export const USDC_PRICE = px(100_000_000n); // 1.00000000

export const sol = () => makeCustody({ decimals: 9 });
export const usdc = () =>
  makeCustody({ decimals: 6, isStable: true, pricing: { tradeSpreadMin: 0n, tradeSpreadMax: 0n } });

/** A position; defaults: SOL 10 @ 150.00 valued $1 500, $300 collateral (5×), $1 800 locked in USDC. */
export function makePosition(o: Partial<PositionLike> = {}): PositionLike {
  return {
    entryPrice: px(15_000_000_000n),
    sizeAmount: 10_000_000_000n,
    sizeUsd: 1_500_000_000n,
    collateralUsd: 300_000_000n,
    lockedAmount: 1_800_000_000n,
    lockedUsd: 1_800_000_000n,
    priceImpactUsd: 0n,
    unsettledFeesUsd: 0n,
    cumulativeLockFeeSnapshot: 1_000_000n,
    degenSizeUsd: 0n,
    referencePrice: px(15_000_000_000n),
    sizeDecimals: 9,
    lockedDecimals: 6,
    collateralDecimals: 6,
    openTime: 1_700_000_000n,
    updateTime: 1_700_000_000n,
    ...o,
  };
}

export const NOW = 1_700_003_600n; // one hour after the fixtures' last update

/** USDC's custody fields the PnL and metrics tests use. */
export const USDC = { decimals: 6, tokenAmountMultiplier: 0n };

export const U64_MAX = 18_446_744_073_709_551_615n;
