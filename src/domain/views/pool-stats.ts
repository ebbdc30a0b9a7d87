/**
 * Pool statistics of one pool (earlier `PoolDataSnapshot` element; v2 adds `marketStats`, DECISIONS 2.9) from
 * decoded accounts, configuration and prices. Pure: the numbers come from src/domain/math, the strings from
 * src/domain/format (USD 2 decimals, token amounts at tokenPrecision, prices at usdPrecision, percent 2 decimals,
 * all truncated toward zero).
 */
import type { Custody, Market, Pool } from "../../protocol/accounts/index.ts";
import type { CustodyConfig, MarketConfig, PoolConfig, TokenConfig } from "../../config/pool-config.ts";
import { custodyPoolStats, lpTokenPriceUsd, marketOpenInterest, poolValueStats } from "../math/pool.ts";
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

export class MissingPriceError extends Error {
  override name = "MissingPriceError";
}

const leverageUi = (bps: number) => formatDecimal(BigInt(bps), 4, 2);

/** Statistics of one pool; throws MissingPriceError when a non-virtual custody has no price yet. */
export function computePoolStats(input: PoolStatsInput): PoolStatsDto {
  const priced = input.custodies.filter((c) => !c.account.isVirtual).map((c) => {
    const price = input.priceOf(c.token);
    if (!price) throw new MissingPriceError(`price for symbol '${c.token.symbol}' not available`);
    return { ...c, price };
  });
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
