/**
 * Trading state of the world: per-owner books (positions and order slots of one deployment), the per-market
 * aggregates that become each Market's `collective_position`, the per-custody locked/collateral sums and borrow-rate
 * runtime, and the trading operations (open, increase, decrease, close, place/cancel orders) used both to build the
 * initial accounts and to script the replay. Every number follows PROTOCOL-v2 §5 so decoded accounts are consistent.
 */
import type {
  LimitOrder,
  OraclePrice,
  Position,
  PositionStats,
  TriggerOrder,
} from "../../src/protocol/accounts/mod.ts";
import { DEFAULT_PUBKEY } from "../../src/protocol/codec/mod.ts";
import type { Deployment, ResolvedCustody, ResolvedMarket } from "./deployment.ts";
import {
  borrowRate,
  entryPrice,
  exitPrice,
  lockedUsdFor,
  RATE_POWER,
  scaled,
  tokenAmount,
  tradeSpread,
  usdValue,
} from "./math.ts";

export const ORDER_SLOTS = 5;
export const MAX_PAYOFF_BPS = 10_000n;
export const OPTIMAL_UTILIZATION = 800_000_000n;
export const MAX_UTILIZATION = 900_000_000;

export interface PositionSlot {
  market: ResolvedMarket;
  pos: Position;
  /** Collateral-token native units backing `collateralUsd` (for the market's `collateral_amount` and custody sums). */
  collateralAmount: bigint;
}

export interface OrderSlots {
  market: ResolvedMarket;
  limit: LimitOrder[];
  tp: TriggerOrder[];
  sl: TriggerOrder[];
  referenceTimestamp: bigint;
  executionCount: bigint;
}

export interface Book {
  owner: string;
  positions: PositionSlot[];
  orders: OrderSlots[];
}

export const ZERO_PRICE: OraclePrice = { price: 0n, exponent: 0 };

export function emptyLimit(): LimitOrder {
  return {
    limitPrice: ZERO_PRICE,
    reserveAmount: 0n,
    reserveCustodyUid: 0,
    receiveCustodyUid: 0,
    sizeAmount: 0n,
    stopLossPrice: ZERO_PRICE,
    takeProfitPrice: ZERO_PRICE,
  };
}

export function emptyTrigger(): TriggerOrder {
  return { triggerPrice: ZERO_PRICE, triggerSize: 0n, receiveCustodyUid: 0 };
}

export const isOpen = (s: PositionSlot) => s.pos.sizeAmount !== 0n;
export const limitFilled = (o: LimitOrder) => o.sizeAmount !== 0n;
export const triggerFilled = (o: TriggerOrder) => o.triggerSize !== 0n;

/** Indices of non-empty slots. */
export function filledSlots<T>(xs: T[], filled: (x: T) => boolean): number[] {
  const out: number[] = [];
  xs.forEach((x, i) => filled(x) && out.push(i));
  return out;
}

export function bookCounts(book: Book): { positions: number; limitOrders: number; triggerOrders: number } {
  let limitOrders = 0;
  let triggerOrders = 0;
  for (const o of book.orders) {
    limitOrders += o.limit.filter(limitFilled).length;
    triggerOrders += o.tp.filter(triggerFilled).length + o.sl.filter(triggerFilled).length;
  }
  return { positions: book.positions.filter(isOpen).length, limitOrders, triggerOrders };
}

/** Borrow-rate runtime of a custody (what `borrow_rate_state` holds). */
export interface CustodyRuntime {
  custody: ResolvedCustody;
  cumulativeLockFee: bigint;
  currentRate: bigint;
  lastUpdate: bigint;
  /** Rate used to back-date snapshots of positions opened before the recording. */
  historicRate: bigint;
  owned: bigint;
  locked: bigint;
  collateral: bigint;
}

export interface MarketAggregate {
  market: ResolvedMarket;
  openPositions: bigint;
  updateTime: bigint;
  /** Σ entry price mantissa × size amount (for the weighted average entry price). */
  priceSize: bigint;
  sizeAmount: bigint;
  sizeUsd: bigint;
  lockedAmount: bigint;
  lockedUsd: bigint;
  collateralAmount: bigint;
  collateralUsd: bigint;
  unsettledFeesUsd: bigint;
  /** Σ snapshot × size USD (for the size-weighted cumulative lock fee snapshot). */
  snapshotSize: bigint;
}

/** Prices and clock of the world, by recording offset. */
export interface PriceSource {
  price(feedId: number, atMs: number): OraclePrice;
  unixAt(atMs: number): bigint;
}

/** One deployment's shared trading state. */
export class Economy {
  readonly custodies = new Map<string, CustodyRuntime>();
  readonly markets = new Map<string, MarketAggregate>();

  constructor(readonly dep: Deployment, readonly prices: PriceSource) {
    for (const m of dep.markets) {
      this.markets.set(m.address, {
        market: m,
        openPositions: 0n,
        updateTime: 0n,
        priceSize: 0n,
        sizeAmount: 0n,
        sizeUsd: 0n,
        lockedAmount: 0n,
        lockedUsd: 0n,
        collateralAmount: 0n,
        collateralUsd: 0n,
        unsettledFeesUsd: 0n,
        snapshotSize: 0n,
      });
    }
  }

  rt(c: ResolvedCustody): CustodyRuntime {
    const r = this.custodies.get(c.address);
    if (!r) throw new Error(`no runtime for custody ${c.symbol} of ${c.pool.name}`);
    return r;
  }

  /** Cumulative lock fee index of a custody at a unix time (accrual rounds up, as the program does). */
  cumulativeAt(c: ResolvedCustody, nowUnix: bigint): bigint {
    const r = this.rt(c);
    const dt = nowUnix - r.lastUpdate;
    if (dt <= 0n) return r.cumulativeLockFee;
    return r.cumulativeLockFee + (dt * r.currentRate + 3599n) / 3600n;
  }

  /** Moves a custody's borrow state to `nowUnix` (as every instruction touching it does). */
  accrue(c: ResolvedCustody, nowUnix: bigint): void {
    const r = this.rt(c);
    r.cumulativeLockFee = this.cumulativeAt(c, nowUnix);
    if (nowUnix > r.lastUpdate) r.lastUpdate = nowUnix;
  }

  /** Recomputes the current borrow rate from utilization. */
  reprice(c: ResolvedCustody): void {
    const r = this.rt(c);
    const u = r.owned > 0n ? (r.locked * RATE_POWER) / r.owned : 0n;
    r.currentRate = borrowRate(u, c.params.slope1, c.params.slope2, OPTIMAL_UTILIZATION, BigInt(MAX_UTILIZATION));
  }

  #apply(slot: PositionSlot, sign: 1n | -1n): void {
    const p = slot.pos;
    if (p.sizeAmount === 0n) return;
    const a = this.markets.get(slot.market.address)!;
    a.openPositions += sign;
    a.priceSize += sign * p.entryPrice.price * p.sizeAmount;
    a.sizeAmount += sign * p.sizeAmount;
    a.sizeUsd += sign * p.sizeUsd;
    a.lockedAmount += sign * p.lockedAmount;
    a.lockedUsd += sign * p.lockedUsd;
    a.collateralAmount += sign * slot.collateralAmount;
    a.collateralUsd += sign * p.collateralUsd;
    a.unsettledFeesUsd += sign * p.unsettledFeesUsd;
    a.snapshotSize += sign * p.cumulativeLockFeeSnapshot * p.sizeUsd;
    if (sign > 0n && p.updateTime > a.updateTime) a.updateTime = p.updateTime;
    const r = this.custodies.get(slot.market.collateral.address);
    if (r) {
      r.locked += sign * p.lockedAmount;
      r.collateral += sign * slot.collateralAmount;
    }
  }

  add(slot: PositionSlot): void {
    this.#apply(slot, 1n);
  }

  remove(slot: PositionSlot): void {
    this.#apply(slot, -1n);
  }

  /** The market's `collective_position`. */
  collective(market: ResolvedMarket): PositionStats {
    const a = this.markets.get(market.address)!;
    return {
      openPositions: a.openPositions,
      updateTime: a.updateTime,
      averageEntryPrice: {
        price: a.sizeAmount > 0n ? a.priceSize / a.sizeAmount : 0n,
        exponent: market.target.feed.exponent,
      },
      sizeAmount: a.sizeAmount,
      sizeUsd: a.sizeUsd,
      lockedAmount: a.lockedAmount,
      lockedUsd: a.lockedUsd,
      collateralAmount: a.collateralAmount,
      collateralLiabilityUsd: a.collateralUsd,
      unsettledFeeUsd: a.unsettledFeesUsd,
      cumulativeLockFeeSnapshot: a.sizeUsd > 0n ? a.snapshotSize / a.sizeUsd : 0n,
      sizeDecimals: market.target.token.decimals,
      lockedDecimals: market.collateral.token.decimals,
      collateralDecimals: market.collateral.token.decimals,
    };
  }

  /** Target price of a market, at the oracle, optionally displaced (for positions opened before the recording). */
  targetPrice(m: ResolvedMarket, atMs: number, deviation = 0): OraclePrice {
    const p = this.prices.price(m.target.feed.feedId, atMs);
    return deviation === 0 ? p : scaled(p, 1 + deviation);
  }

  /** Collateral price consistent with a displaced target price (same feed or correlated ⇒ same displacement). */
  collateralPrice(m: ResolvedMarket, atMs: number, deviation = 0): OraclePrice {
    const p = this.prices.price(m.collateral.feed.feedId, atMs);
    const moves = m.collateral.feed.feedId === m.target.feed.feedId || m.def.correlation;
    return moves && deviation !== 0 ? scaled(p, 1 + deviation) : p;
  }
}

export function multiplierOf(c: ResolvedCustody): bigint {
  return c.token.isToken2022 ? RATE_POWER : 0n;
}

export interface OpenParams {
  /** Collateral paid in, USD (UI). */
  collateralUsd: number;
  /** Requested leverage (×). */
  leverage: number;
  atMs: number;
  /** Price displacement of the fill relative to the oracle at `atMs` (back-dated positions). */
  deviation?: number;
  openTime?: bigint;
  /** Last update (defaults to the open time). */
  updateTime?: bigint;
  /** Seconds of borrow accrual to back-date the snapshot by (capped at 5 % of collateral). */
  accruedSeconds?: bigint;
  unsettledFeesUsd?: bigint;
}

export interface Fill {
  sizeAmount: bigint;
  sizeUsd: bigint;
  entry: OraclePrice;
  reference: OraclePrice;
  /** Collateral token native amount paid in. */
  paidAmount: bigint;
  /** Collateral USD after the open fee. */
  collateralUsd: bigint;
  collateralAmount: bigint;
  collateralPrice: OraclePrice;
}

/** Sizing and fill of an open/increase (PROTOCOL-v2 §5.4–§5.5, §5.9). */
export function fill(eco: Economy, m: ResolvedMarket, p: OpenParams): Fill {
  const dev = p.deviation ?? 0;
  const ref = eco.targetPrice(m, p.atMs, dev);
  const pc = eco.collateralPrice(m, p.atMs, dev);
  const coll = m.collateral;
  const tgt = m.target;
  const paidAmount = tokenAmount(
    BigInt(Math.round(p.collateralUsd * 1e6)),
    coll.token.decimals,
    pc,
    multiplierOf(coll),
  );
  const paidUsd = usdValue(paidAmount, coll.token.decimals, pc, multiplierOf(coll));
  const wantUsd = BigInt(Math.floor(Number(paidUsd) * p.leverage));
  const spread = tradeSpread(wantUsd, tgt.params.spreadMin, tgt.params.spreadMax, tgt.params.maxPositionSizeUsd);
  const entry = entryPrice(ref, m.side, spread);
  const sizeAmount = tokenAmount(wantUsd, tgt.token.decimals, entry, multiplierOf(tgt));
  const sizeUsd = usdValue(sizeAmount, tgt.token.decimals, entry, multiplierOf(tgt));
  const fee = (sizeUsd * tgt.params.openFee) / RATE_POWER;
  const collateralUsd = paidUsd - fee;
  return {
    sizeAmount,
    sizeUsd,
    entry,
    reference: ref,
    paidAmount,
    collateralUsd,
    collateralAmount: tokenAmount(collateralUsd, coll.token.decimals, pc, multiplierOf(coll)),
    collateralPrice: pc,
  };
}

function lockedFor(m: ResolvedMarket, sizeUsd: bigint, collateralUsd: bigint, pc: OraclePrice) {
  const lockedUsd = lockedUsdFor(sizeUsd, collateralUsd, m.side, m.def.correlation, MAX_PAYOFF_BPS);
  return {
    lockedUsd,
    lockedAmount: tokenAmount(lockedUsd, m.collateral.token.decimals, pc, multiplierOf(m.collateral)),
  };
}

export function zeroPosition(version: "v2" | "earlier", owner: string, market: ResolvedMarket, bump = 0): Position {
  return {
    owner,
    market: market.address,
    delegate: DEFAULT_PUBKEY,
    openTime: 0n,
    updateTime: 0n,
    entryPrice: ZERO_PRICE,
    sizeAmount: 0n,
    sizeUsd: 0n,
    lockedAmount: 0n,
    lockedUsd: 0n,
    priceImpactUsd: 0n,
    collateralUsd: 0n,
    unsettledValueUsd: 0n,
    unsettledFeesUsd: 0n,
    cumulativeLockFeeSnapshot: 0n,
    degenSizeUsd: 0n,
    referencePrice: ZERO_PRICE,
    isActive: false,
    buffer: [0, 0],
    priceImpactSet: 0,
    sizeDecimals: market.target.token.decimals,
    lockedDecimals: market.collateral.token.decimals,
    collateralDecimals: market.collateral.token.decimals,
    bump,
    // v2 added `migrate_flag` before the (shorter) padding.
    ...(version === "v2" ? { migrateFlag: false, padding: new Uint8Array(7) } : { padding: new Uint8Array(8) }),
  };
}

/** Opens a new position (or re-uses the book's zero-size entry of that market). Returns the slot and the fill. */
export function openPosition(
  eco: Economy,
  book: Book,
  m: ResolvedMarket,
  p: OpenParams,
  bump = 0,
): { slot: PositionSlot; fill: Fill } {
  const f = fill(eco, m, p);
  const now = eco.prices.unixAt(p.atMs);
  const openTime = p.openTime ?? now;
  const cum = eco.cumulativeAt(m.collateral, now);
  let back = 0n;
  if (p.accruedSeconds && p.accruedSeconds > 0n && f.sizeUsd > 0n) {
    const rt = eco.rt(m.collateral);
    back = (p.accruedSeconds * rt.historicRate) / 3600n;
    const cap = (f.collateralUsd * RATE_POWER) / (20n * f.sizeUsd);
    if (back > cap) back = cap;
    if (back > cum) back = cum;
  }
  const { lockedUsd, lockedAmount } = lockedFor(m, f.sizeUsd, f.collateralUsd, f.collateralPrice);
  const pos = zeroPosition(eco.dep.version, book.owner, m, bump);
  Object.assign(pos, {
    openTime,
    updateTime: p.updateTime ?? openTime,
    entryPrice: f.entry,
    sizeAmount: f.sizeAmount,
    sizeUsd: f.sizeUsd,
    lockedAmount,
    lockedUsd,
    collateralUsd: f.collateralUsd,
    unsettledFeesUsd: p.unsettledFeesUsd ?? 0n,
    cumulativeLockFeeSnapshot: cum - back,
    referencePrice: f.reference,
    isActive: true,
  });
  let slot = book.positions.find((s) => s.market.address === m.address);
  if (slot && isOpen(slot)) throw new Error(`${book.owner} already has a position in ${m.label}`);
  if (slot) {
    slot.pos = pos;
    slot.collateralAmount = f.collateralAmount;
  } else {
    slot = { market: m, pos, collateralAmount: f.collateralAmount };
    book.positions.push(slot);
  }
  eco.add(slot);
  return { slot, fill: f };
}

/** Adds size and collateral to an open position at the current price. */
export function increasePosition(eco: Economy, slot: PositionSlot, p: OpenParams): Fill {
  const m = slot.market;
  const f = fill(eco, m, p);
  const now = eco.prices.unixAt(p.atMs);
  eco.remove(slot);
  const pos = slot.pos;
  const accrued = lockFee(eco, slot, now);
  const size = pos.sizeAmount + f.sizeAmount;
  const avg = (pos.entryPrice.price * pos.sizeAmount + f.entry.price * f.sizeAmount) / size;
  pos.entryPrice = { price: avg, exponent: pos.entryPrice.exponent };
  pos.sizeAmount = size;
  pos.sizeUsd += f.sizeUsd;
  pos.collateralUsd += f.collateralUsd;
  pos.unsettledFeesUsd += accrued;
  pos.cumulativeLockFeeSnapshot = eco.cumulativeAt(m.collateral, now);
  pos.updateTime = now;
  pos.referencePrice = f.reference;
  const { lockedUsd, lockedAmount } = lockedFor(m, pos.sizeUsd, pos.collateralUsd, f.collateralPrice);
  pos.lockedUsd = lockedUsd;
  pos.lockedAmount = lockedAmount;
  slot.collateralAmount += f.collateralAmount;
  eco.add(slot);
  return f;
}

function lockFee(eco: Economy, slot: PositionSlot, now: bigint): bigint {
  const d = eco.cumulativeAt(slot.market.collateral, now) - slot.pos.cumulativeLockFeeSnapshot;
  return d > 0n ? (d * slot.pos.sizeUsd) / RATE_POWER : 0n;
}

/** USD the owner receives for closing `fraction` (in 1e-6) of a position at `atMs` (PROTOCOL-v2 §5.12). */
function settlement(eco: Economy, slot: PositionSlot, ratio: bigint, atMs: number) {
  const m = slot.market;
  const pos = slot.pos;
  const now = eco.prices.unixAt(atMs);
  const sizeUsd = (pos.sizeUsd * ratio) / 1_000_000n;
  const sizeAmount = (pos.sizeAmount * ratio) / 1_000_000n;
  const spread = tradeSpread(
    sizeUsd,
    m.target.params.spreadMin,
    m.target.params.spreadMax,
    m.target.params.maxPositionSizeUsd,
  );
  const px = exitPrice(eco.targetPrice(m, atMs), m.side, spread);
  const diff = m.side === "Long" ? px.price - pos.entryPrice.price : pos.entryPrice.price - px.price;
  const pnl = (diff >= 0n ? 1n : -1n) *
    usdValue(sizeAmount, m.target.token.decimals, { price: diff >= 0n ? diff : -diff, exponent: px.exponent });
  const exitFee = (sizeUsd * m.target.params.closeFee) / RATE_POWER;
  const borrow = ((lockFee(eco, slot, now) + pos.unsettledFeesUsd) * ratio) / 1_000_000n;
  const collateralUsd = (pos.collateralUsd * ratio) / 1_000_000n;
  const receiveUsd = collateralUsd + pnl - exitFee - borrow;
  const pc = eco.prices.price(m.collateral.feed.feedId, atMs);
  return {
    sizeAmount,
    receiveAmount: receiveUsd > 0n
      ? tokenAmount(receiveUsd, m.collateral.token.decimals, pc, multiplierOf(m.collateral))
      : 0n,
  };
}

/** Closes `fraction` (0 < f < 1) of a position; returns the collateral-token amount credited back. */
export function decreasePosition(eco: Economy, slot: PositionSlot, fraction: number, atMs: number): bigint {
  const ratio = BigInt(Math.round(fraction * 1e6));
  const { sizeAmount, receiveAmount } = settlement(eco, slot, ratio, atMs);
  const now = eco.prices.unixAt(atMs);
  eco.remove(slot);
  const pos = slot.pos;
  const keep = (x: bigint) => x - (x * ratio) / 1_000_000n;
  pos.sizeAmount -= sizeAmount;
  pos.sizeUsd = keep(pos.sizeUsd);
  pos.lockedAmount = keep(pos.lockedAmount);
  pos.lockedUsd = keep(pos.lockedUsd);
  pos.collateralUsd = keep(pos.collateralUsd);
  pos.unsettledFeesUsd = 0n;
  pos.cumulativeLockFeeSnapshot = eco.cumulativeAt(slot.market.collateral, now);
  pos.updateTime = now;
  pos.referencePrice = eco.targetPrice(slot.market, atMs);
  slot.collateralAmount = keep(slot.collateralAmount);
  eco.add(slot);
  return receiveAmount;
}

/** Closes a position fully: the entry stays in the book with zero size. Returns the amount credited back. */
export function closePosition(eco: Economy, slot: PositionSlot, atMs: number): bigint {
  const { receiveAmount } = settlement(eco, slot, 1_000_000n, atMs);
  eco.remove(slot);
  slot.pos = zeroPosition(eco.dep.version, slot.pos.owner, slot.market, slot.pos.bump);
  slot.collateralAmount = 0n;
  return receiveAmount;
}

export function orderSlotsFor(book: Book, m: ResolvedMarket, create: boolean, nowUnix: bigint): OrderSlots | undefined {
  let o = book.orders.find((x) => x.market.address === m.address);
  if (!o && create) {
    o = {
      market: m,
      limit: Array.from({ length: ORDER_SLOTS }, emptyLimit),
      tp: Array.from({ length: ORDER_SLOTS }, emptyTrigger),
      sl: Array.from({ length: ORDER_SLOTS }, emptyTrigger),
      referenceTimestamp: nowUnix,
      executionCount: 0n,
    };
    book.orders.push(o);
  }
  return o;
}

export interface LimitParams {
  reserveUsd: number;
  leverage: number;
  /** Distance of the limit price from the oracle (fraction, > 0: below for longs, above for shorts). */
  distance: number;
  withTpSl: boolean;
  atMs: number;
}

/** A resting limit order (reserve in the market's collateral token). */
export function makeLimitOrder(eco: Economy, m: ResolvedMarket, p: LimitParams): LimitOrder {
  const px = eco.targetPrice(m, p.atMs);
  const long = m.side === "Long";
  const limitPrice = scaled(px, long ? 1 - p.distance : 1 + p.distance);
  const pc = eco.prices.price(m.collateral.feed.feedId, p.atMs);
  const reserveAmount = tokenAmount(
    BigInt(Math.round(p.reserveUsd * 1e6)),
    m.collateral.token.decimals,
    pc,
    multiplierOf(m.collateral),
  );
  const reserveUsd = usdValue(reserveAmount, m.collateral.token.decimals, pc, multiplierOf(m.collateral));
  const sizeUsd = BigInt(Math.floor(Number(reserveUsd) * p.leverage));
  const sizeAmount = tokenAmount(sizeUsd, m.target.token.decimals, limitPrice, multiplierOf(m.target));
  const tp = p.withTpSl ? scaled(limitPrice, long ? 1 + 0.6 / p.leverage : 1 - 0.6 / p.leverage) : ZERO_PRICE;
  const sl = p.withTpSl ? scaled(limitPrice, long ? 1 - 0.4 / p.leverage : 1 + 0.4 / p.leverage) : ZERO_PRICE;
  return {
    limitPrice,
    reserveAmount,
    reserveCustodyUid: m.collateral.uid,
    receiveCustodyUid: m.collateral.uid,
    sizeAmount,
    stopLossPrice: p.withTpSl ? sl : { price: 0n, exponent: limitPrice.exponent },
    takeProfitPrice: p.withTpSl ? tp : { price: 0n, exponent: limitPrice.exponent },
  };
}

/** A take-profit (`kind = "tp"`) or stop-loss trigger for an open position. */
export function makeTrigger(
  slot: PositionSlot,
  kind: "tp" | "sl",
  distance: number,
  sizeFraction: number,
): TriggerOrder {
  const pos = slot.pos;
  const long = slot.market.side === "Long";
  const up = (kind === "tp") === long;
  const size = (pos.sizeAmount * BigInt(Math.round(sizeFraction * 1e6))) / 1_000_000n;
  return {
    triggerPrice: scaled(pos.entryPrice, up ? 1 + distance : 1 - distance),
    triggerSize: size > 0n ? size : pos.sizeAmount,
    receiveCustodyUid: slot.market.collateral.uid,
  };
}

/** Clamps trigger sizes of a market to the (reduced) position size; clears them all when the position is closed. */
export function fitTriggers(book: Book, slot: PositionSlot): void {
  const o = book.orders.find((x) => x.market.address === slot.market.address);
  if (!o) return;
  for (const list of [o.tp, o.sl]) {
    for (let i = 0; i < list.length; i++) {
      if (!triggerFilled(list[i])) continue;
      if (slot.pos.sizeAmount === 0n) list[i] = emptyTrigger();
      else if (list[i].triggerSize > slot.pos.sizeAmount) list[i] = { ...list[i], triggerSize: slot.pos.sizeAmount };
    }
  }
}

/** Leverage in BPS at a price (with PnL and fees, PROTOCOL-v2 §5.9); null when the margin is not positive. */
export function leverageAt(eco: Economy, slot: PositionSlot, atMs: number): bigint | null {
  const m = slot.market;
  const pos = slot.pos;
  const now = eco.prices.unixAt(atMs);
  const spread = tradeSpread(
    pos.sizeUsd,
    m.target.params.spreadMin,
    m.target.params.spreadMax,
    m.target.params.maxPositionSizeUsd,
  );
  const px = exitPrice(eco.targetPrice(m, atMs), m.side, spread);
  const diff = m.side === "Long" ? px.price - pos.entryPrice.price : pos.entryPrice.price - px.price;
  const pnl = (diff >= 0n ? 1n : -1n) *
    usdValue(pos.sizeAmount, m.target.token.decimals, { price: diff >= 0n ? diff : -diff, exponent: px.exponent });
  const fees = (pos.sizeUsd * m.target.params.closeFee) / RATE_POWER + lockFee(eco, slot, now) + pos.unsettledFeesUsd;
  const margin = pos.collateralUsd + pnl - fees;
  return margin > 0n ? (pos.sizeUsd * 10_000n) / margin : null;
}
