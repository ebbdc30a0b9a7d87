/**
 * Pool statistics on the reference's worked example (PROTOCOL-v1 §6.2, "Community.2, synthetic"):
 * USDC 600 000 @ 0.9999 and WIF 500 000 @ 1.23456789, sFLP supply 1 234 567.890123, WIF utilization 20 %.
 */
import assert from "node:assert/strict";
import { computePoolStats, MissingPriceError, type PoolStatsInput } from "../../../src/domain/views/pool-stats.ts";
import type { Custody, Market, Pool } from "../../../src/protocol/accounts/index.ts";
import type { CustodyConfig, MarketConfig, PoolConfig, TokenConfig } from "../../../src/config/pool-config.ts";

const USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const WIF = "EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm";
const POOL = "DP1FnZjWzDjSMQA64BcMzUdpDpyAQ6723d5fpX4yTk5G";
const USDC_CUSTODY = "Cp7mTrBsHrE8xZ5fNNi3UPBzAHqSMhqBNrAtXjjjQJAk";
const WIF_CUSTODY = "8Ki2CPsPXxj3SAdbxPAB2LLXnPpmBMoRWSLaTeGZWVdK";
const MARKET = "3vHoXbUvGhEHFsLUmxyC6VWsbYDreb1zMn9TAp5ijN5K";

function token(symbol: string, mintKey: string, isStable: boolean): TokenConfig {
  return {
    symbol,
    mintKey,
    decimals: 6,
    usdPrecision: 2,
    tokenPrecision: 4,
    isStable,
    isVirtual: false,
    feedId: isStable ? 7 : 10,
    oracleTicker: "",
    oraclePriceId: "",
    isToken2022: false,
  };
}

/** Only the fields pool statistics read; the rest of a Custody is irrelevant here. */
function custody(owned: bigint, locked: bigint, isStable: boolean): Custody {
  return {
    decimals: 6,
    isStable,
    isVirtual: false,
    tokenAmountMultiplier: 0n,
    assets: { collateral: 0n, owned, locked },
    feesStats: { rewardPerLpStaked: 42n },
    fees: { openPosition: 510_000n, closePosition: 510_000n },
    limitPriceBufferBps: 50n,
    pricing: {
      maxLeverage: 250_000,
      maxDegenLeverage: 1_250_000,
      delaySeconds: 15n,
      maxExposureUsd: 5_000_000_000_000n,
    },
  } as unknown as Custody;
}

function input(): PoolStatsInput {
  const usdc = token("USDC", USDC, true);
  const wif = token("WIF", WIF, false);
  const config = { poolName: "Community.2", poolAddress: POOL } as PoolConfig;
  const account = {
    custodies: [USDC_CUSTODY, WIF_CUSTODY],
    ratios: [{ target: 5_000n, min: 2_500n, max: 7_500n }, { target: 5_000n, min: 2_500n, max: 7_500n }],
    maxAumUsd: 50_000_000_000_000n,
  } as unknown as Pool;
  const wifCustody = custody(500_000_000_000n, 100_000_000_000n, false);
  return {
    config,
    account,
    custodies: [
      {
        config: { custodyAccount: USDC_CUSTODY, symbol: "USDC" } as CustodyConfig,
        token: usdc,
        account: custody(600_000_000_000n, 0n, true),
      },
      { config: { custodyAccount: WIF_CUSTODY, symbol: "WIF" } as CustodyConfig, token: wif, account: wifCustody },
    ],
    markets: [{
      config: { marketAccount: MARKET, targetSymbol: "WIF", collateralSymbol: "WIF", side: "long" } as MarketConfig,
      account: {
        collectivePosition: { sizeUsd: 1_500_000_000n, sizeAmount: 1_215_000_000n, openPositions: 3n, lockedUsd: 0n },
      } as unknown as Market,
      targetToken: wif,
      targetCustody: wifCustody,
    }],
    lpSupply: 1_234_567_890_123n,
    priceOf: (t) => t.symbol === "USDC" ? { price: 99_990_000n, exponent: -8 } : { price: 123_456_789n, exponent: -8 },
  };
}

Deno.test("pool stats: the reference's worked example", () => {
  const stats = computePoolStats(input());
  // T = 600 000 × 0.9999 + 500 000 × 1.23456789 = 599 940 + 617 283.945 = 1 217 223.945 USD
  assert.equal(stats.lpStats.totalPoolValueUsd, "1217223.94");
  // 1 217 223.945 / 1 234 567.890123 = 0.985951… → "0.98"
  assert.equal(stats.lpStats.lpPrice, "0.98");
  // 599 940 / 1 217 223.945 = 49.287…% → "49.28"
  assert.equal(stats.lpStats.stableCoinPercentage, "49.28");
  assert.equal(stats.lpStats.lpTokenSupply, "1234567890123");
  assert.equal(stats.lpStats.maxAumUsd, "50000000.00");

  const [usdc, wif] = stats.custodyStats;
  assert.equal(usdc.priceUi, "0.99"); // 0.9999 truncated at usdPrecision 2
  assert.equal(wif.currentRatioUi, "50.71"); // 617 283.945 / 1 217 223.945
  assert.equal(wif.utilizationUi, "20.00"); // 100 000 locked / 500 000 owned
  assert.equal(wif.minRatioUi, "25.00");
  assert.equal(wif.maxRatioUi, "75.00");
  // min capacity: ⌊25 % × T⌋ = 304 305.98625 USD → ÷ 1.23456789 = 246 487.851105… WIF, 4 decimals, truncated
  assert.equal(wif.minCapacityAmountUi, "246487.8511");
  // max capacity: ⌊75 % × T⌋ = 912 917.95875 USD → 739 463.553316… WIF
  assert.equal(wif.maxCapacityAmountUi, "739463.5533");
  // available to add: 912 917.95875 − 617 283.945 = 295 634.01375 USD; to remove: 617 283.945 − 304 305.98625
  assert.equal(wif.availableToAddUsdUi, "295634.01");
  assert.equal(wif.availableToRemoveUsdUi, "312977.95");
  assert.equal(wif.openPositionFeeRate, "510000");
  assert.equal(wif.maxLeverage, "25.00");
  assert.equal(wif.maxDegenLeverage, "125.00");
  assert.equal(wif.delaySeconds, "15");
  assert.equal(wif.rewardPerLpStaked, "42");

  assert.deepEqual(stats.marketStats, [{
    marketAccount: MARKET,
    targetSymbol: "WIF",
    collateralSymbol: "WIF",
    side: "long",
    openInterestUsd: "1500.00",
    openInterestAmountUi: "1215.0000",
    maxOpenInterestUsd: "5000000.00",
  }]);
});

Deno.test("pool stats: a non-virtual custody without a price makes the pool unavailable, not wrong", () => {
  const missing = { ...input(), priceOf: () => undefined };
  assert.throws(() => computePoolStats(missing), MissingPriceError);
});
