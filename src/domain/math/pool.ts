/**
 * Pool figures (PROTOCOL-v1 §5.15 and §6, PROTOCOL-v2 §5.15): AUM and equity, LP price, per-custody ratios,
 * utilization and add/remove capacities, per-market open interest. Percentages are returned in hundredths of a
 * percent (BPS of 100 %), truncated, so "12.34" is `1234n`.
 */
import { tradeSide } from "../../protocol/vocabulary.ts";
import { ceilDiv, floorDiv, minBig, nonNegative, pow10 } from "./bigint.ts";
import { BPS_POWER, LP_DECIMALS } from "./constants.ts";
import { maxPriceOf, minPriceOf, tokenAmount, usdValue } from "./oracle.ts";
import { type PnlPricing, positionPnl } from "./pnl.ts";
import type {
  CustodyLike,
  MarketLike,
  OraclePrice,
  PoolLike,
  PositionLike,
  PositionStatsLike,
  PriceInput,
  TokenRatiosLike,
} from "./types.ts";

export type PoolCustody = Pick<CustodyLike, "decimals" | "isStable" | "isVirtual" | "tokenAmountMultiplier" | "assets">;

/** usd(assets.owned) at a price, with the custody multiplier. */
export function ownedUsd(custody: PoolCustody, price: OraclePrice): bigint {
  return usdValue(custody.assets.owned, custody.decimals, price, custody.tokenAmountMultiplier);
}

/**
 * On-chain style AUM: Σ usd(owned) at each custody's max price, over the pool's custodies in `pool.custodies` order,
 * minus fee and rebate obligations; floored at 0.
 */
export function poolAumUsd(
  entries: readonly { custody: PoolCustody; price: PriceInput }[],
  pool: Pick<PoolLike, "feesObligationUsd" | "rebateObligationUsd">,
): bigint {
  let total = 0n;
  for (const { custody, price } of entries) total += ownedUsd(custody, maxPriceOf(price));
  return nonNegative(total - (pool.feesObligationUsd + pool.rebateObligationUsd));
}

/** A market's aggregate (`collective_position`) as a position: collateral = collateral_liability_usd. */
export function collectivePosition(stats: PositionStatsLike): PositionLike {
  return {
    entryPrice: stats.averageEntryPrice,
    sizeAmount: stats.sizeAmount,
    sizeUsd: stats.sizeUsd,
    collateralUsd: stats.collateralLiabilityUsd,
    lockedAmount: stats.lockedAmount,
    lockedUsd: stats.lockedUsd,
    priceImpactUsd: 0n,
    unsettledFeesUsd: stats.unsettledFeeUsd,
    cumulativeLockFeeSnapshot: stats.cumulativeLockFeeSnapshot,
    degenSizeUsd: 0n,
    referencePrice: { price: 0n, exponent: stats.averageEntryPrice.exponent },
    sizeDecimals: stats.sizeDecimals,
    lockedDecimals: stats.lockedDecimals,
    collateralDecimals: stats.collateralDecimals,
    openTime: 0n,
    updateTime: stats.updateTime,
  };
}

/** A clock reading after `update_time` 0 + `delay_seconds` 0: the PnL of an aggregate is never delayed. */
const OUTSIDE_ANY_DELAY = 1n;

export interface EquityMarket {
  market: Pick<MarketLike, "side" | "collectivePosition">;
  targetPrice: PriceInput;
  targetPricing: PnlPricing;
  collateralPrice: PriceInput;
  collateralCustody: Pick<CustodyLike, "decimals" | "tokenAmountMultiplier">;
}

/**
 * Pool equity = AUM − Σ collective collateral + Σ min(collective loss, collateral)
 *               − Σ min(collective profit, usd(locked at max price) − collateral).
 *
 * Choices: (1) the SDK's `getCollectivePosition` spreads the default (zero) position over the real fields, so its
 * equity ignores every market; we use the real aggregate. (2) The aggregate has no reference price, so its PnL is
 * taken outside the delay window (no per-position delay applies to a sum of positions): with the window zeroed and
 * no update time, any clock reading after the epoch is outside it, so the figure needs no clock.
 */
export function poolEquityUsd(aumUsd: bigint, markets: readonly EquityMarket[]): bigint {
  let equity = aumUsd;
  for (const m of markets) {
    const stats = m.market.collectivePosition;
    const position = collectivePosition(stats);
    equity -= position.collateralUsd;
    if (stats.openPositions === 0n || position.sizeUsd === 0n) continue;
    const pnl = positionPnl({
      position: { ...position, updateTime: 0n },
      side: tradeSide(m.market.side),
      targetPrice: m.targetPrice,
      targetPricing: { ...m.targetPricing, delaySeconds: 0n },
      collateralPrice: minPriceOf(m.collateralPrice),
      collateralCustody: m.collateralCustody,
      nowUnix: OUTSIDE_ANY_DELAY,
    });
    const lockedValue = usdValue(
      position.lockedAmount,
      m.collateralCustody.decimals,
      maxPriceOf(m.collateralPrice),
      m.collateralCustody.tokenAmountMultiplier,
    );
    equity += minBig(pnl.lossUsd, position.collateralUsd);
    equity -= minBig(pnl.profitUsd, nonNegative(lockedValue - position.collateralUsd));
  }
  return equity;
}

/**
 * LP token price in USD-6 per LP token (6 decimals): ⌊value·10^6 / lp_supply⌋; with no supply the SDK reports the
 * whole value as the price, which we keep so an empty pool shows its value rather than dividing by zero.
 */
export function lpTokenPriceUsd(valueUsd: bigint, lpSupply: bigint): bigint {
  if (lpSupply <= 0n) return valueUsd;
  return floorDiv(nonNegative(valueUsd) * pow10(LP_DECIMALS), lpSupply);
}

/** ⌊part·10^4 / whole⌋ (hundredths of a percent), 0 when whole is 0. */
export function shareBps(part: bigint, whole: bigint): bigint {
  if (whole <= 0n || part <= 0n) return 0n;
  return floorDiv(part * BPS_POWER, whole);
}

export interface PoolValueStats {
  /** Σ usd(owned) over non-virtual custodies at the plain oracle price (with multipliers), USD-6. */
  totalPoolValueUsd: bigint;
  stableUsd: bigint;
  /** Stable share, hundredths of a percent. */
  stableCoinBps: bigint;
}

/**
 * The display pool value of the pool-statistics endpoint (PROTOCOL-v1 §6.1): non-virtual custodies only, plain
 * price, no obligations or trader PnL (contrast {@link poolAumUsd}). The stable share is in USD (SDK 15.17.2).
 */
export function poolValueStats(entries: readonly { custody: PoolCustody; price: OraclePrice }[]): PoolValueStats {
  let total = 0n;
  let stable = 0n;
  for (const { custody, price } of entries) {
    if (custody.isVirtual) continue;
    const usd = ownedUsd(custody, price);
    total += usd;
    if (custody.isStable) stable += usd;
  }
  return { totalPoolValueUsd: total, stableUsd: stable, stableCoinBps: shareBps(stable, total) };
}

export interface CustodyPoolStats {
  ownedUsd: bigint;
  /** Hundredths of a percent of the pool value. */
  currentRatioBps: bigint;
  /** locked / owned, hundredths of a percent. */
  utilizationBps: bigint;
  /** The ratio bounds used for capacities: min 0 → 5 %, max 100 % → 95 % (the SDK's substitutes). */
  capacityMinBps: bigint;
  capacityMaxBps: bigint;
  availableToAddUsd: bigint;
  availableToAddAmount: bigint;
  availableToRemoveUsd: bigint;
  availableToRemoveAmount: bigint;
  minCapacityAmount: bigint;
  maxCapacityAmount: bigint;
}

/**
 * Per-custody figures of the pool statistics (PROTOCOL-v1 §6.2), exact in native units; T = total pool value,
 * O = usd(owned):
 *   currentRatio = O/T;  utilization = locked/owned
 *   availableToAdd    = ⌊maxR·T⌋ − O   when O/T < maxR, else 0      (maxR = ratios.max, 10 000 → 9 500)
 *   availableToRemove = O − ⌈minR·T⌉   when O/T > minR, else 0      (minR = ratios.min, 0 → 500)
 *   min/maxCapacity   = tokens(⌊minR·T⌋ / ⌊maxR·T⌋)
 * (the SDK computes these in 20-digit decimals and truncates to 6 decimals, which lands on the same integers).
 * Token amounts use the plain price with the multiplier, rounded down.
 */
export function custodyPoolStats(
  custody: PoolCustody,
  price: OraclePrice,
  ratios: TokenRatiosLike,
  totalPoolValueUsd: bigint,
): CustodyPoolStats {
  const owned = ownedUsd(custody, price);
  const tokens = (usd: bigint) => tokenAmount(usd, custody.decimals, price, custody.tokenAmountMultiplier);
  const minBps = ratios.min === 0n ? 500n : ratios.min;
  const maxBps = ratios.max === BPS_POWER ? 9_500n : ratios.max;
  const t = totalPoolValueUsd;
  const maxUsd = floorDiv(maxBps * nonNegative(t), BPS_POWER);
  const minUsd = floorDiv(minBps * nonNegative(t), BPS_POWER);
  const belowMax = t > 0n ? owned * BPS_POWER < maxBps * t : maxBps > 0n;
  const aboveMin = t > 0n ? owned * BPS_POWER > minBps * t : false;
  const addUsd = belowMax ? nonNegative(maxUsd - owned) : 0n;
  const removeUsd = aboveMin ? nonNegative(owned - ceilDiv(minBps * t, BPS_POWER)) : 0n;
  return {
    ownedUsd: owned,
    currentRatioBps: t > 0n ? shareBps(owned, t) : 0n,
    utilizationBps: custody.assets.owned === 0n ? 0n : shareBps(custody.assets.locked, custody.assets.owned),
    capacityMinBps: minBps,
    capacityMaxBps: maxBps,
    availableToAddUsd: addUsd,
    availableToAddAmount: tokens(addUsd),
    availableToRemoveUsd: removeUsd,
    availableToRemoveAmount: tokens(removeUsd),
    minCapacityAmount: tokens(minUsd),
    maxCapacityAmount: tokens(maxUsd),
  };
}

export interface MarketOpenInterest {
  /** collective_position.size_usd (USD-6, valued at entry). */
  openInterestUsd: bigint;
  /** collective_position.size_amount (target native). */
  openInterestAmount: bigint;
  openPositions: bigint;
  /** collective_position.locked_usd. */
  lockedUsd: bigint;
}

/** Open interest of a market from its aggregate position. */
export function marketOpenInterest(market: Pick<MarketLike, "collectivePosition">): MarketOpenInterest {
  const c = market.collectivePosition;
  return {
    openInterestUsd: c.sizeUsd,
    openInterestAmount: c.sizeAmount,
    openPositions: c.openPositions,
    lockedUsd: c.lockedUsd,
  };
}
