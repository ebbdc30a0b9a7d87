/**
 * Pool statistics of one pool (earlier `PoolDataSnapshot` element; v2 adds `marketStats`, DECISIONS 2.9) from
 * decoded accounts, configuration and prices. Pure: the numbers come from src/domain/math, the strings from
 * src/domain/format (USD 2 decimals, token amounts at tokenPrecision, prices at usdPrecision, percent 2 decimals,
 * all truncated toward zero).
 *
 * v2 also carries the live service's pool-data fields (issue 12, PROTOCOL-v2 §5.15): `basketCount`,
 * `lpStats.equityUsd`, `isStable` / `isVirtual` per custody, and `collectiveSizeUsd`, `openPositions`,
 * `maxPayoffBps`, `maxPositionLockedUsd`, `correlation` per market (`computeV2PoolStats`).
 */
import type { Custody, Market, Pool } from "../../protocol/accounts/mod.ts";
import type { ProgramVersion } from "../../protocol/vocabulary.ts";
import type { CustodyConfig, MarketConfig, PoolConfig, TokenConfig } from "../../config/pool-config.ts";
import {
  custodyPoolStats,
  type EquityMarket,
  lpTokenPriceUsd,
  marketOpenInterest,
  poolAumUsd,
  poolEquityUsd,
  poolValueStats,
} from "../math/pool.ts";
import type { OraclePrice } from "../math/types.ts";
import { formatDecimal, formatPercentBps, formatPrice, formatTokenAmount, formatUsd } from "../format/ui.ts";

export interface CustodyInput {
  config: CustodyConfig;
  token: TokenConfig;
  account: Custody;
}

export interface MarketInput {
  config: MarketConfig;
  account: Market;
  targetToken: TokenConfig;
  /** The target custody caps the market's open interest (`pricing.max_exposure_usd`). */
  targetCustody: Custody;
  collateralToken: TokenConfig;
  /** The collateral ("lock") custody: values the market's locked payout (v2 equity). */
  collateralCustody: Custody;
}

export interface PoolStatsInput {
  config: PoolConfig;
  account: Pool;
  /** Every custody of the pool, in the on-chain `pool.custodies` order (which indexes `pool.ratios`). */
  custodies: CustodyInput[];
  markets: MarketInput[];
  /** LP token supply in native units (6 decimals). */
  lpSupply: bigint;
  priceOf: (token: TokenConfig) => OraclePrice | undefined;
  /**
   * For every basket of the deployment, the markets of its open positions (v2's `basketCount`; none on the earlier
   * interface). Only these, not decoded baskets: a deployment may hold 100,000 of them.
   */
  basketOpenMarkets: readonly (readonly string[])[];
}

export interface CustodyStatsDto {
  symbol: string;
  custodyAccount: string;
  priceUi: string;
  minRatioUi: string;
  maxRatioUi: string;
  targetRatioUi: string;
  currentRatioUi: string;
  utilizationUi: string;
  lockedAmountUi: string;
  assetsOwnedAmountUi: string;
  totalUsdOwnedAmountUi: string;
  availableToAddAmountUi: string;
  availableToAddUsdUi: string;
  availableToRemoveAmountUi: string;
  availableToRemoveUsdUi: string;
  minCapacityAmountUi: string;
  maxCapacityAmountUi: string;
  rewardPerLpStaked: string;
  openPositionFeeRate: string;
  closePositionFeeRate: string;
  limitPriceBufferBps: string;
  maxLeverage: string;
  maxDegenLeverage: string;
  delaySeconds: string;
}

export interface MarketStatsDto {
  marketAccount: string;
  targetSymbol: string;
  collateralSymbol: string;
  side: "long" | "short";
  openInterestUsd: string;
  openInterestAmountUi: string;
  maxOpenInterestUsd: string;
}

export interface PoolStatsDto {
  poolName: string;
  poolAddress: string;
  lpStats: {
    lpTokenSupply: string;
    totalPoolValueUsd: string;
    lpPrice: string;
    stableCoinPercentage: string;
    maxAumUsd: string;
  };
  custodyStats: CustodyStatsDto[];
  marketStats: MarketStatsDto[];
}

/** v2 custody figures: the shared ones plus the custody's flags, as the live service lists them. */
export interface V2CustodyStatsDto extends CustodyStatsDto {
  isStable: boolean;
  isVirtual: boolean;
}

/** v2 market figures: the shared ones plus the live service's raw aggregate and market parameters. */
export interface V2MarketStatsDto extends MarketStatsDto {
  collectiveSizeUsd: string;
  openPositions: number;
  maxPayoffBps: number;
  maxPositionLockedUsd: number;
  correlation: boolean;
}

export interface V2PoolStatsDto extends PoolStatsDto {
  basketCount: number;
  lpStats: PoolStatsDto["lpStats"] & { equityUsd: string };
  custodyStats: V2CustodyStatsDto[];
  marketStats: V2MarketStatsDto[];
}

export class MissingPriceError extends Error {
  override name = "MissingPriceError";
}

const leverageUi = (bps: number) => formatDecimal(BigInt(bps), 4, 2);

/** The custodies `custodyStats` lists, in order: the non-virtual ones (DECISIONS 2.9). */
const listedCustodies = (input: PoolStatsInput) => input.custodies.filter((c) => !c.account.isVirtual);

const requirePrice = (input: PoolStatsInput, token: TokenConfig): OraclePrice => {
  const price = input.priceOf(token);
  if (!price) throw new MissingPriceError(`price for symbol '${token.symbol}' not available`);
  return price;
};

/** Statistics of one pool; throws MissingPriceError when a non-virtual custody has no price yet. */
export function computePoolStats(input: PoolStatsInput): PoolStatsDto {
  const priced = listedCustodies(input).map((c) => ({ ...c, price: requirePrice(input, c.token) }));
  const value = poolValueStats(priced.map((c) => ({ custody: c.account, price: c.price })));
  const total = value.totalPoolValueUsd;

  const custodyStats = priced.map((c): CustodyStatsDto => {
    const index = input.account.custodies.indexOf(c.config.custodyAccount);
    const ratios = input.account.ratios[index] ?? { target: 0n, min: 0n, max: 10_000n };
    const stats = custodyPoolStats(c.account, c.price, ratios, total);
    const { decimals } = c.account;
    const precision = c.token.tokenPrecision;
    const amount = (native: bigint) => formatTokenAmount(native, decimals, precision);
    return {
      symbol: c.config.symbol,
      custodyAccount: c.config.custodyAccount,
      priceUi: formatPrice(c.price, c.token.usdPrecision),
      minRatioUi: formatPercentBps(ratios.min),
      maxRatioUi: formatPercentBps(ratios.max),
      targetRatioUi: formatPercentBps(ratios.target),
      currentRatioUi: formatPercentBps(stats.currentRatioBps),
      utilizationUi: formatPercentBps(stats.utilizationBps),
      lockedAmountUi: amount(c.account.assets.locked),
      assetsOwnedAmountUi: amount(c.account.assets.owned),
      totalUsdOwnedAmountUi: formatUsd(stats.ownedUsd),
      availableToAddAmountUi: amount(stats.availableToAddAmount),
      availableToAddUsdUi: formatUsd(stats.availableToAddUsd),
      availableToRemoveAmountUi: amount(stats.availableToRemoveAmount),
      availableToRemoveUsdUi: formatUsd(stats.availableToRemoveUsd),
      minCapacityAmountUi: amount(stats.minCapacityAmount),
      maxCapacityAmountUi: amount(stats.maxCapacityAmount),
      rewardPerLpStaked: String(c.account.feesStats.rewardPerLpStaked),
      openPositionFeeRate: String(c.account.fees.openPosition),
      closePositionFeeRate: String(c.account.fees.closePosition),
      limitPriceBufferBps: String(c.account.limitPriceBufferBps),
      maxLeverage: leverageUi(c.account.pricing.maxLeverage),
      maxDegenLeverage: leverageUi(c.account.pricing.maxDegenLeverage),
      delaySeconds: String(c.account.pricing.delaySeconds),
    };
  });

  const marketStats = input.markets.map((m): MarketStatsDto => {
    const oi = marketOpenInterest(m.account);
    return {
      marketAccount: m.config.marketAccount,
      targetSymbol: m.config.targetSymbol,
      collateralSymbol: m.config.collateralSymbol,
      side: m.config.side,
      openInterestUsd: formatUsd(oi.openInterestUsd),
      openInterestAmountUi: formatTokenAmount(
        oi.openInterestAmount,
        m.targetToken.decimals,
        m.targetToken.tokenPrecision,
      ),
      maxOpenInterestUsd: formatUsd(m.targetCustody.pricing.maxExposureUsd),
    };
  });

  return {
    poolName: input.config.poolName,
    poolAddress: input.config.poolAddress,
    lpStats: {
      lpTokenSupply: String(input.lpSupply),
      totalPoolValueUsd: formatUsd(total),
      lpPrice: formatUsd(lpTokenPriceUsd(total, input.lpSupply)),
      stableCoinPercentage: formatPercentBps(value.stableCoinBps),
      maxAumUsd: formatUsd(input.account.maxAumUsd),
    },
    custodyStats,
    marketStats,
  };
}

/**
 * The pool's equity (PROTOCOL-v2 §5.15), USD-6: its AUM (Σ usd(owned) at the max price over `pool.custodies`, minus
 * fee and rebate obligations) less what the traders' collective positions are owed: each market's collateral, plus
 * its collective loss (at most the collateral), minus its collective profit (at most the locked payout).
 * A custody that owns nothing adds nothing and a market without open positions has no PnL, so only the others need
 * a price; a missing one makes the pool unavailable (MissingPriceError), never a guessed figure.
 */
export function poolEquityOf(input: PoolStatsInput): bigint {
  const aum = poolAumUsd(
    input.custodies.filter((c) => c.account.assets.owned !== 0n).map((c) => ({
      custody: c.account,
      price: requirePrice(input, c.token),
    })),
    input.account,
  );
  const markets = input.markets.map((m): EquityMarket => {
    const open = m.account.collectivePosition.openPositions !== 0n && m.account.collectivePosition.sizeUsd !== 0n;
    // Without open positions only the (zero) collateral counts: poolEquityUsd reads no price for it.
    const price = (token: TokenConfig) => open ? requirePrice(input, token) : { price: 0n, exponent: 0 };
    return {
      market: m.account,
      targetPrice: price(m.targetToken),
      targetPricing: m.targetCustody.pricing,
      collateralPrice: price(m.collateralToken),
      collateralCustody: m.collateralCustody,
    };
  });
  return poolEquityUsd(aum, markets);
}

/** Baskets with at least one open position (non-zero size) on one of the pool's markets. */
export function basketCountOf(input: PoolStatsInput): number {
  const markets = new Set(input.account.markets);
  let count = 0;
  for (const open of input.basketOpenMarkets) if (open.some((market) => markets.has(market))) count++;
  return count;
}

/**
 * v2 statistics of one pool: the shared figures and the live service's fields beside them.
 *   basketCount          baskets with an open position in the pool ({@link basketCountOf})
 *   lpStats.equityUsd    {@link poolEquityOf}, USD 2 decimals truncated (negative when the traders are owed more)
 *   custody isStable / isVirtual   the custody account's flags
 *   market collectiveSizeUsd       collective_position.size_usd, USD 2 decimals (the same figure as openInterestUsd)
 *          openPositions           collective_position.open_positions
 *          maxPayoffBps            the market's max_payoff_bps
 *          maxPositionLockedUsd    the target custody's pricing.max_position_size_usd, raw USD-6 (the vendor program
 *                                  names it max_position_locked_usd: the largest size one position may have)
 *          correlation             the market's correlation flag
 * Counts and raw integers are JSON numbers, as the live service sends them.
 */
export function computeV2PoolStats(input: PoolStatsInput): V2PoolStatsDto {
  const shared = computePoolStats(input);
  // The shared entries follow their inputs one to one, in order.
  const custodies = listedCustodies(input);
  return {
    ...shared,
    basketCount: basketCountOf(input),
    lpStats: { ...shared.lpStats, equityUsd: formatUsd(poolEquityOf(input)) },
    custodyStats: shared.custodyStats.map((stats, i) => ({
      ...stats,
      isStable: custodies[i].account.isStable,
      isVirtual: custodies[i].account.isVirtual,
    })),
    marketStats: shared.marketStats.map((stats, i) => {
      const m = input.markets[i];
      const collective = m.account.collectivePosition;
      return {
        ...stats,
        collectiveSizeUsd: formatUsd(collective.sizeUsd),
        openPositions: Number(collective.openPositions),
        maxPayoffBps: Number(m.account.maxPayoffBps),
        maxPositionLockedUsd: Number(m.targetCustody.pricing.maxPositionSizeUsd),
        correlation: m.account.correlation,
      };
    }),
  };
}

/** Each interface's pool statistics. */
export type PoolStatsDtoOf<V extends ProgramVersion> = V extends "v2" ? V2PoolStatsDto : PoolStatsDto;

export const POOL_STATS: { [V in ProgramVersion]: (input: PoolStatsInput) => PoolStatsDtoOf<V> } = {
  v2: computeV2PoolStats,
  earlier: computePoolStats,
};
