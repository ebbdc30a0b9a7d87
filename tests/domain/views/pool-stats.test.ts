/**
 * Pool statistics on the reference's worked example (PROTOCOL-v1 §6.2, "Community.2, synthetic"):
 * USDC 600 000 @ 0.9999 and WIF 500 000 @ 1.23456789, sFLP supply 1 234 567.890123, WIF utilization 20 %.
 * v2's additions (the live service's fields, PROTOCOL-v2 §5.15) on the same pool with two markets: a WIF long
 * (1 215 WIF @1.10, $300 collateral, 2 000 WIF locked) and a WIF short (400 WIF @1.20, $100 USDC collateral), a
 * virtual custody that owns nothing and has no price, and $1 223.945 of fee and rebate obligations.
 */
import assert from "node:assert/strict";
import {
  basketCountOf,
  computePoolStats,
  computeV2PoolStats,
  MissingPriceError,
  poolEquityOf,
  type PoolStatsInput,
} from "../../../src/domain/views/pool-stats.ts";
import type { Custody, Market, Pool, PositionStats } from "../../../src/protocol/accounts/mod.ts";
import type { CustodyConfig, MarketConfig, PoolConfig, TokenConfig } from "../../../src/config/pool-config.ts";

const USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const WIF = "EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm";
const XAU = "Xsv9hRk1z5ystj9MhnA7Lq4vjSsLwzL2nxrwmwtD3re";
const POOL = "DP1FnZjWzDjSMQA64BcMzUdpDpyAQ6723d5fpX4yTk5G";
const USDC_CUSTODY = "Cp7mTrBsHrE8xZ5fNNi3UPBzAHqSMhqBNrAtXjjjQJAk";
const WIF_CUSTODY = "8Ki2CPsPXxj3SAdbxPAB2LLXnPpmBMoRWSLaTeGZWVdK";
const XAU_CUSTODY = "5pHk2TmnqQzRF9L2XLbGrgkPpAYbnmRmyNW8tNnbe7TC";
const MARKET = "3vHoXbUvGhEHFsLUmxyC6VWsbYDreb1zMn9TAp5ijN5K";
const SHORT_MARKET = "9Xk4Zr5o2c8QwJ7n1VtLhYpDm3aEuBfGs6RkTq2WxHzN";
const OTHER_POOLS_MARKET = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

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
function custody(owned: bigint, locked: bigint, isStable: boolean, isVirtual = false): Custody {
  return {
    decimals: 6,
    isStable,
    isVirtual,
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
      // No spread, so the collective PnL is at the oracle price; $250 000 per position.
      tradeSpreadMin: 0n,
      tradeSpreadMax: 0n,
      maxPositionSizeUsd: 250_000_000_000n,
    },
  } as unknown as Custody;
}

const px = (price: bigint) => ({ price, exponent: -8 });

function collective(o: Partial<PositionStats>): PositionStats {
  return {
    openPositions: 0n,
    updateTime: 0n,
    averageEntryPrice: px(0n),
    sizeAmount: 0n,
    sizeUsd: 0n,
    lockedAmount: 0n,
    lockedUsd: 0n,
    collateralAmount: 0n,
    collateralLiabilityUsd: 0n,
    unsettledFeeUsd: 0n,
    cumulativeLockFeeSnapshot: 0n,
    sizeDecimals: 6,
    lockedDecimals: 6,
    collateralDecimals: 6,
    ...o,
  };
}

function input(): PoolStatsInput {
  const usdc = token("USDC", USDC, true);
  const wif = token("WIF", WIF, false);
  const xau = { ...token("XAU", XAU, false), isVirtual: true, feedId: 346 };
  const config = { poolName: "Community.2", poolAddress: POOL } as PoolConfig;
  const account = {
    custodies: [USDC_CUSTODY, WIF_CUSTODY, XAU_CUSTODY],
    ratios: [
      { target: 5_000n, min: 2_500n, max: 7_500n },
      { target: 5_000n, min: 2_500n, max: 7_500n },
      { target: 0n, min: 0n, max: 10_000n },
    ],
    markets: [MARKET, SHORT_MARKET],
    maxAumUsd: 50_000_000_000_000n,
    feesObligationUsd: 1_000_000_000n,
    rebateObligationUsd: 223_945_000n,
  } as unknown as Pool;
  const wifCustody = custody(500_000_000_000n, 100_000_000_000n, false);
  const usdcCustody = custody(600_000_000_000n, 0n, true);
  const market = (o: Partial<Market>) => ({ maxPayoffBps: 10_000n, ...o }) as unknown as Market;
  return {
    config,
    account,
    custodies: [
      { config: { custodyAccount: USDC_CUSTODY, symbol: "USDC" } as CustodyConfig, token: usdc, account: usdcCustody },
      { config: { custodyAccount: WIF_CUSTODY, symbol: "WIF" } as CustodyConfig, token: wif, account: wifCustody },
      {
        config: { custodyAccount: XAU_CUSTODY, symbol: "XAU" } as CustodyConfig,
        token: xau,
        account: custody(0n, 0n, false, true),
      },
    ],
    markets: [{
      config: { marketAccount: MARKET, targetSymbol: "WIF", collateralSymbol: "WIF", side: "long" } as MarketConfig,
      account: market({
        side: "Long",
        correlation: true,
        collectivePosition: collective({
          openPositions: 3n,
          averageEntryPrice: px(110_000_000n),
          sizeAmount: 1_215_000_000n,
          sizeUsd: 1_500_000_000n,
          lockedAmount: 2_000_000_000n,
          collateralLiabilityUsd: 300_000_000n,
        }),
      }),
      targetToken: wif,
      targetCustody: wifCustody,
      collateralToken: wif,
      collateralCustody: wifCustody,
    }, {
      config: {
        marketAccount: SHORT_MARKET,
        targetSymbol: "WIF",
        collateralSymbol: "USDC",
        side: "short",
      } as MarketConfig,
      account: market({
        side: "Short",
        correlation: false,
        maxPayoffBps: 9_000n,
        collectivePosition: collective({
          openPositions: 1n,
          averageEntryPrice: px(120_000_000n),
          sizeAmount: 400_000_000n,
          sizeUsd: 480_000_000n,
          lockedAmount: 500_000_000n,
          collateralLiabilityUsd: 100_000_000n,
        }),
      }),
      targetToken: wif,
      targetCustody: wifCustody,
      collateralToken: usdc,
      collateralCustody: usdcCustody,
    }],
    lpSupply: 1_234_567_890_123n,
    priceOf: (t) => t.symbol === "USDC" ? px(99_990_000n) : t.symbol === "WIF" ? px(123_456_789n) : undefined,
    basketOpenMarkets: [],
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

  assert.deepEqual(stats.custodyStats.map((c) => c.symbol), ["USDC", "WIF"]); // the virtual XAU is left out
  assert.deepEqual(stats.marketStats[0], {
    marketAccount: MARKET,
    targetSymbol: "WIF",
    collateralSymbol: "WIF",
    side: "long",
    openInterestUsd: "1500.00",
    openInterestAmountUi: "1215.0000",
    maxOpenInterestUsd: "5000000.00",
  });
  assert.ok(!("basketCount" in stats) && !("equityUsd" in stats.lpStats), "the live fields are v2's");
});

Deno.test("pool stats: a non-virtual custody without a price makes the pool unavailable, not wrong", () => {
  const missing = { ...input(), priceOf: () => undefined };
  assert.throws(() => computePoolStats(missing), MissingPriceError);
});

Deno.test("v2 pool stats: equityUsd, by hand", () => {
  // AUM = 599 940 + 617 283.945 (USDC and WIF owned at their prices; XAU owns nothing) − (1 000 + 223.945)
  //     = 1 216 000.000000
  // WIF long, 1 215 WIF @1.10, no spread: profit = ⌊1 215 000 000 × (123 456 789 − 110 000 000) / 10^8⌋
  //   = 163 499 986 ($163.499986), below its cap usd(2 000 WIF) − 300 = 2 169.13578 → equity −300 − 163.499986
  // WIF short, 400 WIF @1.20: loss = ⌊400 000 000 × 3 456 789 / 10^8⌋ = 13 827 156, below its $100 collateral
  //   → equity −100 + 13.827156
  // equity = 1 216 000 − 300 − 163.499986 − 100 + 13.827156 = 1 215 450.327170
  assert.equal(poolEquityOf(input()), 1_215_450_327_170n);
  assert.equal(computeV2PoolStats(input()).lpStats.equityUsd, "1215450.32");
});

Deno.test("v2 pool stats: the collective profit is capped by the locked payout, the loss by the collateral", () => {
  const base = input();
  const [long, short] = base.markets;
  // WIF at 2.00: long profit 1 215 × 0.90 = 1 093.50 < cap usd(2 000 WIF) − 300 = 3 700; short loss 400 × 0.80 = 320
  // is capped at its $100 collateral. AUM = 599 940 + 1 000 000 − 1 223.945 = 1 598 716.055
  const at2 = { ...base, priceOf: (t: TokenConfig) => t.symbol === "WIF" ? px(200_000_000n) : base.priceOf(t) };
  assert.equal(poolEquityOf(at2), 1_598_716_055_000n - 300_000_000n - 1_093_500_000n - 100_000_000n + 100_000_000n);
  // With only 500 WIF locked and WIF at 6.00, the long's profit 1 215 × 4.90 = 5 953.50 is capped at
  // usd(500 WIF) − 300 = 2 700.
  const capped = {
    ...at2,
    markets: [{
      ...long,
      account: {
        ...long.account,
        collectivePosition: { ...long.account.collectivePosition, lockedAmount: 500_000_000n },
      },
    }, short],
    priceOf: (t: TokenConfig) => t.symbol === "WIF" ? px(600_000_000n) : base.priceOf(t),
  };
  // AUM = 599 940 + 3 000 000 − 1 223.945; long: −300 − 2 700; short: −100, loss 1 920 capped → +100
  assert.equal(poolEquityOf(capped), 3_598_716_055_000n - 300_000_000n - 2_700_000_000n);
});

Deno.test("v2 pool stats: a market with open positions needs its prices; one without, and an empty custody, do not", () => {
  const base = input();
  const noWif = { ...base, priceOf: (t: TokenConfig) => t.symbol === "WIF" ? undefined : base.priceOf(t) };
  assert.throws(() => poolEquityOf(noWif), MissingPriceError);
  // The XAU custody owns nothing and has no price: it adds nothing. A XAU market without positions needs none either.
  const xauMarket = {
    ...base.markets[1],
    config: { ...base.markets[1].config, targetSymbol: "XAU" },
    account: { ...base.markets[1].account, collectivePosition: collective({}) },
    targetToken: base.custodies[2].token,
  };
  assert.equal(poolEquityOf({ ...base, markets: [...base.markets, xauMarket] }), poolEquityOf(base));
});

Deno.test("v2 pool stats: basketCount counts the baskets with an open position in the pool", () => {
  // The markets of each basket's open positions (an emptied slot is not one: basketOpenPositionMarkets skips it).
  const basketOpenMarkets = [
    [MARKET], // counts
    [OTHER_POOLS_MARKET], // another pool's market
    [OTHER_POOLS_MARKET, MARKET, SHORT_MARKET], // counts once
    [], // no open position
  ];
  assert.equal(basketCountOf({ ...input(), basketOpenMarkets }), 2);
  assert.equal(computeV2PoolStats({ ...input(), basketOpenMarkets }).basketCount, 2);
  assert.equal(computeV2PoolStats(input()).basketCount, 0);
});

Deno.test("v2 pool stats: the live service's custody and market fields, by hand", () => {
  const stats = computeV2PoolStats(input());
  const shared = computePoolStats(input());
  assert.deepEqual(
    stats.custodyStats.map((c) => ({ symbol: c.symbol, isStable: c.isStable, isVirtual: c.isVirtual })),
    [{ symbol: "USDC", isStable: true, isVirtual: false }, { symbol: "WIF", isStable: false, isVirtual: false }],
  );
  assert.deepEqual(stats.custodyStats.map(({ isStable: _, isVirtual: __, ...c }) => c), shared.custodyStats);
  assert.deepEqual(stats.marketStats, [{
    ...shared.marketStats[0],
    collectiveSizeUsd: "1500.00", // collective size_usd 1 500 000 000
    openPositions: 3,
    maxPayoffBps: 10_000,
    maxPositionLockedUsd: 250_000_000_000, // the WIF (target) custody's max_position_size_usd, micro-USD
    correlation: true,
  }, {
    ...shared.marketStats[1],
    collectiveSizeUsd: "480.00",
    openPositions: 1,
    maxPayoffBps: 9_000,
    maxPositionLockedUsd: 250_000_000_000,
    correlation: false,
  }]);
  for (const m of stats.marketStats) assert.equal(m.collectiveSizeUsd, m.openInterestUsd);
  const { equityUsd, ...lpStats } = stats.lpStats;
  assert.deepEqual(lpStats, shared.lpStats);
  assert.equal(equityUsd, "1215450.32");
});
