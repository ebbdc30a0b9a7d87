/**
 * Generation of one owner (wallet) of the world: its v2 basket, deposit ledger and ledger lines, and its earlier
 * standalone positions, orders, stake and referral. Each owner draws from its own random stream (seed, index), so
 * owners are independent and the world streams owner by owner.
 */
import { PublicKey } from "@solana/web3.js";
import * as pda from "../../src/protocol/pda.ts";
import {
  type Book,
  closePosition,
  type Economy,
  filledSlots,
  isOpen,
  limitFilled,
  makeLimitOrder,
  makeTrigger,
  openPosition,
  orderSlotsFor,
  type PositionSlot,
  triggerFilled,
} from "./book.ts";
import type { ResolvedMarket } from "./deployment.ts";
import { Rng } from "./rng.ts";

export interface V2Owner {
  book: Book;
  hasBasket: boolean;
  hasLedger: boolean;
  basket: string | null;
  basketBump: number;
  ledger: string | null;
  ledgerBump: number;
  /** Cumulative native amounts per mint (basket `debits`, `pending_credits`; ledger `deposits`). */
  debits: Map<string, bigint>;
  credits: Map<string, bigint>;
  deposits: Map<string, bigint>;
}

export interface Pda {
  address: string;
  bump: number;
}

export interface EarlierOwner {
  book: Book;
  positionKeys: Map<string, Pda>;
  orderKeys: Map<string, Pda>;
  tokenStake: (Pda & { level: number; amount: bigint }) | null;
  referral: (Pda & { referer: string }) | null;
}

export interface OwnerState {
  index: number;
  owner: string;
  v2: V2Owner;
  earlier: EarlierOwner;
}

export interface OwnerContext {
  seed: number | string;
  v2: Economy;
  earlier: Economy;
  /** Recording offset of the initial accounts (0). */
  atMs: number;
  /** Token stakes created so far (most recent last), for referrals. */
  recentStakes: string[];
}

const MARKET_WEIGHTS: Record<string, number> = {
  "SOL long": 3,
  "SOL short": 2,
  "BTC long": 2.5,
  "BTC short": 1.5,
  "ETH long": 2,
  "ETH short": 1.5,
  "SOL long (JitoSOL)": 1,
  "XAU short": 1,
  "EUR long (USDC)": 0.8,
  "EUR short": 0.8,
  "SPY long": 1,
  "SPY short": 0.6,
  "NVDA long (SPY)": 1,
  "NVDA short": 0.6,
  "TSLA long (SPY)": 1,
  "TSLA short": 0.8,
};

function pickMarkets(rng: Rng, markets: ResolvedMarket[], n: number, exclude: Set<string> = new Set()) {
  const out: ResolvedMarket[] = [];
  let pool = markets.filter((m) => !exclude.has(m.address));
  while (out.length < n && pool.length) {
    const m = rng.weighted(pool, pool.map((x) => MARKET_WEIGHTS[x.label] ?? 1));
    out.push(m);
    pool = pool.filter((x) => x !== m);
  }
  return out;
}

/** `k` distinct slot indices out of 5, sorted. */
function slots(rng: Rng, k: number): number[] {
  return rng.shuffle([0, 1, 2, 3, 4]).slice(0, k).sort((a, b) => a - b);
}

function levCap(m: ResolvedMarket): number {
  return Math.min(0.5 * m.def.maxLev, 50);
}

function add(map: Map<string, bigint>, key: string, v: bigint) {
  if (v !== 0n) map.set(key, (map.get(key) ?? 0n) + v);
}

/** Opens a back-dated position consistent with the initial prices and the market's leverage limits. */
function seedPosition(
  rng: Rng,
  eco: Economy,
  book: Book,
  m: ResolvedMarket,
  ctx: OwnerContext,
  scale: number,
  bump = 0,
) {
  const lev = rng.logRange(1.5, levCap(m));
  const now = eco.prices.unixAt(ctx.atMs);
  const age = BigInt(Math.floor(rng.logRange(600, 30 * 86_400)));
  const sinceUpdate = (age * BigInt(Math.floor(rng.range(200, 1000)))) / 1000n;
  return openPosition(eco, book, m, {
    collateralUsd: rng.logRange(25, 25_000) * scale,
    leverage: lev,
    atMs: ctx.atMs,
    deviation: rng.range(-1, 1) * Math.min(0.04, 0.4 / lev),
    openTime: now - age,
    updateTime: now - sinceUpdate,
    accruedSeconds: sinceUpdate,
    unsettledFeesUsd: rng.chance(0.3) ? BigInt(Math.floor(rng.range(0, 0.5) * 1e6)) : 0n,
  }, bump);
}

function seedLimits(
  rng: Rng,
  eco: Economy,
  book: Book,
  m: ResolvedMarket,
  at: number[],
  ctx: OwnerContext,
): bigint {
  const now = eco.prices.unixAt(ctx.atMs);
  const o = orderSlotsFor(book, m, true, now - BigInt(rng.int(60, 86_400)))!;
  let reserved = 0n;
  for (const i of at) {
    o.limit[i] = makeLimitOrder(eco, m, {
      reserveUsd: rng.logRange(20, 8_000),
      leverage: rng.logRange(1.5, levCap(m)),
      distance: rng.range(0.01, 0.08),
      withTpSl: rng.chance(0.4),
      atMs: ctx.atMs,
    });
    reserved += o.limit[i].reserveAmount;
  }
  o.executionCount = BigInt(rng.int(0, 6));
  return reserved;
}

function seedTriggers(rng: Rng, eco: Economy, book: Book, slot: PositionSlot, tp: number[], sl: number[]) {
  const o = orderSlotsFor(book, slot.market, true, eco.prices.unixAt(0) - BigInt(rng.int(60, 86_400)))!;
  const lev = Number(slot.pos.sizeUsd) / Math.max(1, Number(slot.pos.collateralUsd));
  for (const i of tp) o.tp[i] = makeTrigger(slot, "tp", Math.min(0.5, rng.range(0.3, 1.5) / lev), rng.pick([1, 0.5]));
  for (const i of sl) o.sl[i] = makeTrigger(slot, "sl", rng.range(0.2, 0.6) / lev, rng.pick([1, 0.5]));
}

/** Archetypes of the first owners, so that every QA case exists in any world of ≥ 4 owners. */
type V2Kind = "rich" | "none" | "ledgerOnly" | "limitOnly" | "random";
type EarlierKind = "rich" | "positions" | "none" | "ordersOnly" | "random";

function v2Kind(index: number, rng: Rng): V2Kind {
  if (index === 0) return "rich";
  if (index === 1) return "none";
  if (index === 2) return "ledgerOnly";
  if (index === 3) return "limitOnly";
  const r = rng.float();
  return r < 0.03 ? "none" : r < 0.06 ? "ledgerOnly" : "random";
}

function earlierKind(index: number): EarlierKind {
  return (["rich", "positions", "none", "ordersOnly"] as const)[index] ?? "random";
}

function generateV2(ctx: OwnerContext, index: number, owner: string): V2Owner {
  const rng = new Rng(ctx.seed, `owner:${index}:v2`);
  const eco = ctx.v2;
  const book: Book = { owner, positions: [], orders: [] };
  const st: V2Owner = {
    book,
    hasBasket: false,
    hasLedger: false,
    basket: null,
    basketBump: 0,
    ledger: null,
    ledgerBump: 0,
    debits: new Map(),
    credits: new Map(),
    deposits: new Map(),
  };
  const kind = v2Kind(index, rng);
  const usdc = eco.dep.custodies.find((c) => c.symbol === "USDC")!.token.mint;
  if (kind === "none") return st;
  const programId = eco.dep.programId;
  const ledger = pda.findProgramAddress(programId, ["user_deposit_ledger", pdaKey(owner)]);
  st.hasLedger = true;
  st.ledger = ledger.address;
  st.ledgerBump = ledger.bump;
  if (kind === "ledgerOnly") {
    st.deposits.set(usdc, BigInt(Math.floor(rng.logRange(50, 20_000) * 1e6)));
    return st;
  }
  const basket = pda.findProgramAddress(programId, ["basket", pdaKey(owner)]);
  st.hasBasket = true;
  st.basket = basket.address;
  st.basketBump = basket.bump;
  const markets = eco.dep.markets;
  const pulled = new Map<string, bigint>();

  let nPositions: number;
  if (kind === "rich") nPositions = 4;
  else if (kind === "limitOnly") nPositions = 0;
  else nPositions = rng.weighted([0, 1, 2, 3, 4, 5], [0.08, 0.25, 0.27, 0.2, 0.13, 0.07]);
  let chosen = pickMarkets(rng, markets, nPositions);
  if (kind === "rich") {
    // Guarantee both sides.
    const hasShort = chosen.some((m) => m.side === "Short");
    const hasLong = chosen.some((m) => m.side === "Long");
    if (!hasShort) chosen[chosen.length - 1] = markets.find((m) => m.label === "BTC short")!;
    if (!hasLong) chosen[0] = markets.find((m) => m.label === "SOL long")!;
    chosen = [...new Set(chosen)];
  }
  for (const m of chosen) {
    const { fill } = seedPosition(rng, eco, book, m, ctx, kind === "rich" ? 4 : 1);
    add(pulled, m.collateral.token.mint, fill.paidAmount);
  }
  // A closed position can leave its zero-size entry behind (the vector keeps it).
  if (kind === "limitOnly" || rng.chance(0.12)) {
    const [m] = pickMarkets(rng, markets, 1, new Set(chosen.map((x) => x.address)));
    if (m) {
      const { fill, slot } = seedPosition(rng, eco, book, m, ctx, 1);
      add(pulled, m.collateral.token.mint, fill.paidAmount);
      add(st.credits, m.collateral.token.mint, closePosition(eco, slot, ctx.atMs));
    }
  }
  // Limit orders, in sparse slots.
  const limitMarkets = kind === "rich"
    ? pickMarkets(rng, markets, 2)
    : kind === "limitOnly"
    ? pickMarkets(rng, markets, rng.int(1, 2))
    : rng.chance(0.45)
    ? pickMarkets(rng, markets, rng.int(1, 2))
    : [];
  limitMarkets.forEach((m, i) => {
    const at = kind === "rich" ? (i === 0 ? [0, 2] : [1]) : slots(rng, rng.int(1, 3));
    add(pulled, m.collateral.token.mint, seedLimits(rng, eco, book, m, at, ctx));
  });
  // TP/SL triggers on open positions.
  book.positions.filter(isOpen).forEach((slot, i) => {
    if (kind === "rich") {
      if (i === 0) seedTriggers(rng, eco, book, slot, [0, 3], [1]);
      if (i === 1) seedTriggers(rng, eco, book, slot, [], [2]);
      return;
    }
    if (!rng.chance(0.55)) return;
    const tpN = rng.int(0, 2);
    const slN = tpN === 0 ? rng.int(1, 2) : rng.int(0, 2);
    seedTriggers(rng, eco, book, slot, slots(rng, tpN), slots(rng, slN));
  });
  // Ledger lines: what was pulled into trades, past round trips, and a free balance.
  for (const [mint, amount] of pulled) {
    const churn = (amount * BigInt(Math.floor(rng.range(0, 2) * 1000))) / 1000n;
    add(st.debits, mint, amount + churn);
    add(st.credits, mint, (churn * BigInt(Math.floor(rng.range(500, 1100)))) / 1000n);
  }
  for (const [mint, d] of st.debits) {
    const free = (d * BigInt(Math.floor(rng.range(0, 600)))) / 1000n;
    add(st.deposits, mint, d + free);
  }
  if (!st.deposits.has(usdc) || rng.chance(0.3)) {
    add(st.deposits, usdc, BigInt(Math.floor(rng.logRange(10, 5_000) * 1e6)));
  }
  return st;
}

function generateEarlier(ctx: OwnerContext, index: number, owner: string): EarlierOwner {
  const rng = new Rng(ctx.seed, `owner:${index}:earlier`);
  const eco = ctx.earlier;
  const programId = eco.dep.programId;
  const book: Book = { owner, positions: [], orders: [] };
  const st: EarlierOwner = { book, positionKeys: new Map(), orderKeys: new Map(), tokenStake: null, referral: null };
  const kind = earlierKind(index);
  const markets = eco.dep.markets;
  let nPositions = 0;
  let nOrderMarkets = 0;
  if (kind === "rich") [nPositions, nOrderMarkets] = [3, 1];
  else if (kind === "positions") nPositions = 2;
  else if (kind === "ordersOnly") nOrderMarkets = 1;
  else if (kind === "random") {
    nPositions = rng.chance(0.65) ? rng.weighted([1, 2, 3], [0.45, 0.35, 0.2]) : 0;
    nOrderMarkets = rng.chance(0.35) ? rng.int(1, 2) : 0;
  }
  const positionKey = (m: ResolvedMarket) => {
    let k = st.positionKeys.get(m.address);
    if (!k) {
      k = pda.findProgramAddress(programId, ["position", pdaKey(owner), pdaKey(m.address)]);
      st.positionKeys.set(m.address, k);
    }
    return k;
  };
  for (const m of pickMarkets(rng, markets, nPositions)) {
    seedPosition(rng, eco, book, m, ctx, kind === "rich" ? 3 : 1, positionKey(m).bump);
  }
  for (const [i, m] of pickMarkets(rng, markets, nOrderMarkets).entries()) {
    seedLimits(rng, eco, book, m, kind === "rich" ? (i === 0 ? [1, 3] : [0]) : slots(rng, rng.int(1, 2)), ctx);
  }
  book.positions.filter(isOpen).forEach((slot, i) => {
    if (kind === "rich") {
      if (i === 0) seedTriggers(rng, eco, book, slot, [2], [0, 4]);
      return;
    }
    if (rng.chance(0.4)) seedTriggers(rng, eco, book, slot, slots(rng, rng.int(0, 1)), slots(rng, 1));
  });
  for (const o of book.orders) {
    st.orderKeys.set(
      o.market.address,
      pda.findProgramAddress(programId, ["order", pdaKey(owner), pdaKey(o.market.address)]),
    );
  }
  if (kind === "rich" || (kind === "random" && rng.chance(0.12))) {
    const k = pda.findProgramAddress(programId, ["token_stake", pdaKey(owner)]);
    st.tokenStake = { ...k, level: rng.int(1, 6), amount: BigInt(Math.floor(rng.logRange(100, 250_000) * 1e6)) };
  }
  if (kind === "random" && ctx.recentStakes.length && rng.chance(0.1)) {
    const k = pda.findProgramAddress(programId, ["referral", pdaKey(owner)]);
    st.referral = { ...k, referer: rng.pick(ctx.recentStakes) };
  }
  if (st.tokenStake) {
    ctx.recentStakes.push(st.tokenStake.address);
    if (ctx.recentStakes.length > 64) ctx.recentStakes.shift();
  }
  return st;
}

function pdaKey(k: string): Uint8Array {
  return new PublicKey(k).toBytes();
}

/** Generates owner `index` (wallet key, v2 and earlier state); its positions are added to the economies. */
export function generateOwner(ctx: OwnerContext, index: number): OwnerState {
  const owner = new Rng(ctx.seed, `owner:${index}:key`).walletKey();
  return { index, owner, v2: generateV2(ctx, index, owner), earlier: generateEarlier(ctx, index, owner) };
}

/** Slot indices of a book's orders, for the manifest. */
export function orderSlotSummary(book: Book) {
  return book.orders
    .map((o) => ({
      market: o.market.address,
      label: o.market.label,
      limit: filledSlots(o.limit, limitFilled),
      takeProfit: filledSlots(o.tp, triggerFilled),
      stopLoss: filledSlots(o.sl, triggerFilled),
    }))
    .filter((o) => o.limit.length + o.takeProfit.length + o.stopLoss.length > 0);
}
