/**
 * A small hand-built deployment (both interfaces) for the domain and endpoint tests of the owner views, previews and quotes: a deployment
 * configuration per interface, encoded program accounts in an AccountStore, oracle prices in a PriceStore and a
 * fixed clock. Round numbers, so the expected figures can be worked out by hand in the tests.
 *
 * Pools (both interfaces): Crypto.1 with SOL (+ WSOL, same mint), USDC and JitoSOL custodies and the markets
 * SOL/SOL long (correlated), SOL/JitoSOL long (correlated), SOL/USDC short; v2 also Equity.1 with SPY/SPY long and
 * SPY/USDC short (SPY's feed is in the `closed` session).
 *
 * Every custody: flat trade spread 1000 (0.1 %), open and close fee 1 000 000 (0.1 %), max leverage 100×, initial
 * leverage 1.1×..100× (degen 500×), min collateral $10, no profit delay. Borrow index = 1e9 (SOL/JitoSOL/SPY) or 2e9
 * (USDC) at T0, rates 10 000 / 20 000 per hour. Clock: T0 + 1 h.
 *
 * Owners: ALICE (v2) SOL long 10 @150 $300 collateral + SOL short 4 @150 $200 USDC + orders; BOB (v2) no basket;
 * CAROL (v2) SPY long; DAVE (earlier) the same two positions as accounts + an order account; EVE (earlier) nothing.
 */
import type { AppEnv, Services } from "../../src/services.ts";
import type { ProgramVersion } from "../../src/protocol/vocabulary.ts";
import bs58 from "bs58";
import { createHash } from "node:crypto";
import { DeploymentIndex } from "../../src/config/deployment-index.ts";
import { parseDeploymentConfig } from "../../src/config/pool-config.ts";
import {
  type AccountCodec,
  type Basket,
  basketAccount,
  type BasketOrder,
  type Custody,
  custodyAccount,
  type LimitOrder,
  type Market,
  marketAccount,
  type Order,
  orderAccount,
  type Pool,
  poolAccount,
  type Position,
  positionAccount,
  type TriggerOrder,
} from "../../src/protocol/accounts/mod.ts";
import * as pda from "../../src/protocol/pda.ts";
import { AccountStore } from "../../src/state/account-store.ts";
import { PriceStore } from "../../src/state/price-store.ts";
import { ProgramAccounts } from "../../src/state/program-accounts.ts";
import { DeploymentSnapshot } from "../../src/domain/deployment-snapshot.ts";
import { loadConfig } from "../../src/config/env.ts";
import { createApp } from "../../src/http/app.ts";
import { handlers } from "../../src/handlers/mod.ts";
import { PoolStatsCache } from "../../src/runtime/pool-stats-cache.ts";
import { PriceMapCache } from "../../src/runtime/price-map-cache.ts";
import { TokenListCache } from "../../src/runtime/token-list-cache.ts";
import { AccountCountsCache } from "../../src/runtime/account-counts-cache.ts";
import { OwnerViewCache } from "../../src/runtime/owner-view-cache.ts";
import { QuoteAnswerCache } from "../../src/runtime/quote-answer-cache.ts";
import type { Clock } from "../../src/state/clock.ts";
import { TOKEN_LISTS } from "../../src/domain/views/tokens.ts";
import { POOL_STATS } from "../../src/domain/views/pool-stats.ts";
import { IngestStatus } from "../../src/ingest/status.ts";
import { createMiddleware } from "hono/factory";
import { createBlockhashCaches } from "../../src/state/blockhash-cache.ts";

export const PROGRAM = {
  v2: "FTv2RxXarPfNta45HTTMVaGvjzsGg27FXJ3hEKWBhrzV",
  earlier: "FLASH6Lo6h3iasJKWDs2F8TkW2UKf3s15C8PMGuVfgBn",
} as const;

/** A deterministic valid public key from a label. */
export function key(label: string): string {
  return bs58.encode(createHash("sha256").update(label).digest());
}

export const ALICE = key("alice");
export const BOB = key("bob");
export const CAROL = key("carol");
export const DAVE = key("dave");
export const EVE = key("eve");

/** T0: the custodies' last borrow-rate update. */
export const T0 = 1_700_000_000n;
export const NOW_MS = Number(T0) * 1000 + 3_600_000;

export const MINT = {
  SOL: "So11111111111111111111111111111111111111112",
  USDC: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  JitoSOL: "J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn",
  SPY: key("mint:SPY"),
} as const;

export const FEED = { SOL: 6, USDC: 7, JitoSOL: 458, SPY: 1398 } as const;
type Sym = keyof typeof FEED;

const DECIMALS: Record<Sym, number> = { SOL: 9, USDC: 6, JitoSOL: 9, SPY: 8 };
const UID: Record<Sym, number> = { SOL: 0, USDC: 1, JitoSOL: 2, SPY: 3 };

/** 160.00, 1.00, 180.00, 500.00 at exponent −8. */
export const PRICE: Record<Sym, bigint> = {
  SOL: 16_000_000_000n,
  USDC: 100_000_000n,
  JitoSOL: 18_000_000_000n,
  SPY: 50_000_000_000n,
};

export interface PriceOverride {
  price?: bigint;
  exponent?: number;
  /** Age of the update at NOW_MS. */
  ageMs?: number;
  session?: string;
}

export interface FixtureOptions {
  /** Per-symbol price changes; `null` removes the feed. */
  prices?: Partial<Record<Sym, PriceOverride | null>>;
  nowMs?: number;
}

function zero<T>(codec: AccountCodec<T>, size = 8192): T {
  const data = new Uint8Array(size);
  data.set(codec.discriminator);
  return codec.decode(data);
}

const px = (price: bigint, exponent = -8) => ({ price, exponent });

/** A permissions record with every flag set. */
const allowEverything = <T extends object>(flags: T): T =>
  Object.fromEntries(Object.keys(flags).map((flag) => [flag, true])) as unknown as T;

function custodyOf(version: ProgramVersion, sym: Sym, pool: string): Custody {
  const c = zero(custodyAccount[version]);
  const stable = sym === "USDC";
  return {
    ...c,
    pool,
    mint: MINT[sym],
    decimals: DECIMALS[sym],
    isStable: stable,
    uid: UID[sym],
    oracle: { ...c.oracle, maxDivergenceBps: 10_000n, maxConfBps: 100n, maxPriceAgeSec: 60 },
    pricing: {
      ...c.pricing,
      tradeSpreadMin: 1_000n,
      tradeSpreadMax: 1_000n,
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
      maxExposureUsd: 0n,
    },
    fees: {
      ...c.fees,
      mode: "Linear",
      swapIn: { minFee: 100_000n, targetFee: 200_000n, maxFee: 600_000n },
      swapOut: { minFee: 100_000n, targetFee: 200_000n, maxFee: 600_000n },
      openPosition: 1_000_000n,
      closePosition: 1_000_000n,
      volatility: 0n,
    },
    borrowRate: { baseRate: 0n, slope1: 20_000n, slope2: 40_000n, optimalUtilization: 800_000_000n },
    borrowRateState: {
      currentRate: stable ? 20_000n : 10_000n,
      cumulativeLockFee: stable ? 2_000_000_000n : 1_000_000_000n,
      lastUpdate: T0,
    },
    // 10 000 SOL / 1 000 000 USDC / 1 000 JitoSOL / 1 000 SPY owned, a tenth locked.
    assets: {
      collateral: 0n,
      owned: { SOL: 10_000n, USDC: 1_000_000n, JitoSOL: 1_000n, SPY: 1_000n }[sym] * 10n ** BigInt(DECIMALS[sym]),
      locked: { SOL: 1_000n, USDC: 100_000n, JitoSOL: 100n, SPY: 100n }[sym] * 10n ** BigInt(DECIMALS[sym]),
    },
    tokenAmountMultiplier: 0n,
  };
}

interface PoolSpec {
  name: string;
  custodies: Sym[];
  markets: { target: Sym; collateral: Sym; side: "long" | "short"; correlation: boolean }[];
}

const POOLS: Record<ProgramVersion, PoolSpec[]> = {
  v2: [
    {
      name: "Crypto.1",
      custodies: ["SOL", "USDC", "JitoSOL"],
      markets: [
        { target: "SOL", collateral: "SOL", side: "long", correlation: true },
        { target: "SOL", collateral: "JitoSOL", side: "long", correlation: true },
        { target: "SOL", collateral: "USDC", side: "short", correlation: false },
      ],
    },
    {
      name: "Equity.1",
      custodies: ["SPY", "USDC"],
      markets: [
        { target: "SPY", collateral: "SPY", side: "long", correlation: true },
        { target: "SPY", collateral: "USDC", side: "short", correlation: false },
      ],
    },
  ],
  earlier: [
    {
      name: "Crypto.1",
      custodies: ["SOL", "USDC", "JitoSOL"],
      markets: [
        { target: "SOL", collateral: "SOL", side: "long", correlation: true },
        { target: "SOL", collateral: "JitoSOL", side: "long", correlation: true },
        { target: "SOL", collateral: "USDC", side: "short", correlation: false },
      ],
    },
  ],
};

const TOKEN_DISPLAY: Record<Sym, { usdPrecision: number; tokenPrecision: number }> = {
  SOL: { usdPrecision: 2, tokenPrecision: 4 },
  USDC: { usdPrecision: 4, tokenPrecision: 2 },
  JitoSOL: { usdPrecision: 2, tokenPrecision: 4 },
  SPY: { usdPrecision: 2, tokenPrecision: 4 },
};

export const poolAddress = (version: ProgramVersion, name: string) => pda.pool(PROGRAM[version], name);
export const custodyAddress = (version: ProgramVersion, poolName: string, sym: Sym) =>
  pda.custody(PROGRAM[version], poolAddress(version, poolName), MINT[sym]);
export const marketAddress = (
  version: ProgramVersion,
  poolName: string,
  target: Sym,
  collateral: Sym,
  side: "long" | "short",
) =>
  pda.market(
    PROGRAM[version],
    custodyAddress(version, poolName, target),
    custodyAddress(version, poolName, collateral),
    side,
  );

/** Market addresses used by the tests. */
export const M = {
  v2: {
    solLong: marketAddress("v2", "Crypto.1", "SOL", "SOL", "long"),
    solLongJito: marketAddress("v2", "Crypto.1", "SOL", "JitoSOL", "long"),
    solShort: marketAddress("v2", "Crypto.1", "SOL", "USDC", "short"),
    spyLong: marketAddress("v2", "Equity.1", "SPY", "SPY", "long"),
  },
  earlier: {
    solLong: marketAddress("earlier", "Crypto.1", "SOL", "SOL", "long"),
    solLongJito: marketAddress("earlier", "Crypto.1", "SOL", "JitoSOL", "long"),
    solShort: marketAddress("earlier", "Crypto.1", "SOL", "USDC", "short"),
  },
};

function configFile(version: ProgramVersion) {
  return {
    version: "test-1",
    cluster: "mainnet-beta",
    programId: PROGRAM[version],
    pools: POOLS[version].map((spec) => {
      const pool = poolAddress(version, spec.name);
      const tokens = spec.custodies.flatMap((sym) => {
        const t = {
          symbol: sym,
          mintKey: MINT[sym],
          decimals: DECIMALS[sym],
          ...TOKEN_DISPLAY[sym],
          isStable: sym === "USDC",
          isVirtual: false,
          feedId: FEED[sym],
          oracleTicker: `Crypto.${sym}/USD`,
          isToken2022: sym === "SPY",
        };
        return sym === "SOL" ? [t, { ...t, symbol: "WSOL" }] : [t];
      });
      return {
        poolName: spec.name,
        poolAddress: pool,
        isMagicBlock: version === "v2",
        tokens,
        custodies: spec.custodies.map((sym) => ({
          custodyId: UID[sym],
          custodyAccount: custodyAddress(version, spec.name, sym),
          tokenAccount: pda.custodyTokenAccount(PROGRAM[version], pool, MINT[sym]),
          symbol: sym,
          mintKey: MINT[sym],
          decimals: DECIMALS[sym],
          isStable: sym === "USDC",
          isVirtual: false,
        })),
        markets: spec.markets.map((m, i) => ({
          marketId: i,
          marketAccount: marketAddress(version, spec.name, m.target, m.collateral, m.side),
          marketCorrelation: m.correlation,
          pool,
          targetCustody: custodyAddress(version, spec.name, m.target),
          collateralCustody: custodyAddress(version, spec.name, m.collateral),
          side: m.side,
          maxLev: 100,
          targetCustodyId: UID[m.target],
          collateralCustodyId: UID[m.collateral],
          targetMint: MINT[m.target],
          collateralMint: MINT[m.collateral],
        })),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Positions and orders

/** ALICE/DAVE's SOL long: 10 SOL @150.00 ($1 500), $300 collateral, 12 SOL locked ($1 800 at entry), snapshot = T0 index. */
export function solLongPosition(version: ProgramVersion, owner: string, market: string): Position {
  return {
    ...zero(positionAccount[version]),
    owner,
    market,
    openTime: T0 - 86_400n,
    updateTime: T0 - 86_400n,
    entryPrice: px(15_000_000_000n),
    sizeAmount: 10_000_000_000n,
    sizeUsd: 1_500_000_000n,
    lockedAmount: 12_000_000_000n,
    lockedUsd: 1_800_000_000n,
    collateralUsd: 300_000_000n,
    cumulativeLockFeeSnapshot: 1_000_000_000n,
    referencePrice: px(15_000_000_000n),
    isActive: true,
    sizeDecimals: 9,
    lockedDecimals: 9,
    collateralDecimals: 9,
  };
}

/** ALICE/DAVE's SOL short: 4 SOL @150.00 ($600), $200 USDC collateral, 800 USDC locked. */
export function solShortPosition(version: ProgramVersion, owner: string, market: string): Position {
  return {
    ...solLongPosition(version, owner, market),
    sizeAmount: 4_000_000_000n,
    sizeUsd: 600_000_000n,
    lockedAmount: 800_000_000n,
    lockedUsd: 800_000_000n,
    collateralUsd: 200_000_000n,
    cumulativeLockFeeSnapshot: 2_000_000_000n,
    lockedDecimals: 6,
    collateralDecimals: 6,
  };
}

/** CAROL's SPY long: 2 SPY @500.00 ($1 000), $200 collateral, 2.4 SPY locked. */
export function spyLongPosition(owner: string, market: string): Position {
  return {
    ...solLongPosition("v2", owner, market),
    entryPrice: px(50_000_000_000n),
    referencePrice: px(50_000_000_000n),
    sizeAmount: 200_000_000n,
    sizeUsd: 1_000_000_000n,
    lockedAmount: 240_000_000n,
    lockedUsd: 1_200_000_000n,
    collateralUsd: 200_000_000n,
    sizeDecimals: 8,
    lockedDecimals: 8,
    collateralDecimals: 8,
  };
}

const EMPTY_LIMIT: LimitOrder = {
  limitPrice: px(0n),
  reserveAmount: 0n,
  reserveCustodyUid: 0,
  receiveCustodyUid: 0,
  sizeAmount: 0n,
  stopLossPrice: px(0n),
  takeProfitPrice: px(0n),
};
const EMPTY_TRIGGER: TriggerOrder = { triggerPrice: px(0n), triggerSize: 0n, receiveCustodyUid: 0 };

/**
 * Orders on the SOL long market: limit slot 1 (limit 140.00, reserve 1 SOL, size 3 SOL, TP 170.00, no SL),
 * TP slot 0 (180.00, 5 SOL), SL slot 2 (130.00, 10 SOL); every other slot empty.
 */
export function solLongOrders() {
  const limitOrders = Array.from({ length: 5 }, () => ({ ...EMPTY_LIMIT }));
  limitOrders[1] = {
    limitPrice: px(14_000_000_000n),
    reserveAmount: 1_000_000_000n,
    reserveCustodyUid: UID.SOL,
    receiveCustodyUid: UID.SOL,
    sizeAmount: 3_000_000_000n,
    stopLossPrice: px(0n),
    takeProfitPrice: px(17_000_000_000n),
  };
  const takeProfitOrders = Array.from({ length: 5 }, () => ({ ...EMPTY_TRIGGER }));
  takeProfitOrders[0] = { triggerPrice: px(18_000_000_000n), triggerSize: 5_000_000_000n, receiveCustodyUid: UID.SOL };
  const stopLossOrders = Array.from({ length: 5 }, () => ({ ...EMPTY_TRIGGER }));
  stopLossOrders[2] = { triggerPrice: px(13_000_000_000n), triggerSize: 10_000_000_000n, receiveCustodyUid: UID.SOL };
  return { limitOrders, takeProfitOrders, stopLossOrders };
}

function emptyOrders() {
  return {
    limitOrders: Array.from({ length: 5 }, () => ({ ...EMPTY_LIMIT })),
    takeProfitOrders: Array.from({ length: 5 }, () => ({ ...EMPTY_TRIGGER })),
    stopLossOrders: Array.from({ length: 5 }, () => ({ ...EMPTY_TRIGGER })),
  };
}

export function basketOrderOf(slots: ReturnType<typeof solLongOrders>): BasketOrder {
  return {
    ...slots,
    isInitialised: true,
    isActive: true,
    openSl: 0,
    openTp: 0,
    inactiveSl: 0,
    inactiveTp: 0,
    activeOrders: 0,
    referenceTimestamp: 0n,
    executionCount: 0n,
    padding: new Uint8Array(48),
  };
}

export function basketOf(owner: string, positions: Basket["positions"], orders: Basket["orders"]): Basket {
  return {
    ...zero(basketAccount),
    owner,
    positionsActive: true,
    ordersActive: true,
    positions,
    orders,
  };
}

/** ALICE's basket: SOL long, an emptied JitoSOL-long entry, SOL short; orders on SOL long and an all-empty SOL short. */
export function aliceBasket(): Basket {
  const zeroLong = {
    ...solLongPosition("v2", ALICE, M.v2.solLongJito),
    sizeAmount: 0n,
    sizeUsd: 0n,
    collateralUsd: 0n,
  };
  return basketOf(ALICE, [
    { market: M.v2.solLong, position: solLongPosition("v2", ALICE, M.v2.solLong) },
    { market: M.v2.solLongJito, position: zeroLong },
    { market: M.v2.solShort, position: solShortPosition("v2", ALICE, M.v2.solShort) },
  ], [
    { market: M.v2.solLong, order: basketOrderOf(solLongOrders()) },
    { market: M.v2.solShort, order: basketOrderOf(emptyOrders()) },
  ]);
}

export function orderAccountOf(version: ProgramVersion, owner: string, market: string): Order {
  return { ...zero(orderAccount[version]), owner, market, ...solLongOrders(), isInitialised: true, isActive: true };
}

// ---------------------------------------------------------------------------------------------------------------
// Assembly

export interface Fixture {
  store: AccountStore;
  prices: PriceStore;
  nowMs: number;
  index: Record<ProgramVersion, DeploymentIndex>;
  accounts: Record<ProgramVersion, ProgramAccounts>;
  snapshot(version: ProgramVersion, priceMaxAgeMs?: number): DeploymentSnapshot;
  /** The snapshot of a deployment at another clock reading (what the owner view cache computes on). */
  snapshotAt(version: ProgramVersion, nowMs: number, priceMaxAgeMs?: number): DeploymentSnapshot;
  /** Writes (or replaces) an account of a deployment. */
  put<T>(version: ProgramVersion, pubkey: string, codec: AccountCodec<T>, value: T): void;
}

export function buildFixture(options: FixtureOptions = {}): Fixture {
  const nowMs = options.nowMs ?? NOW_MS;
  const store = new AccountStore();
  const prices = new PriceStore();
  let slot = 1;
  const put = <T>(version: ProgramVersion, pubkey: string, codec: AccountCodec<T>, value: T) => {
    store.set({
      pubkey,
      owner: PROGRAM[version],
      lamports: 1_000_000n,
      data: codec.encode(value),
      executable: false,
      slot: slot++,
      chain: version === "v2" ? "er" : "base",
    });
  };

  const index = {} as Record<ProgramVersion, DeploymentIndex>;
  const accounts = {} as Record<ProgramVersion, ProgramAccounts>;
  for (const version of ["v2", "earlier"] as const) {
    index[version] = new DeploymentIndex(
      parseDeploymentConfig(configFile(version), { source: "file", location: "test", nowUnix: Number(T0) }),
    );
    accounts[version] = new ProgramAccounts(version, PROGRAM[version], store);
    for (const spec of POOLS[version]) {
      const poolKey = poolAddress(version, spec.name);
      const custodies = spec.custodies.map((sym) => custodyAddress(version, spec.name, sym));
      const pool: Pool = {
        ...zero(poolAccount[version]),
        name: spec.name,
        custodies,
        ratios: spec.custodies.map(() => ({ target: 5_000n, min: 0n, max: 10_000n })),
        markets: spec.markets.map((m) => marketAddress(version, spec.name, m.target, m.collateral, m.side)),
        // Everything allowed, as on a live pool (the builders check the trading flags).
        permissions: allowEverything(zero(poolAccount[version]).permissions),
      };
      put(version, poolKey, poolAccount[version], pool);
      spec.custodies.forEach((sym, i) =>
        put(version, custodies[i], custodyAccount[version], custodyOf(version, sym, poolKey))
      );
      for (const m of spec.markets) {
        const market: Market = {
          ...zero(marketAccount),
          pool: poolKey,
          targetCustody: custodyAddress(version, spec.name, m.target),
          collateralCustody: custodyAddress(version, spec.name, m.collateral),
          side: m.side === "long" ? "Long" : "Short",
          correlation: m.correlation,
          maxPayoffBps: 10_000n,
          permissions: {
            allowOpenPosition: true,
            allowClosePosition: true,
            allowCollateralWithdrawal: true,
            allowSizeChange: true,
          },
          targetCustodyUid: UID[m.target],
          collateralCustodyUid: UID[m.collateral],
        };
        put(version, marketAddress(version, spec.name, m.target, m.collateral, m.side), marketAccount, market);
      }
    }
  }

  // v2 owners
  put("v2", pda.basket(PROGRAM.v2, ALICE), basketAccount, aliceBasket());
  put(
    "v2",
    pda.basket(PROGRAM.v2, CAROL),
    basketAccount,
    basketOf(CAROL, [{ market: M.v2.spyLong, position: spyLongPosition(CAROL, M.v2.spyLong) }], []),
  );
  // earlier owners
  const e = M.earlier;
  put(
    "earlier",
    pda.position(PROGRAM.earlier, DAVE, e.solLong),
    positionAccount.earlier,
    solLongPosition("earlier", DAVE, e.solLong),
  );
  put(
    "earlier",
    pda.position(PROGRAM.earlier, DAVE, e.solShort),
    positionAccount.earlier,
    solShortPosition("earlier", DAVE, e.solShort),
  );
  put(
    "earlier",
    pda.order(PROGRAM.earlier, DAVE, e.solLong),
    orderAccount.earlier,
    orderAccountOf("earlier", DAVE, e.solLong),
  );

  for (const sym of Object.keys(FEED) as Sym[]) {
    const o = options.prices?.[sym];
    if (o === null) continue;
    // SPY's closed session: its last price is hours old, which is not stale while closed.
    const ageMs = o?.ageMs ?? (sym === "SPY" ? 6 * 3_600_000 : 1_000);
    prices.set({
      feedId: FEED[sym],
      price: o?.price ?? PRICE[sym],
      exponent: o?.exponent ?? -8,
      confidence: 0n,
      timestampUs: BigInt(nowMs - ageMs) * 1000n,
      marketSession: o?.session ?? (sym === "SPY" ? "closed" : "regular"),
      receivedAtMs: nowMs - ageMs,
    });
  }
  return {
    store,
    prices,
    nowMs,
    index,
    accounts,
    put,
    snapshot: (version, priceMaxAgeMs = 60_000) => snapshotAt(version, nowMs, priceMaxAgeMs),
    snapshotAt,
  };

  function snapshotAt(version: ProgramVersion, at: number, priceMaxAgeMs = 60_000) {
    return new DeploymentSnapshot({
      version,
      programId: PROGRAM[version],
      config: index[version],
      accounts: accounts[version],
      priceOfFeed: (id) => prices.get(id),
      nowMs: at,
      priceMaxAgeMs,
    });
  }
}

/** The owner view cache of one deployment over a fixture (not started: it computes on every read until `start()`). */
export function ownerViewsOf(
  fixture: Fixture,
  version: ProgramVersion,
  clock: Clock = { nowMs: () => fixture.nowMs },
): OwnerViewCache {
  return new OwnerViewCache(
    PROGRAM[version],
    fixture.store,
    fixture.prices,
    clock,
    (nowMs) => fixture.snapshotAt(version, nowMs),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The service app over the fixture (in-process, no ingestion)

/** The cached blockhash of both chains in `fixtureApp` (fetched at the fixture's time, so always fresh). */
export const FIXTURE_BLOCKHASH = key("fixture blockhash");

/**
 * The HTTP app with the real handler table over a fixture's stores and a clock frozen at the fixture's time. What
 * the read, owner, preview, builder and health handlers read is wired (deployments, prices, clock, config, an
 * ingestion status that is current, a fresh blockhash per chain, a builder-failure counter that counts nothing);
 * pool statistics are computed once, when the app is built; the other metrics are not wired.
 */
export interface FixtureAppOptions {
  /** The services' clock (default: frozen at the fixture's time). */
  clock?: Clock;
  /** Where the pure quotes' answers are cached (default: a cache never started, so every request computes). */
  quotes?: QuoteAnswerCache;
}

export function fixtureApp(fixture: Fixture = buildFixture(), options: FixtureAppOptions = {}) {
  const clock = options.clock ?? { nowMs: () => fixture.nowMs };
  const config = loadConfig({ RATE_LIMIT_RPS: "0" });
  const deployment = <V extends ProgramVersion>(version: V) => {
    const poolStats = new PoolStatsCache(
      fixture.index[version],
      fixture.accounts[version],
      fixture.prices,
      60_000,
      POOL_STATS[version],
    );
    poolStats.refresh();
    return {
      version,
      index: fixture.index[version],
      accounts: fixture.accounts[version],
      poolStats,
      priceMap: new PriceMapCache(fixture.index[version], fixture.prices),
      tokenList: new TokenListCache(fixture.index[version], TOKEN_LISTS[version]),
      owners: ownerViewsOf(fixture, version),
      counts: new AccountCountsCache(fixture.accounts[version], fixture.store),
    };
  };
  const ingest = new IngestStatus();
  for (const chain of Object.values(ingest.chains)) {
    Object.assign(chain, {
      connected: true,
      lastFullLoadMs: fixture.nowMs,
      slotAdvancedAtMs: fixture.nowMs,
      lastBlockhashMs: fixture.nowMs,
    });
  }
  Object.assign(ingest.oracle, { connected: true, lastFrameMs: fixture.nowMs });
  const services = {
    config,
    clock: { nowMs: () => clock.nowMs(), replayPosition: () => undefined },
    deployments: { v2: deployment("v2"), earlier: deployment("earlier") },
    accounts: fixture.store,
    prices: fixture.prices,
    blockhashes: createBlockhashCaches(),
    quotes: options.quotes ?? new QuoteAnswerCache(fixture.store, fixture.prices, clock),
    metrics: { builderFailed: () => {} },
    ingest,
  } as unknown as Services;
  for (const chain of ["er", "base"] as const) {
    services.blockhashes[chain].set({
      blockhash: FIXTURE_BLOCKHASH,
      lastValidBlockHeight: 1,
      fetchedAtMs: fixture.nowMs,
    });
  }
  const inject = createMiddleware<AppEnv>(async (c, next) => {
    c.set("services", services);
    await next();
  });
  return createApp({ handlers, middleware: [inject] });
}
