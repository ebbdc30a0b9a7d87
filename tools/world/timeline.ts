/**
 * The scripted part of the recording: a few active owners per interface trade while the prices move (positions
 * opened, increased, partially closed, closed; limit and TP/SL orders placed and cancelled; deposits; pool liquidity
 * changing a custody's assets), internal oracles are refreshed, and the ER commits delegated accounts to base.
 * Every change is re-encoded with the real layouts and emitted as a timed update on the chain that holds it.
 */
import type { ProgramVersion } from "../../src/protocol/vocabulary.ts";
import { PublicKey } from "@solana/web3.js";
import { NATIVE_MINT, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "../../src/protocol/constants.ts";
import * as pda from "../../src/protocol/pda.ts";
import {
  closePosition,
  decreasePosition,
  type Economy,
  emptyLimit,
  emptyTrigger,
  fitTriggers,
  increasePosition,
  isOpen,
  limitFilled,
  makeLimitOrder,
  makeTrigger,
  openPosition,
  orderSlotsFor,
  type PositionSlot,
  triggerFilled,
} from "./book.ts";
import type { ResolvedCustody, ResolvedMarket } from "./deployment.ts";
import {
  encodeBasket,
  encodeEarlierOrder,
  encodeEarlierPosition,
  encodeLedger,
  encodeTradeVault,
  type ProtocolState,
} from "./accounts.ts";
import type { Emitter } from "./emitter.ts";
import type { OwnerState } from "./owners.ts";
import { Rng } from "./rng.ts";
import { encodeMint, encodeTokenAccount, type MintInput, rentExempt } from "./spl.ts";

export type TradeKind =
  | "open"
  | "increase"
  | "decrease"
  | "close"
  | "placeLimit"
  | "cancelLimit"
  | "placeTrigger"
  | "cancelTrigger"
  | "deposit"
  | "liquidity";

export interface TimelineEvent {
  atMs: number;
  interface: ProgramVersion;
  kind: TradeKind;
  owner?: string;
  market?: string;
  label?: string;
  detail?: string;
}

export interface Side {
  eco: Economy;
  proto: ProtocolState;
  owners: OwnerState[];
}

/** Base-chain token state the timeline keeps in step (mint supplies, token account balances). */
export interface BaseTokens {
  /** LP mint → its mint fields. */
  lpMints: Map<string, MintInput>;
  /** v2 trade vault balance per mint. */
  tradeVaults: Map<string, bigint>;
  mintAuthority: string;
}

export interface TimelineOptions {
  seed: number | string;
  durationMs: number;
  tradeIntervalMs: number;
  emitter: Emitter;
  v2: Side;
  earlier: Side;
  tokens: BaseTokens;
}

const V2_KINDS: TradeKind[] = [
  "open",
  "increase",
  "placeLimit",
  "placeTrigger",
  "decrease",
  "cancelLimit",
  "close",
  "cancelTrigger",
  "deposit",
  "liquidity",
];
const EARLIER_KINDS: TradeKind[] = V2_KINDS.filter((k) => k !== "deposit");

type Scheduled = { atMs: number; what: "v2" | "earlier" | "oracle" | "commit" };

export class Timeline {
  readonly events: TimelineEvent[] = [];
  readonly #o: TimelineOptions;
  readonly #rng: Rng;

  constructor(o: TimelineOptions) {
    this.#o = o;
    this.#rng = new Rng(o.seed, "timeline");
  }

  async run(): Promise<void> {
    const { durationMs, tradeIntervalMs } = this.#o;
    const plan: Scheduled[] = [];
    const end = durationMs - 200;
    for (let t = 1_000; t < end; t += tradeIntervalMs) plan.push({ atMs: t, what: "v2" });
    for (let t = 1_700; t < end; t += Math.round(tradeIntervalMs * 1.4)) plan.push({ atMs: t, what: "earlier" });
    for (let t = 5_100; t < end; t += 5_000) plan.push({ atMs: t, what: "oracle" });
    for (let t = 10_300; t < end; t += 10_000) plan.push({ atMs: t, what: "commit" });
    plan.sort((a, b) => a.atMs - b.atMs);
    const queues: Record<"v2" | "earlier", TradeKind[]> = { v2: [], earlier: [] };
    for (const s of plan) {
      if (s.what === "oracle") await this.#oracles(s.atMs);
      else if (s.what === "commit") await this.#o.emitter.commit(s.atMs);
      else {
        const q = queues[s.what];
        if (q.length === 0) q.push(...this.#rng.shuffle(s.what === "v2" ? V2_KINDS : EARLIER_KINDS));
        await this.#trade(s.what, q.shift()!, s.atMs);
      }
    }
  }

  async #oracles(atMs: number) {
    for (const version of ["v2", "earlier"] as const) {
      const side = this.#o[version];
      for (const o of side.eco.dep.oracles.values()) {
        side.proto.refreshOracle(o.address, o.feed.feedId, o.feed.exponent, atMs);
        await this.#emitProtocol(version, atMs, "oracle", o.address, side.proto.encodeOracle(o.address));
      }
    }
  }

  /** Emits a protocol-level account (v2: ER, delegated; earlier: base). */
  async #emitProtocol(version: ProgramVersion, atMs: number, kind: string, pubkey: string, data: Uint8Array) {
    const e = this.#o.emitter;
    if (version === "v2") await e.er(atMs, kind, pubkey, data);
    else await e.update("base", atMs, kind, pubkey, this.#o.earlier.eco.dep.programId, data);
  }

  /** Tries `kind` on the active owners (rotating start), falling back to `open`. */
  async #trade(version: ProgramVersion, kind: TradeKind, atMs: number) {
    const side = this.#o[version];
    if (side.owners.length === 0 && kind !== "liquidity") return;
    if (kind === "liquidity") return void await this.#liquidity(version, atMs);
    const start = this.#rng.int(0, Math.max(0, side.owners.length - 1));
    for (const k of [kind, "open" as const]) {
      for (let i = 0; i < side.owners.length; i++) {
        const st = side.owners[(start + i) % side.owners.length];
        if (await this.#try(version, k, st, atMs)) return;
      }
    }
  }

  async #try(version: ProgramVersion, kind: TradeKind, st: OwnerState, atMs: number): Promise<boolean> {
    const side = this.#o[version];
    const eco = side.eco;
    const rng = this.#rng;
    const book = version === "v2" ? st.v2.book : st.earlier.book;
    const now = eco.prices.unixAt(atMs);
    const open = book.positions.filter(isOpen);
    const log = (market?: ResolvedMarket, detail?: string) =>
      this.events.push({
        atMs,
        interface: version,
        kind,
        owner: st.owner,
        market: market?.address,
        label: market?.label,
        detail,
      });
    const lev = (m: ResolvedMarket) => rng.logRange(2, Math.min(0.5 * m.def.maxLev, 25));
    switch (kind) {
      case "open": {
        const taken = new Set(open.map((s) => s.market.address));
        const free = eco.dep.markets.filter((m) => !taken.has(m.address));
        if (!free.length) return false;
        const m = rng.pick(free);
        eco.accrue(m.collateral, now);
        const usd = rng.logRange(50, 5_000);
        if (version === "v2") await this.#ensureFunds(st, m.collateral, usd, atMs);
        const { slot, fill } = openPosition(
          eco,
          book,
          m,
          { collateralUsd: usd, leverage: lev(m), atMs },
          this.#bump(version, st, m),
        );
        if (version === "v2") add(st.v2.debits, m.collateral.token.mint, fill.paidAmount);
        log(m, `collateral ${usd.toFixed(2)} USD`);
        await this.#afterPosition(version, st, slot, atMs);
        return true;
      }
      case "increase": {
        if (!open.length) return false;
        const slot = rng.pick(open);
        const m = slot.market;
        eco.accrue(m.collateral, now);
        const usd = rng.logRange(25, 2_000);
        if (version === "v2") await this.#ensureFunds(st, m.collateral, usd, atMs);
        const f = increasePosition(eco, slot, { collateralUsd: usd, leverage: lev(m), atMs });
        if (version === "v2") add(st.v2.debits, m.collateral.token.mint, f.paidAmount);
        log(m, `added ${usd.toFixed(2)} USD collateral`);
        await this.#afterPosition(version, st, slot, atMs);
        return true;
      }
      case "decrease":
      case "close": {
        if (!open.length) return false;
        const slot = rng.pick(open);
        const m = slot.market;
        eco.accrue(m.collateral, now);
        const fraction = rng.range(0.25, 0.6);
        const back = kind === "close" ? closePosition(eco, slot, atMs) : decreasePosition(eco, slot, fraction, atMs);
        fitTriggers(book, slot);
        if (version === "v2") add(st.v2.credits, m.collateral.token.mint, back);
        log(m, kind === "close" ? "full close" : `closed ${(fraction * 100).toFixed(0)} %`);
        await this.#afterPosition(version, st, slot, atMs);
        return true;
      }
      case "placeLimit": {
        const m = rng.pick(eco.dep.markets);
        const o = orderSlotsFor(book, m, false, now);
        const i = o ? o.limit.findIndex((x) => !limitFilled(x)) : 0;
        if (i < 0) return false;
        const order = makeLimitOrder(eco, m, {
          reserveUsd: rng.logRange(20, 3_000),
          leverage: lev(m),
          distance: rng.range(0.01, 0.06),
          withTpSl: rng.chance(0.5),
          atMs,
        });
        if (version === "v2") {
          await this.#ensureFunds(st, m.collateral, 0, atMs, order.reserveAmount);
          add(st.v2.debits, m.collateral.token.mint, order.reserveAmount);
        }
        const slots = orderSlotsFor(book, m, true, now)!;
        slots.limit[i] = order;
        slots.referenceTimestamp = now;
        log(m, `limit slot ${i}`);
        await this.#afterOrders(version, st, m, atMs);
        return true;
      }
      case "cancelLimit": {
        const cands = book.orders.flatMap((o) => o.limit.map((x, i) => ({ o, i, x })).filter((c) => limitFilled(c.x)));
        if (!cands.length) return false;
        const { o, i, x } = rng.pick(cands);
        o.limit[i] = emptyLimit();
        if (version === "v2") add(st.v2.credits, o.market.collateral.token.mint, x.reserveAmount);
        log(o.market, `limit slot ${i}`);
        await this.#afterOrders(version, st, o.market, atMs);
        return true;
      }
      case "placeTrigger": {
        if (!open.length) return false;
        const slot = rng.pick(open);
        const o = orderSlotsFor(book, slot.market, true, now)!;
        const tk = rng.chance(0.5) ? "tp" : "sl";
        const list = tk === "tp" ? o.tp : o.sl;
        const i = list.findIndex((x) => !triggerFilled(x));
        if (i < 0) return false;
        const l = Number(slot.pos.sizeUsd) / Math.max(1, Number(slot.pos.collateralUsd));
        list[i] = makeTrigger(slot, tk, tk === "tp" ? Math.min(0.5, 0.8 / l) : 0.3 / l, rng.pick([1, 0.5]));
        log(slot.market, `${tk} slot ${i}`);
        await this.#afterOrders(version, st, slot.market, atMs);
        return true;
      }
      case "cancelTrigger": {
        const cands = book.orders.flatMap((o) =>
          [
            ...o.tp.map((x, i) => ({ o, list: o.tp, i, x, tk: "tp" })),
            ...o.sl.map((x, i) => ({ o, list: o.sl, i, x, tk: "sl" })),
          ]
            .filter((c) => triggerFilled(c.x))
        );
        if (!cands.length) return false;
        const c = rng.pick(cands);
        c.list[c.i] = emptyTrigger();
        log(c.o.market, `${c.tk} slot ${c.i}`);
        await this.#afterOrders(version, st, c.o.market, atMs);
        return true;
      }
      case "deposit": {
        if (version !== "v2" || !st.v2.hasLedger) return false;
        const usdc = eco.dep.custodies.find((c) => c.symbol === "USDC")!;
        const amount = BigInt(Math.floor(rng.logRange(100, 10_000))) * 1_000_000n;
        await this.#deposit(st, usdc.token.mint, amount, atMs);
        log(undefined, `${amount / 1_000_000n} USDC`);
        return true;
      }
      default:
        return false;
    }
  }

  #bump(version: ProgramVersion, st: OwnerState, m: ResolvedMarket): number {
    if (version === "v2") return 0;
    let k = st.earlier.positionKeys.get(m.address);
    if (!k) {
      k = pda.findProgramAddress(this.#o.earlier.eco.dep.programId, ["position", keyOf(st.owner), keyOf(m.address)]);
      st.earlier.positionKeys.set(m.address, k);
    }
    return k.bump;
  }

  /** v2: deposits enough of `custody`'s mint first when the available balance would not cover the trade. */
  async #ensureFunds(st: OwnerState, custody: ResolvedCustody, usd: number, atMs: number, native?: bigint) {
    const v = st.v2;
    const mint = custody.token.mint;
    const need = native ?? BigInt(Math.ceil(
      usd * 1.05 * 10 ** custody.token.decimals /
        Math.max(
          1e-9,
          Number(this.#o.v2.eco.prices.price(custody.feed.feedId, atMs).price) *
            10 ** custody.feed.exponent,
        ),
    ));
    const available = (v.deposits.get(mint) ?? 0n) - (v.debits.get(mint) ?? 0n) + (v.credits.get(mint) ?? 0n);
    if (available >= need) return;
    await this.#deposit(st, mint, need * 2n - available, atMs);
  }

  async #deposit(st: OwnerState, mint: string, amount: bigint, atMs: number) {
    const dep = this.#o.v2.eco.dep;
    const e = this.#o.emitter;
    add(st.v2.deposits, mint, amount);
    await e.update("base", atMs, "ledger", st.v2.ledger!, dep.programId, encodeLedger(dep, st.v2));
    const vaults = this.#o.tokens.tradeVaults;
    const total = (vaults.get(mint) ?? 0n) + amount;
    vaults.set(mint, total);
    await e.update(
      "base",
      atMs,
      "tradeVault",
      pda.tradeVault(dep.programId, mint),
      dep.programId,
      encodeTradeVault(dep, mint, total),
    );
    await this.#tokenAccount(atMs, pda.tradeVaultTokenAccount(dep.programId, mint), mint, dep.transferAuthority, total);
  }

  async #tokenAccount(atMs: number, pubkey: string, mint: string, authority: string, amount: bigint) {
    const native = mint === NATIVE_MINT;
    const rent = rentExempt(165);
    const t2022 = this.#isToken2022(mint);
    await this.#o.emitter.update(
      "base",
      atMs,
      "tokenAccount",
      pubkey,
      t2022 ? TOKEN_2022_PROGRAM_ID : TOKEN_PROGRAM_ID,
      encodeTokenAccount({ mint, owner: authority, amount, nativeRentReserve: native ? rent : null }),
      native ? rent + amount : rent,
    );
  }

  #isToken2022(mint: string): boolean {
    return this.#o.v2.eco.dep.custodies.some((c) => c.token.mint === mint && c.token.isToken2022);
  }

  /** Emits the owner's position container, the market and the collateral custody after a position change. */
  async #afterPosition(version: ProgramVersion, st: OwnerState, slot: PositionSlot, atMs: number) {
    const side = this.#o[version];
    const m = slot.market;
    side.eco.reprice(m.collateral);
    if (version === "v2") {
      await this.#o.emitter.er(atMs, "basket", st.v2.basket!, encodeBasket(side.eco.dep, st.v2));
    } else {
      const key = st.earlier.positionKeys.get(m.address)!.address;
      const data = isOpen(slot) ? encodeEarlierPosition("earlier", st.earlier.book, m.address) : null;
      await this.#o.emitter.update("base", atMs, "position", key, side.eco.dep.programId, data);
      if (!isOpen(slot)) st.earlier.book.positions = st.earlier.book.positions.filter((s) => s !== slot);
      if (st.earlier.book.orders.some((o) => o.market === m)) await this.#emitEarlierOrder(st, m, atMs);
    }
    side.proto.refreshMarket(m);
    await this.#emitProtocol(version, atMs, "market", m.address, side.proto.encodeMarket(m));
    side.proto.refreshCustody(m.collateral);
    await this.#emitProtocol(version, atMs, "custody", m.collateral.address, side.proto.encodeCustody(m.collateral));
  }

  async #afterOrders(version: ProgramVersion, st: OwnerState, m: ResolvedMarket, atMs: number) {
    const dep = this.#o[version].eco.dep;
    if (version === "v2") await this.#o.emitter.er(atMs, "basket", st.v2.basket!, encodeBasket(dep, st.v2));
    else await this.#emitEarlierOrder(st, m, atMs);
  }

  async #emitEarlierOrder(st: OwnerState, m: ResolvedMarket, atMs: number) {
    const dep = this.#o.earlier.eco.dep;
    const o = st.earlier.book.orders.find((x) => x.market === m)!;
    let k = st.earlier.orderKeys.get(m.address);
    if (!k) {
      k = pda.findProgramAddress(dep.programId, ["order", keyOf(st.owner), keyOf(m.address)]);
      st.earlier.orderKeys.set(m.address, k);
    }
    await this.#o.emitter.update(
      "base",
      atMs,
      "order",
      k.address,
      dep.programId,
      encodeEarlierOrder("earlier", o, st.owner, k.bump),
    );
  }

  /** Liquidity added to (or removed from) a custody: its owned assets, the pool's AUM and LP supply change. */
  async #liquidity(version: ProgramVersion, atMs: number) {
    const side = this.#o[version];
    const eco = side.eco;
    const rng = this.#rng;
    const c = rng.pick(eco.dep.custodies.filter((x) => !x.token.isVirtual));
    const now = eco.prices.unixAt(atMs);
    eco.accrue(c, now);
    const rt = eco.rt(c);
    const delta = (rt.owned * BigInt(Math.floor(rng.range(-0.6, 2) * 100))) / 10_000n;
    if (rt.owned + delta <= (rt.locked * 13n) / 10n) return;
    rt.owned += delta;
    eco.reprice(c);
    side.proto.refreshCustody(c);
    await this.#emitProtocol(version, atMs, "custody", c.address, side.proto.encodeCustody(c));
    const pool = side.proto.refreshPool(c.pool, atMs, now);
    await this.#emitProtocol(version, atMs, "pool", c.pool.address, side.proto.encodePool(c.pool));
    const lp = this.#o.tokens.lpMints.get(c.pool.lpMint)!;
    lp.supply = side.proto.lpSupply.get(c.pool.address)!;
    await this.#o.emitter.update("base", atMs, "mint", c.pool.lpMint, TOKEN_PROGRAM_ID, encodeMint(lp));
    const flp = this.#o.tokens.lpMints.get(c.pool.compoundingMint)!;
    flp.supply = pool.compoundingStats.totalSupply;
    await this.#o.emitter.update("base", atMs, "mint", c.pool.compoundingMint, TOKEN_PROGRAM_ID, encodeMint(flp));
    await this.#tokenAccount(atMs, c.tokenAccount, c.token.mint, eco.dep.transferAuthority, rt.owned);
    this.events.push({
      atMs,
      interface: version,
      kind: "liquidity",
      market: undefined,
      label: `${c.pool.name} ${c.symbol}`,
      detail: `${delta >= 0n ? "added" : "removed"} ${delta >= 0n ? delta : -delta} native`,
    });
  }
}

function add(map: Map<string, bigint>, key: string, v: bigint) {
  if (v !== 0n) map.set(key, (map.get(key) ?? 0n) + v);
}

function keyOf(k: string): Uint8Array {
  return new PublicKey(k).toBytes();
}
