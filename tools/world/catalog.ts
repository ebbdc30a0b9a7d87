/**
 * The static shape of the embedded world: tokens, pools, custodies and markets (a subset of mainnet's Crypto.1,
 * Virtual.1 and Equity.1, PROTOCOL-v2 §7.4 / PROTOCOL-v1 §9.1) with realistic custody parameters in the documented
 * units (PROTOCOL-v2 §4.6). Mint addresses, custody ids, market ids, feed ids, tickers and precisions are the mainnet
 * values of the vendor's PoolConfig.json (flash-sdk-v2 / flash-trade-sdk); nothing here depends on the seed.
 */

export interface TokenDef {
  symbol: string;
  fullName: string;
  mint: string;
  decimals: number;
  usdPrecision: number;
  tokenPrecision: number;
  isStable: boolean;
  isVirtual: boolean;
  isToken2022: boolean;
  /** Pyth Lazer feed id (PoolConfig `lazerId`). */
  feedId: number;
  /** Pyth ticker (PoolConfig `pythTicker`). */
  ticker: string;
  /** Hermes price id of the earlier interface's config (`pythPriceId`), "" when unknown. */
  hermesId: string;
  /** External (Pyth push) oracle account of mainnet custodies, when known. */
  extOracle?: string;
  /** Category for UI metadata. */
  category: "crypto" | "metals" | "forex" | "stocks";
}

export interface FeedDef {
  feedId: number;
  /** The symbol whose mint carries the internal oracle (SOL for feed 6; WSOL shares it). */
  symbol: string;
  /** Typical price (UI units); the world starts within ±2 % of it. */
  basePrice: number;
  /** Price exponent of the feed and of the internal oracle. Mostly −8; EUR deliberately −10 (DECISIONS 2.1). */
  exponent: number;
  /** Standard deviation of the log return per 200 ms frame in a regular session. */
  stepVol: number;
  /** Equity feeds change `marketSession` during the recording. */
  equity: boolean;
  /** Price follows another feed × ratio (JitoSOL follows SOL). */
  follows?: { feedId: number; ratio: number };
  /** Mean-reverting stablecoin. */
  stable?: boolean;
}

export const TOKENS: Record<string, TokenDef> = {
  USDC: {
    symbol: "USDC",
    fullName: "USD Coin",
    mint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
    decimals: 6,
    usdPrecision: 2,
    tokenPrecision: 4,
    isStable: true,
    isVirtual: false,
    isToken2022: false,
    feedId: 7,
    ticker: "Crypto.USDC/USD",
    hermesId: "0xeaa020c61cc479712813461ce153894a96a6c00b21ed0cfc2798d1f9a9e9c94a",
    extOracle: "Dpw1EAVrSB1ibxiDQyTAW6Zip3J4Btk2x4SgApQCeFbX",
    category: "crypto",
  },
  SOL: {
    symbol: "SOL",
    fullName: "Solana",
    mint: "So11111111111111111111111111111111111111112",
    decimals: 9,
    usdPrecision: 2,
    tokenPrecision: 4,
    isStable: false,
    isVirtual: false,
    isToken2022: false,
    feedId: 6,
    ticker: "Crypto.SOL/USD",
    hermesId: "0xef0d8b6fda2ceba41da15d4095d1da392a0d2f8ed0c6c7bc0f4cfac8c280b56d",
    extOracle: "7UVimffxr9ow1uXYxsr4LHAcV58mLzhmwaeKvJ1pjLiE",
    category: "crypto",
  },
  WSOL: {
    symbol: "WSOL",
    fullName: "Wrapped SOL",
    mint: "So11111111111111111111111111111111111111112",
    decimals: 9,
    usdPrecision: 2,
    tokenPrecision: 4,
    isStable: false,
    isVirtual: false,
    isToken2022: false,
    feedId: 6,
    ticker: "Crypto.SOL/USD",
    hermesId: "0xef0d8b6fda2ceba41da15d4095d1da392a0d2f8ed0c6c7bc0f4cfac8c280b56d",
    extOracle: "7UVimffxr9ow1uXYxsr4LHAcV58mLzhmwaeKvJ1pjLiE",
    category: "crypto",
  },
  BTC: {
    symbol: "BTC",
    fullName: "Bitcoin",
    mint: "3NZ9JMVBmGAqocybic2c7LQCJScmgsAZ6vQqTDzcqmJh",
    decimals: 8,
    usdPrecision: 2,
    tokenPrecision: 6,
    isStable: false,
    isVirtual: false,
    isToken2022: false,
    feedId: 1,
    ticker: "Crypto.BTC/USD",
    hermesId: "0xe62df6c8b4a85fe1a67db44dc12de5db330f7ac66b72dc658afedf0f4a415b43",
    extOracle: "4cSM2e6rvbGQUFiJbqytoVMi5GgghSMr8LwVrT9VPSPo",
    category: "crypto",
  },
  ETH: {
    symbol: "ETH",
    fullName: "Ethereum",
    mint: "7vfCXTUXx5WJV5JADk17DUJ4ksgau7utNKj4b963voxs",
    decimals: 8,
    usdPrecision: 2,
    tokenPrecision: 4,
    isStable: false,
    isVirtual: false,
    isToken2022: false,
    feedId: 2,
    ticker: "Crypto.ETH/USD",
    hermesId: "0xff61491a931112ddf1bd8147cd1b641375f79f5825126d665480874634fd0ace",
    extOracle: "42amVS4KgzR9rA28tkVYqVXjq9Qa8dcZQMbH5EYFX6XC",
    category: "crypto",
  },
  JitoSOL: {
    symbol: "JitoSOL",
    fullName: "Jito Staked SOL",
    mint: "J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn",
    decimals: 9,
    usdPrecision: 2,
    tokenPrecision: 4,
    isStable: false,
    isVirtual: false,
    isToken2022: false,
    feedId: 458,
    ticker: "Crypto.JITOSOL/USD",
    hermesId: "0x67be9f519b95cf24338801051f9a808eff0a578ccb388db73b7f6fe1de019ffb",
    extOracle: "AxaxyeDT8JnWERSaTKvFXvPKkEdxnamKSqpWbsSjYg1g",
    category: "crypto",
  },
  XAU: {
    symbol: "XAU",
    fullName: "Gold",
    mint: "XAUfcdPHmEBnj78YnZ5YxqdwBmgbwoY5VfrRwETnKuQ",
    decimals: 6,
    usdPrecision: 4,
    tokenPrecision: 6,
    isStable: false,
    isVirtual: true,
    isToken2022: false,
    feedId: 346,
    ticker: "Metal.XAU/USD",
    hermesId: "0x765d2ba906dbc32ca17cc11f5310a89e9ee1f6420508c63861f2f8ba4ee34bb2",
    extOracle: "2uPQGpm8X4ZkxMHxrAW1QuhXcse1AHEgPih6Xp9NuEWW",
    category: "metals",
  },
  EUR: {
    symbol: "EUR",
    fullName: "Euro",
    mint: "EURPnveVbdoJkGs7qYqsEWBcCH4ZHChKEBbDGaQx4rUK",
    decimals: 6,
    usdPrecision: 4,
    tokenPrecision: 6,
    isStable: false,
    isVirtual: true,
    isToken2022: false,
    feedId: 327,
    ticker: "FX.EUR/USD",
    hermesId: "0xa995d00bb36a63cef7fd2c287dc105fc8f3d93779f062f09551b0af3e81ec30b",
    extOracle: "Fu76ChamBDjE8UuGLV6GP2AcPPSU6gjhkNhAyuoPm7ny",
    category: "forex",
  },
  SPY: {
    symbol: "SPY",
    fullName: "SPDR S&P 500 ETF xStock",
    mint: "XsoCS1TfEyfFhfvj8EtZ528L3CaKBDBRqRapnBbDF2W",
    decimals: 8,
    usdPrecision: 2,
    tokenPrecision: 4,
    isStable: false,
    isVirtual: false,
    isToken2022: true,
    feedId: 1398,
    ticker: "Equity.US.SPY/USD",
    hermesId: "",
    category: "stocks",
  },
  NVDA: {
    symbol: "NVDA",
    fullName: "NVIDIA xStock",
    mint: "Xsc9qvGR1efVDFGLrVsmkzv3qi45LTBjeUKSPmx9qEh",
    decimals: 8,
    usdPrecision: 4,
    tokenPrecision: 4,
    isStable: false,
    isVirtual: true,
    isToken2022: true,
    feedId: 1314,
    ticker: "Equity.US.NVDA/USD",
    hermesId: "",
    category: "stocks",
  },
  TSLA: {
    symbol: "TSLA",
    fullName: "Tesla xStock",
    mint: "XsDoVfqeBukxuZHWhdvWHBhgEHjGNst4MLodqsJHzoB",
    decimals: 8,
    usdPrecision: 2,
    tokenPrecision: 4,
    isStable: false,
    isVirtual: true,
    isToken2022: true,
    feedId: 1435,
    ticker: "Equity.US.TSLA/USD",
    hermesId: "",
    category: "stocks",
  },
};

/** One feed per distinct mint; WSOL is priced by SOL's feed. */
export const FEEDS: FeedDef[] = [
  { feedId: 7, symbol: "USDC", basePrice: 1, exponent: -8, stepVol: 0.000004, equity: false, stable: true },
  { feedId: 6, symbol: "SOL", basePrice: 150, exponent: -8, stepVol: 0.00012, equity: false },
  { feedId: 1, symbol: "BTC", basePrice: 95_000, exponent: -8, stepVol: 0.00008, equity: false },
  { feedId: 2, symbol: "ETH", basePrice: 3_300, exponent: -8, stepVol: 0.0001, equity: false },
  {
    feedId: 458,
    symbol: "JitoSOL",
    basePrice: 180,
    exponent: -8,
    stepVol: 0.00001,
    equity: false,
    follows: { feedId: 6, ratio: 1.2 },
  },
  { feedId: 346, symbol: "XAU", basePrice: 2_650, exponent: -8, stepVol: 0.00003, equity: false },
  { feedId: 327, symbol: "EUR", basePrice: 1.05, exponent: -10, stepVol: 0.00002, equity: false },
  { feedId: 1398, symbol: "SPY", basePrice: 600, exponent: -8, stepVol: 0.00004, equity: true },
  { feedId: 1314, symbol: "NVDA", basePrice: 140, exponent: -8, stepVol: 0.0001, equity: true },
  { feedId: 1435, symbol: "TSLA", basePrice: 350, exponent: -8, stepVol: 0.00014, equity: true },
];

export function feedOf(symbol: string): FeedDef {
  const id = TOKENS[symbol].feedId;
  const f = FEEDS.find((x) => x.feedId === id);
  if (!f) throw new Error(`no feed for ${symbol}`);
  return f;
}

/** Per-token trading parameters, in the on-chain units (PROTOCOL-v2 §4.6). */
export interface CustodyParams {
  /** Trade spread, 1e-6 of price. */
  spreadMin: bigint;
  spreadMax: bigint;
  /** RATE (1e9 = 100 %). */
  openFee: bigint;
  closeFee: bigint;
  /** RATE per hour. */
  slope1: bigint;
  slope2: bigint;
  /** USD-6. */
  maxPositionSizeUsd: bigint;
  maxExposureUsd: bigint;
  /** Seconds. */
  maxPriceAgeSec: number;
}

const M = 1_000_000n;

export const CUSTODY_PARAMS: Record<string, CustodyParams> = {
  USDC: {
    spreadMin: 0n,
    spreadMax: 0n,
    openFee: 500_000n,
    closeFee: 500_000n,
    slope1: 22_831n,
    slope2: 17_123n,
    maxPositionSizeUsd: 5_000_000n * M,
    maxExposureUsd: 50_000_000n * M,
    maxPriceAgeSec: 30,
  },
  SOL: {
    spreadMin: 500n,
    spreadMax: 3_000n,
    openFee: 600_000n,
    closeFee: 600_000n,
    slope1: 17_123n,
    slope2: 34_247n,
    maxPositionSizeUsd: 2_000_000n * M,
    maxExposureUsd: 30_000_000n * M,
    maxPriceAgeSec: 30,
  },
  BTC: {
    spreadMin: 300n,
    spreadMax: 2_000n,
    openFee: 500_000n,
    closeFee: 500_000n,
    slope1: 11_416n,
    slope2: 17_123n,
    maxPositionSizeUsd: 3_000_000n * M,
    maxExposureUsd: 30_000_000n * M,
    maxPriceAgeSec: 30,
  },
  ETH: {
    spreadMin: 400n,
    spreadMax: 2_500n,
    openFee: 550_000n,
    closeFee: 550_000n,
    slope1: 14_269n,
    slope2: 22_831n,
    maxPositionSizeUsd: 2_000_000n * M,
    maxExposureUsd: 20_000_000n * M,
    maxPriceAgeSec: 30,
  },
  JitoSOL: {
    spreadMin: 500n,
    spreadMax: 3_000n,
    openFee: 600_000n,
    closeFee: 600_000n,
    slope1: 17_123n,
    slope2: 34_247n,
    maxPositionSizeUsd: 1_000_000n * M,
    maxExposureUsd: 10_000_000n * M,
    maxPriceAgeSec: 30,
  },
  XAU: {
    spreadMin: 200n,
    spreadMax: 1_000n,
    openFee: 500_000n,
    closeFee: 500_000n,
    slope1: 11_416n,
    slope2: 17_123n,
    maxPositionSizeUsd: 1_000_000n * M,
    maxExposureUsd: 5_000_000n * M,
    maxPriceAgeSec: 60,
  },
  EUR: {
    spreadMin: 100n,
    spreadMax: 500n,
    openFee: 500_000n,
    closeFee: 500_000n,
    slope1: 11_416n,
    slope2: 17_123n,
    maxPositionSizeUsd: 2_000_000n * M,
    maxExposureUsd: 5_000_000n * M,
    maxPriceAgeSec: 60,
  },
  SPY: {
    spreadMin: 500n,
    spreadMax: 2_000n,
    openFee: 800_000n,
    closeFee: 800_000n,
    slope1: 11_416n,
    slope2: 17_123n,
    maxPositionSizeUsd: 500_000n * M,
    maxExposureUsd: 3_000_000n * M,
    maxPriceAgeSec: 120,
  },
  NVDA: {
    spreadMin: 800n,
    spreadMax: 4_000n,
    openFee: 1_000_000n,
    closeFee: 1_000_000n,
    slope1: 11_416n,
    slope2: 17_123n,
    maxPositionSizeUsd: 300_000n * M,
    maxExposureUsd: 2_000_000n * M,
    maxPriceAgeSec: 120,
  },
  TSLA: {
    spreadMin: 1_000n,
    spreadMax: 5_000n,
    openFee: 1_000_000n,
    closeFee: 1_000_000n,
    slope1: 11_416n,
    slope2: 17_123n,
    maxPositionSizeUsd: 300_000n * M,
    maxExposureUsd: 2_000_000n * M,
    maxPriceAgeSec: 120,
  },
};

export interface CustodyDef {
  symbol: string;
  /** Mainnet custody uid (`custodyId`; gaps allowed). */
  uid: number;
  /** Target/min/max share of pool AUM, BPS. */
  ratio: { target: number; min: number; max: number };
  /** Pool liquidity the custody holds (USD, UI) before open interest is accounted for; 0 for virtual. */
  liquidityUsd: number;
}

export interface MarketDef {
  marketId: number;
  target: string;
  collateral: string;
  side: "long" | "short";
  correlation: boolean;
  /** UI leverage caps of the pool configuration. */
  maxLev: number;
  degenMinLev: number;
  degenMaxLev: number;
}

export interface PoolDef {
  name: string;
  /** Token list of the pool configuration (SOL and WSOL share a custody). */
  tokens: string[];
  custodies: CustodyDef[];
  markets: MarketDef[];
  /** sFLP price the pool is seeded with (USD). */
  lpPrice: number;
  /** Real mainnet lookup table of the FLASH6… deployment. */
  mainnetAlt: string;
  lpSymbol: string;
}

const crypto = (id: number, target: string, collateral: string, side: "long" | "short"): MarketDef => ({
  marketId: id,
  target,
  collateral,
  side,
  correlation: side === "long" && (target === collateral || collateral === "JitoSOL"),
  maxLev: 100,
  degenMinLev: 125,
  degenMaxLev: 500,
});

const equity = (id: number, target: string, collateral: string, side: "long" | "short"): MarketDef => ({
  marketId: id,
  target,
  collateral,
  side,
  correlation: side === "long" && target === collateral,
  maxLev: 20,
  degenMinLev: 1,
  degenMaxLev: 20,
});

export const POOLS: PoolDef[] = [
  {
    name: "Crypto.1",
    tokens: ["USDC", "SOL", "WSOL", "BTC", "ETH", "JitoSOL"],
    custodies: [
      { symbol: "USDC", uid: 0, ratio: { target: 4000, min: 2500, max: 6000 }, liquidityUsd: 11_000_000 },
      { symbol: "SOL", uid: 1, ratio: { target: 2500, min: 1000, max: 4000 }, liquidityUsd: 5_500_000 },
      { symbol: "BTC", uid: 2, ratio: { target: 1500, min: 500, max: 3000 }, liquidityUsd: 4_000_000 },
      { symbol: "ETH", uid: 3, ratio: { target: 1000, min: 300, max: 2500 }, liquidityUsd: 2_500_000 },
      { symbol: "JitoSOL", uid: 4, ratio: { target: 1000, min: 300, max: 2500 }, liquidityUsd: 2_500_000 },
    ],
    markets: [
      crypto(0, "SOL", "SOL", "long"),
      crypto(1, "SOL", "USDC", "short"),
      crypto(2, "BTC", "BTC", "long"),
      crypto(3, "BTC", "USDC", "short"),
      crypto(4, "ETH", "ETH", "long"),
      crypto(5, "ETH", "USDC", "short"),
      crypto(6, "SOL", "JitoSOL", "long"),
    ],
    lpPrice: 2.384512,
    mainnetAlt: "3J9ZVzWqEjPPxwAphzR36p9jJBn6GkyWUZhWWP4cjjgo",
    lpSymbol: "FLP.1",
  },
  {
    name: "Virtual.1",
    tokens: ["USDC", "XAU", "EUR"],
    custodies: [
      { symbol: "USDC", uid: 0, ratio: { target: 10000, min: 0, max: 10000 }, liquidityUsd: 3_500_000 },
      { symbol: "XAU", uid: 1, ratio: { target: 0, min: 0, max: 10000 }, liquidityUsd: 0 },
      { symbol: "EUR", uid: 3, ratio: { target: 0, min: 0, max: 10000 }, liquidityUsd: 0 },
    ],
    markets: [
      { marketId: 1, target: "XAU", collateral: "USDC", side: "short", correlation: false, ...lev(100, 1, 100) },
      { marketId: 4, target: "EUR", collateral: "USDC", side: "long", correlation: false, ...lev(500, 1, 500) },
      { marketId: 5, target: "EUR", collateral: "USDC", side: "short", correlation: false, ...lev(500, 1, 500) },
    ],
    lpPrice: 1.108734,
    mainnetAlt: "J1wjZt8eDezXwDcFvALydFi7PJKLK2J61GAympfLVZWH",
    lpSymbol: "FLP.2",
  },
  {
    name: "Equity.1",
    tokens: ["USDC", "SPY", "NVDA", "TSLA"],
    custodies: [
      { symbol: "USDC", uid: 0, ratio: { target: 5000, min: 2000, max: 8000 }, liquidityUsd: 1_500_000 },
      { symbol: "SPY", uid: 1, ratio: { target: 5000, min: 2000, max: 8000 }, liquidityUsd: 1_200_000 },
      { symbol: "NVDA", uid: 2, ratio: { target: 0, min: 0, max: 10000 }, liquidityUsd: 0 },
      { symbol: "TSLA", uid: 3, ratio: { target: 0, min: 0, max: 10000 }, liquidityUsd: 0 },
    ],
    markets: [
      equity(0, "SPY", "SPY", "long"),
      equity(1, "SPY", "USDC", "short"),
      equity(2, "NVDA", "SPY", "long"),
      equity(3, "NVDA", "USDC", "short"),
      equity(4, "TSLA", "SPY", "long"),
      equity(5, "TSLA", "USDC", "short"),
    ],
    lpPrice: 1.021877,
    mainnetAlt: "B3et95DCRVMvk2ZxvSQvKXRV7jW7VjTBW98ULm3Fnk3D",
    lpSymbol: "FLP.9",
  },
];

function lev(maxLev: number, degenMinLev: number, degenMaxLev: number) {
  return { maxLev, degenMinLev, degenMaxLev };
}

/** Distinct mints of the world (SOL/WSOL once), in a stable order. */
export function worldMints(): string[] {
  const out: string[] = [];
  for (const f of FEEDS) {
    const m = TOKENS[f.symbol].mint;
    if (!out.includes(m)) out.push(m);
  }
  return out;
}
