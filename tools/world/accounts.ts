/**
 * Account values of the world (Perpetuals, Pool, Custody, Market, CustomOracle, Basket, UserDepositLedger,
 * TradeVault, standalone Position/Order, TokenStake, Referral) built from the trading state, and their encoding with
 * the real layouts of `src/protocol/accounts`.
 */
import type { ProgramVersion } from "../../src/protocol/vocabulary.ts";
import {
  type Basket,
  type BasketOrder,
  type Custody,
  type CustomOracle,
  encodeAccount,
  type Market,
  type Order,
  padAccountData,
  type Permissions,
  type Perpetuals,
  type Pool,
  type Referral,
  type TokenStake,
  type TradeVault,
  type UserDepositLedger,
  userDepositLedgerSpace,
} from "../../src/protocol/accounts/mod.ts";
import { decodePubkey, DEFAULT_PUBKEY } from "../../src/protocol/codec/mod.ts";
import * as pda from "../../src/protocol/pda.ts";
import {
  type Book,
  type Economy,
  isOpen,
  limitFilled,
  MAX_PAYOFF_BPS,
  MAX_UTILIZATION,
  OPTIMAL_UTILIZATION,
  type OrderSlots,
  triggerFilled,
} from "./book.ts";
import type { Deployment, ResolvedCustody, ResolvedMarket, ResolvedPool } from "./deployment.ts";
import { RATE_POWER, tokenAmount, usdValue } from "./math.ts";
import type { EarlierOwner, V2Owner } from "./owners.ts";
import type { PriceTape } from "./prices.ts";
import { labelKey, Rng } from "./rng.ts";

export const LEDGER_CAPACITY = 20;
/** SDK default basket capacities: 4 ledger lines, 4 positions, 4 order markets (5 slots each). */
export const BASKET_DEFAULT_CAPACITY = 4;

const allowAll = (over: Partial<Permissions> = {}): Permissions => ({
  allowSwap: true,
  allowAddLiquidity: true,
  allowRemoveLiquidity: true,
  allowOpenPosition: true,
  allowClosePosition: true,
  allowCollateralWithdrawal: true,
  allowSizeChange: true,
  allowLiquidation: true,
  allowLpStaking: true,
  allowFeeDistribution: true,
  allowUngatedTrading: true,
  allowFeeDiscounts: true,
  allowReferralRebates: true,
  ...over,
});

/** Initial borrow runtime of every custody of a deployment (before positions are seeded). */
export function initCustodyRuntimes(eco: Economy, seed: number | string, startUnix: bigint): void {
  for (const c of eco.dep.custodies) {
    const rng = new Rng(seed, `custody:${eco.dep.version}:${c.pool.name}:${c.symbol}`);
    eco.custodies.set(c.address, {
      custody: c,
      cumulativeLockFee: BigInt(Math.floor(rng.range(3e7, 3e8))),
      currentRate: c.params.slope1 / 2n,
      // Snapshots are taken at the start time, so the index there does not depend on the (later) current rate.
      lastUpdate: startUnix,
      historicRate: (c.params.slope1 * 6n) / 10n,
      owned: 0n,
      locked: 0n,
      collateral: 0n,
    });
  }
}

/** Pool liquidity per custody: the configured base, or enough to keep utilization below ~77 %. */
export function settleLiquidity(eco: Economy, tape: PriceTape): void {
  for (const c of eco.dep.custodies) {
    const rt = eco.rt(c);
    if (c.token.isVirtual) {
      rt.owned = 0n;
    } else {
      const base = tokenAmount(
        BigInt(Math.round(c.def.liquidityUsd * 1e6)),
        c.token.decimals,
        tape.price(c.feed.feedId, 0),
      );
      const need = (rt.locked * 13n + 9n) / 10n;
      rt.owned = base > need ? base : need;
    }
    eco.reprice(c);
  }
}

/** Mutable account values of one deployment's protocol accounts. */
export class ProtocolState {
  readonly custodies = new Map<string, Custody>();
  readonly markets = new Map<string, Market>();
  readonly pools = new Map<string, Pool>();
  readonly oracles = new Map<string, CustomOracle>();
  readonly perpetuals: Perpetuals;
  readonly lpSupply = new Map<string, bigint>();
  readonly #rng: Rng;

  constructor(
    readonly eco: Economy,
    readonly tape: PriceTape,
    readonly seed: number | string,
    readonly startUnix: bigint,
  ) {
    const dep = eco.dep;
    this.#rng = new Rng(seed, `protocol:${dep.version}`);
    this.perpetuals = {
      permissions: allowAll(),
      pools: dep.pools.map((p) => p.address),
      collections: [],
      voltageMultiplier: { volume: 1n, rewards: 1n, rebates: 1n },
      tradingDiscount: [25_000_000n, 40_000_000n, 55_000_000n, 70_000_000n, 90_000_000n, 120_000_000n],
      referralRebate: [20_000_000n, 30_000_000n, 40_000_000n, 50_000_000n, 60_000_000n, 80_000_000n],
      defaultRebate: 10_000_000n,
      inceptionTime: 1_704_067_200n,
      transferAuthorityBump: dep.transferAuthorityBump,
      perpetualsBump: dep.perpetualsBump,
      tradeLimit: 10,
      triggerOrderLimit: 5,
      rebateLimitUsd: 1_000,
    };
    for (const c of dep.custodies) this.custodies.set(c.address, this.#custody(c));
    for (const m of dep.markets) this.markets.set(m.address, this.#market(m));
    for (const p of dep.pools) this.pools.set(p.address, this.#pool(p));
    for (const o of dep.oracles.values()) this.oracles.set(o.address, this.#oracle(o.feed.feedId, 0, o.feed.exponent));
  }

  #custody(c: ResolvedCustody): Custody {
    const rng = new Rng(this.seed, `custody-value:${this.eco.dep.version}:${c.address}`);
    const asTarget = c.pool.markets.filter((m) => m.target === c);
    const maxLev = asTarget.length ? asTarget[0].def.maxLev : 100;
    const degenMin = asTarget.length ? asTarget[0].def.degenMinLev : 1;
    const degenMax = asTarget.length ? asTarget[0].def.degenMaxLev : 100;
    const p = c.params;
    const accrued = BigInt(Math.floor(rng.logRange(5_000, 2_000_000) * 1e6));
    const unit = 10n ** BigInt(Math.max(0, c.token.decimals - 2));
    const custody: Custody = {
      pool: c.pool.address,
      mint: c.token.mint,
      tokenAccount: c.tokenAccount,
      decimals: c.token.decimals,
      isStable: c.token.isStable,
      depegAdjustment: c.token.isStable,
      isVirtual: c.token.isVirtual,
      inversePrice: false,
      oracle: {
        intOracleAccount: c.oracle,
        extOracleAccount: c.extOracle,
        oracleType: "Custom",
        maxDivergenceBps: 1_000n,
        maxConfBps: 100n,
        maxPriceAgeSec: p.maxPriceAgeSec,
        maxBackupAgeSec: p.maxPriceAgeSec * 2,
      },
      pricing: {
        tradeSpreadMin: p.spreadMin,
        tradeSpreadMax: p.spreadMax,
        swapSpread: c.token.isStable ? 0n : 10n,
        minInitLeverage: 11_000,
        minInitDegenLeverage: degenMin * 10_000,
        maxInitLeverage: maxLev * 10_000,
        maxInitDegenLeverage: degenMax * 10_000,
        maxLeverage: maxLev * 20_000,
        maxDegenLeverage: Math.round(degenMax * 12_000),
        minCollateralUsd: 10_000_000,
        minDegenCollateralUsd: 10_000_000,
        delaySeconds: 0n,
        maxUtilization: MAX_UTILIZATION,
        degenPositionFactor: 1_000,
        degenExposureFactor: 1_000,
        maxPositionSizeUsd: p.maxPositionSizeUsd,
        maxExposureUsd: p.maxExposureUsd,
      },
      permissions: allowAll({
        allowSwap: !c.token.isVirtual,
        allowAddLiquidity: !c.token.isVirtual,
        allowRemoveLiquidity: !c.token.isVirtual,
      }),
      fees: {
        mode: "Linear",
        swapIn: { minFee: 100_000n, targetFee: 300_000n, maxFee: 1_500_000n },
        swapOut: { minFee: 100_000n, targetFee: 300_000n, maxFee: 1_500_000n },
        stableSwapIn: { minFee: 20_000n, targetFee: 50_000n, maxFee: 300_000n },
        stableSwapOut: { minFee: 20_000n, targetFee: 50_000n, maxFee: 300_000n },
        addLiquidity: { minFee: 0n, targetFee: 200_000n, maxFee: 1_000_000n },
        removeLiquidity: { minFee: 0n, targetFee: 200_000n, maxFee: 1_000_000n },
        openPosition: p.openFee,
        closePosition: p.closeFee,
        volatility: c.token.isStable ? 0n : 2_000_000n,
      },
      borrowRate: { baseRate: 0n, slope1: p.slope1, slope2: p.slope2, optimalUtilization: OPTIMAL_UTILIZATION },
      tokenAmountMultiplier: c.token.isToken2022 ? RATE_POWER : 0n,
      assets: { collateral: 0n, owned: 0n, locked: 0n },
      feesStats: {
        accrued,
        distributed: (accrued * 85n) / 100n,
        paid: (accrued * 5n) / 100n,
        rewardPerLpStaked: BigInt(rng.int(1_000, 90_000)),
        protocolFee: (accrued * 3n) / 100n,
      },
      borrowRateState: { currentRate: 0n, cumulativeLockFee: 0n, lastUpdate: 0n },
      bump: c.bump,
      tokenAccountBump: c.tokenAccountBump,
      token22: c.token.isToken2022,
      uid: c.uid,
      reservedAmount: 0n,
      minReserveUsd: 10_000_000n,
      limitPriceBufferBps: 50n,
      // v2 added trade_receivable / trade_payable before a shorter padding.
      ...(this.eco.dep.version === "v2"
        ? {
          tradeReceivable: c.token.isVirtual ? 0n : BigInt(rng.int(0, 5_000)) * unit,
          tradePayable: c.token.isVirtual ? 0n : BigInt(rng.int(0, 5_000)) * unit,
          padding: new Uint8Array(16),
        }
        : { padding: new Uint8Array(32) }),
    };
    return custody;
  }

  #market(m: ResolvedMarket): Market {
    return {
      pool: m.pool.address,
      targetCustody: m.target.address,
      collateralCustody: m.collateral.address,
      side: m.side,
      correlation: m.def.correlation,
      maxPayoffBps: MAX_PAYOFF_BPS,
      permissions: {
        allowOpenPosition: true,
        allowClosePosition: true,
        allowCollateralWithdrawal: true,
        allowSizeChange: true,
      },
      degenExposureUsd: 0n,
      collectivePosition: this.eco.collective(m),
      targetCustodyUid: m.target.uid,
      padding: new Uint8Array(7),
      collateralCustodyUid: m.collateral.uid,
      padding2: new Uint8Array(7),
      bump: m.bump,
    };
  }

  #pool(p: ResolvedPool): Pool {
    const rng = new Rng(this.seed, `pool-value:${this.eco.dep.version}:${p.name}`);
    const lpPrice = BigInt(Math.round(p.def.lpPrice * 1e6));
    const pool: Pool = {
      name: p.name,
      permissions: allowAll(),
      inceptionTime: 1_704_067_200n + BigInt(p.index) * 86_400n * 90n,
      lpMint: p.lpMint,
      oracleAuthority: labelKey(`${this.eco.dep.version}:oracle-authority`),
      stakedLpVault: p.stakedLpVault,
      rewardCustody: p.custodies.find((c) => c.symbol === "USDC")!.address,
      custodies: p.custodies.map((c) => c.address),
      ratios: p.custodies.map((c) => ({
        target: BigInt(c.def.ratio.target),
        min: BigInt(c.def.ratio.min),
        max: BigInt(c.def.ratio.max),
      })),
      markets: p.markets.map((m) => m.address),
      maxAumUsd: 0n,
      buffer: 0n,
      rawAumUsd: 0n,
      equityUsd: 0n,
      totalStaked: { pendingActivation: 0n, activeAmount: 0n, pendingDeactivation: 0n, deactivatedAmount: 0n },
      stakingFeeShareBps: 7_000n,
      bump: p.bump,
      lpMintBump: p.lpMintBump,
      stakedLpVaultBump: 255,
      vpVolumeFactor: 10,
      uniqueCustodyCount: Math.max(...p.custodies.map((c) => c.uid)) + 1,
      padding: new Uint8Array(3),
      stakingFeeBoostBps: [0n, 250n, 500n, 750n, 1_000n, 1_500n],
      compoundingMint: p.compoundingMint,
      compoundingLpVault: p.compoundingLpVault,
      compoundingStats: {
        activeAmount: 0n,
        totalSupply: 0n,
        rewardSnapshot: BigInt(rng.int(1, 1_000_000)) * 1_000_000_000n,
        feeShareBps: 7_000n,
        lastCompoundTime: this.startUnix - BigInt(rng.int(60, 3_600)),
      },
      compoundingMintBump: p.compoundingMintBump,
      compoundingLpVaultBump: 255,
      minLpPriceUsd: lpPrice / 2n,
      maxLpPriceUsd: lpPrice * 3n,
      lpPrice,
      compoundingLpPrice: lpPrice,
      lastUpdatedTimestamp: this.startUnix - 5n,
      feesObligationUsd: BigInt(rng.int(1_000, 50_000)) * 1_000_000n,
      rebateObligationUsd: BigInt(rng.int(100, 5_000)) * 1_000_000n,
      thresholdUsd: 1_000_000n * 1_000_000n,
    };
    if (this.eco.dep.version === "v2") pool.lpSupply = 0n;
    return pool;
  }

  #oracle(feedId: number, atMs: number, exponent: number): CustomOracle {
    const t = this.tape.tick(feedId, atMs);
    const back = this.tape.tick(feedId, Math.max(0, atMs - 30_000)).price;
    return {
      price: t.price,
      expo: exponent,
      conf: 0n,
      ema: (t.price * 9n + back) / 10n,
      publishTime: t.feedUpdateTimestampUs / 1_000_000n,
      lazerFeedId: feedId,
      lazerPrice: t.price,
      reserved: new Uint8Array(20),
    };
  }

  /** Re-reads a custody's assets and borrow state from the economy. */
  refreshCustody(c: ResolvedCustody): Custody {
    const v = this.custodies.get(c.address)!;
    const rt = this.eco.rt(c);
    v.assets = { collateral: rt.collateral, owned: rt.owned, locked: rt.locked };
    v.borrowRateState = {
      currentRate: rt.currentRate,
      cumulativeLockFee: rt.cumulativeLockFee,
      lastUpdate: rt.lastUpdate,
    };
    return v;
  }

  refreshMarket(m: ResolvedMarket): Market {
    const v = this.markets.get(m.address)!;
    v.collectivePosition = this.eco.collective(m);
    v.degenExposureUsd = v.collectivePosition.sizeUsd / 40n;
    return v;
  }

  /** AUM, equity and LP supply from the custodies' owned amounts at `atMs` (sFLP price kept). */
  refreshPool(p: ResolvedPool, atMs: number, nowUnix: bigint): Pool {
    const v = this.pools.get(p.address)!;
    let aum = 0n;
    for (const c of p.custodies) {
      if (c.token.isVirtual) continue;
      aum += usdValue(this.eco.rt(c).owned, c.token.decimals, this.tape.price(c.feed.feedId, atMs), 0n);
    }
    v.rawAumUsd = aum;
    v.equityUsd = aum;
    v.maxAumUsd = ((aum * 4n) / 1_000_000_000_000n + 1n) * 1_000_000_000_000n;
    const supply = (aum * 1_000_000n) / v.lpPrice;
    this.lpSupply.set(p.address, supply);
    if (v.lpSupply !== undefined) v.lpSupply = supply;
    v.totalStaked = {
      pendingActivation: supply / 200n,
      activeAmount: (supply * 35n) / 100n,
      pendingDeactivation: supply / 500n,
      deactivatedAmount: 0n,
    };
    // 60 % of sFLP sits in the compounding vault; FLP trades at a 12.5 % premium to sFLP.
    const active = (supply * 60n) / 100n;
    const total = (active * 1_000n) / 1_125n;
    v.compoundingStats = { ...v.compoundingStats, activeAmount: active, totalSupply: total };
    v.compoundingLpPrice = total > 0n ? (v.lpPrice * active) / total : v.lpPrice;
    v.lastUpdatedTimestamp = nowUnix;
    return v;
  }

  refreshOracle(oracle: string, feedId: number, exponent: number, atMs: number): CustomOracle {
    const v = this.#oracle(feedId, atMs, exponent);
    this.oracles.set(oracle, v);
    return v;
  }

  encodeCustody(c: ResolvedCustody): Uint8Array {
    return encodeAccount(this.eco.dep.version, "Custody", this.custodies.get(c.address)!);
  }
  encodeMarket(m: ResolvedMarket): Uint8Array {
    return encodeAccount(this.eco.dep.version, "Market", this.markets.get(m.address)!);
  }
  encodePool(p: ResolvedPool): Uint8Array {
    return encodeAccount(this.eco.dep.version, "Pool", this.pools.get(p.address)!);
  }
  encodeOracle(address: string): Uint8Array {
    return encodeAccount(this.eco.dep.version, "CustomOracle", this.oracles.get(address)!);
  }
  encodePerpetuals(): Uint8Array {
    return encodeAccount(this.eco.dep.version, "Perpetuals", this.perpetuals);
  }
}

// ---- per-owner accounts ---------------------------------------------------------------------------------------------

function basketOrder(o: OrderSlots): BasketOrder {
  const tp = o.tp.filter(triggerFilled).length;
  const sl = o.sl.filter(triggerFilled).length;
  const limit = o.limit.filter(limitFilled).length;
  return {
    limitOrders: o.limit,
    takeProfitOrders: o.tp,
    stopLossOrders: o.sl,
    isInitialised: true,
    isActive: tp + sl + limit > 0,
    openSl: sl,
    openTp: tp,
    inactiveSl: 0,
    inactiveTp: 0,
    activeOrders: limit,
    referenceTimestamp: o.referenceTimestamp,
    executionCount: o.executionCount,
    padding: new Uint8Array(48),
  };
}

function ledgerLines(dep: Deployment, m: Map<string, bigint>) {
  // Stable order: the world's mint order.
  const order = [...dep.oracles.keys()];
  return [...m.entries()].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0])).map(([mint, amount]) => ({
    mint,
    amount,
  }));
}

/** Allocated size of a basket with room for at least the SDK default capacities. */
export function basketSpace(b: Basket): number {
  const cap = (n: number) => Math.max(BASKET_DEFAULT_CAPACITY, n);
  const orderMeta = 32 + 12 + 54 * 5 + 21 * 5 * 2 + 7 + 8 + 8 + 48;
  return 80 + (4 + cap(b.debits.length) * 40) + (4 + cap(b.pendingCredits.length) * 40) +
    (4 + cap(b.positions.length) * 272) + (4 + cap(b.orders.length) * orderMeta);
}

export function basketValue(dep: Deployment, st: V2Owner): Basket {
  const book = st.book;
  return {
    owner: book.owner,
    delegate: DEFAULT_PUBKEY,
    basketBump: st.basketBump,
    padding: new Uint8Array(5),
    positionsActive: book.positions.some(isOpen),
    ordersActive: book.orders.some((o) =>
      o.limit.some(limitFilled) || o.tp.some(triggerFilled) || o.sl.some(triggerFilled)
    ),
    debits: ledgerLines(dep, st.debits),
    pendingCredits: ledgerLines(dep, st.credits),
    positions: book.positions.map((s) => ({ market: s.market.address, position: s.pos })),
    orders: book.orders.map((o) => ({ market: o.market.address, order: basketOrder(o) })),
  };
}

export function encodeBasket(dep: Deployment, st: V2Owner): Uint8Array {
  const b = basketValue(dep, st);
  return padAccountData(encodeAccount("v2", "Basket", b), basketSpace(b));
}

export function encodeLedger(dep: Deployment, st: V2Owner): Uint8Array {
  const v: UserDepositLedger = {
    bump: st.ledgerBump,
    padding: new Uint8Array(7),
    owner: st.book.owner,
    deposits: ledgerLines(dep, st.deposits),
  };
  const cap = Math.max(LEDGER_CAPACITY, v.deposits.length);
  return padAccountData(encodeAccount("v2", "UserDepositLedger", v), userDepositLedgerSpace(cap));
}

export function encodeTradeVault(dep: Deployment, mint: string, amount: bigint): Uint8Array {
  const v: TradeVault = {
    tokenMint: mint,
    tokenAccount: pda.tradeVaultTokenAccount(dep.programId, mint),
    tokenAmount: amount,
    bump: pda.findProgramAddress(dep.programId, ["trade_vault", keyBytes(mint)]).bump,
    tokenAccountBump: pda.findProgramAddress(dep.programId, ["trade_vault_token_account", keyBytes(mint)]).bump,
    padding: new Uint8Array(6),
  };
  return encodeAccount("v2", "TradeVault", v);
}

function keyBytes(k: string): Uint8Array {
  return decodePubkey(k);
}

export function encodeEarlierPosition(version: ProgramVersion, book: Book, market: string): Uint8Array {
  const slot = book.positions.find((s) => s.market.address === market)!;
  return encodeAccount(version, "Position", slot.pos);
}

export function encodeEarlierOrder(version: ProgramVersion, o: OrderSlots, owner: string, bump: number): Uint8Array {
  const bo = basketOrder(o);
  const v: Order = {
    owner,
    market: o.market.address,
    limitOrders: o.limit,
    takeProfitOrders: o.tp,
    stopLossOrders: o.sl,
    isInitialised: true,
    isActive: bo.isActive,
    openSl: bo.openSl,
    openTp: bo.openTp,
    inactiveSl: 0,
    inactiveTp: 0,
    activeOrders: bo.activeOrders,
    bump,
    referenceTimestamp: o.referenceTimestamp,
    executionCount: o.executionCount,
    padding: new Uint8Array(48),
  };
  return encodeAccount(version, "Order", v);
}

export function encodeTokenStake(st: EarlierOwner, startUnix: bigint, seed: number | string): Uint8Array {
  const ts = st.tokenStake!;
  const rng = new Rng(seed, `stake:${st.book.owner}`);
  const v: TokenStake = {
    owner: st.book.owner,
    isInitialized: true,
    bump: ts.bump,
    level: ts.level,
    withdrawRequestCount: 0,
    withdrawRequest: [0, 1, 2].map(() => ({ withdrawableAmount: 0n, lockedAmount: 0n, timeRemaining: 0n })),
    rebateRate: BigInt(ts.level) * 50n,
    activeStakeAmount: ts.amount,
    updateTimestamp: startUnix - BigInt(rng.int(3_600, 30 * 86_400)),
    tradeTimestamp: startUnix - BigInt(rng.int(60, 86_400)),
    tradeCounter: rng.int(0, 10),
    lastRewardEpochCount: rng.int(1, 200),
    rewardTokens: BigInt(rng.int(0, 5_000)) * 1_000_000n,
    unclaimedRevenueAmount: BigInt(rng.int(0, 500)) * 1_000_000n,
    revenueSnapshot: BigInt(rng.int(0, 1_000_000)) * 1_000_000_000n,
    claimableRebateUsd: BigInt(rng.int(0, 200)) * 1_000_000n,
    rebateUsdSnapshot: 0n,
    rebateDayTimestamp: startUnix - (startUnix % 86_400n),
    maxRebateUsd: 1_000n * 1_000_000n,
    padding: new Uint8Array(32),
  };
  return encodeAccount("earlier", "TokenStake", v);
}

export function encodeReferral(st: EarlierOwner): Uint8Array {
  const r = st.referral!;
  const v: Referral = {
    isInitialized: true,
    bump: r.bump,
    refererTokenStakeAccount: r.referer,
    refererBoosterAccount: DEFAULT_PUBKEY,
    padding: new Uint8Array(32),
  };
  return encodeAccount("earlier", "Referral", v);
}
