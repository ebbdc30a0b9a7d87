/**
 * Owner views computed once and shared: the v2 basket view (`GET /v2/owner/{owner}`, the `basket` and `metrics`
 * stream messages) and the earlier interface's position and order listings (`GET /positions/owner/{owner}`,
 * `GET /orders/owner/{owner}`, the `positions` and `orders` stream messages). Every REST request and every socket of
 * an owner reads the same entry, serialized once.
 *
 * An entry is valid for one combination of:
 * - the owner's accounts (basket, position and order accounts): a version per owner, moved by the account store's
 *   change notifications (the owner wallet is read from bytes 8..40 of the changed account, as ProgramAccounts does);
 * - the deployment's other accounts (pools, custodies, markets: borrow indexes and limits feed the figures): one
 *   version, moved by any change of an account of this program that is not an owner's;
 * - the price store (one version, moved by every price change);
 * - the clock second (borrow fees accrue by the second; a snapshot's `nowUnix`).
 * Entries of one (second, prices, shared accounts) combination are computed on one `DeploymentSnapshot`, so the
 * markets and custodies it resolves are resolved once for all owners.
 *
 * Before `start()` (and after `stop()`) nothing tells the cache of changes, so every read computes afresh. Memory is
 * bounded: entries live until the next price tick, clock second or shared-account change (then none of them can be
 * valid again), and past MAX_ENTRIES (prices and clock standing still) the map is emptied. The per-owner versions
 * are kept for every owner whose accounts changed since the start (never dropped: a dropped version could come back
 * equal to an old entry's).
 */
import type { Clock } from "../state/clock.ts";
import type { AccountChange, AccountStore } from "../state/account-store.ts";
import type { PriceStore } from "../state/price-store.ts";
import type { RawAccount, Unsubscribe } from "../state/types.ts";
import type { DeploymentSnapshot } from "../domain/deployment-snapshot.ts";
import { type WalletOwnedKind, walletOwning } from "../protocol/accounts/owner-wallet.ts";
import {
  basketAddress,
  basketOrderMetrics,
  basketPositionMetrics,
  ordersByOwner,
  type OwnerBasket,
  ownerBasket,
  positionsByOwner,
} from "../domain/views/owner.ts";
import {
  basketViewJson,
  marketPricesUsable,
  openBasketMarkets,
  openPositionMarkets,
  streamMessage,
} from "../domain/views/owner-stream.ts";

/** Entries cached before the map is emptied (a bound on memory, far above the owners streamed in one second). */
export const MAX_ENTRIES = 50_000;

/** Account kinds the owner views read, each belonging to one owner wallet. */
const OWNER_KINDS: readonly WalletOwnedKind[] = ["Basket", "Position", "Order"];

/** What the v2 views of one owner read, computed on first use and then cached for the entry's lifetime. */
export interface BasketView {
  /** The basket's bytes, or null without a basket. */
  readonly basketData: Uint8Array | null;
  /** JSON text of `MbBasketSnapshotDto` (the REST answer). */
  readonly json: string;
  /** The `basket` message. */
  readonly basketMessage: string;
  /** The `metrics` message; undefined without a basket (nothing to measure). */
  readonly metricsMessage: string | undefined;
  /** Every price the open positions are valued at is present and fresh (otherwise `metrics` messages pause). */
  readonly pricesUsable: boolean;
}

/** An earlier-interface listing: its JSON text (the REST answer) and the stream message carrying it. */
export interface ListingView {
  readonly json: string;
  readonly message: string;
  /** For positions: every price the listing is valued at is present and fresh. Orders: always true. */
  readonly pricesUsable: boolean;
}

/**
 * A moment: one (second, prices, shared accounts) combination, the snapshot every view computed in it uses, and what
 * those computations learnt.
 */
interface Moment {
  /** Which moment: the clock second and the price and shared-account versions. */
  second: number;
  priceVersion: number;
  sharedVersion: number;
  snapshot: DeploymentSnapshot;
  /** Market → both of its prices usable, on this snapshot. */
  usableMarkets: Map<string, boolean>;
}

export interface ReadOptions {
  /**
   * Cache what this read computes for the next readers (default true). The streams' periodic reads pass false: a
   * socket group's tick already shares one computation among the owner's sockets, and cached entries outlive the
   * young generation's collections. Measured on 10,000 owners read once a second with prices moving every 200 ms:
   * caching them grew V8's old space by about 22 MiB/s until a full collection; not caching them keeps the heap flat.
   * A cached entry (from a REST answer, a connection's first message or a change message) is still read.
   */
  cache?: boolean;
}

/** Where each view of an owner is cached in the entries. */
const VIEW_KEYS = {
  basket: (owner: string) => `b:${owner}`,
  positions: (owner: string, includePnlInLeverageDisplay: boolean) =>
    `p${includePnlInLeverageDisplay ? 1 : 0}:${owner}`,
  orders: (owner: string) => `o:${owner}`,
};

interface Entry<T> {
  ownerVersion: number;
  /** The moment it was computed in: still valid while that moment is current. */
  moment: Moment;
  view: T;
}

/** Lazily computed parts of one owner's basket view, all from one snapshot. */
class LazyBasketView implements BasketView {
  readonly #snapshot: DeploymentSnapshot;
  readonly #usableMarkets: Map<string, boolean>;
  readonly #owner: string;
  readonly #found: OwnerBasket | undefined;
  #positionMetricsJson: string | undefined;
  #json: string | undefined;
  #metrics: string | undefined;
  #usable: boolean | undefined;

  constructor(moment: Moment, owner: string, found: OwnerBasket | undefined) {
    this.#snapshot = moment.snapshot;
    this.#usableMarkets = moment.usableMarkets;
    this.#owner = owner;
    this.#found = found;
  }

  /** Read when asked (the periodic metrics never ask: `OwnerBasket.data`). */
  get basketData(): Uint8Array | null {
    return this.#found?.data ?? null;
  }

  get #positionMetrics(): string {
    return this.#positionMetricsJson ??= this.#found
      ? JSON.stringify(basketPositionMetrics(this.#snapshot, this.#found.basket))
      : "{}";
  }

  get json(): string {
    return this.#json ??= basketViewJson(
      this.#owner,
      this.#found,
      this.#positionMetrics,
      this.#found ? JSON.stringify(basketOrderMetrics(this.#snapshot, this.#found.basket)) : "{}",
    );
  }

  get basketMessage(): string {
    return streamMessage("basket", this.json);
  }

  get metricsMessage(): string | undefined {
    if (!this.#found) return undefined;
    return this.#metrics ??= streamMessage("metrics", this.#positionMetrics);
  }

  get pricesUsable(): boolean {
    return this.#usable ??= !this.#found ||
      marketPricesUsable(this.#snapshot, openBasketMarkets(this.#found.basket), this.#usableMarkets);
  }
}

export class OwnerViewCache {
  readonly #entries = new Map<string, Entry<BasketView | ListingView>>();
  readonly #ownerVersions = new Map<string, number>();
  /**
   * Owner → their basket address (a PDA: derived once per owner) and, once started, the basket found there with the
   * owner version it was found at; bounded like the entries. A basket is read and decoded once per change of the
   * owner's accounts, not once per second: the views of a new second reuse it. Without it every streamed owner's basket
   * was read from the store and decoded again each second, and a store of 75,000 accounts keeps the packed forms (the
   * decoded values' keys) of only the last 16,384 read.
   */
  readonly #baskets = new Map<
    string,
    { pubkey: string; found?: { ownerVersion: number; basket: OwnerBasket | undefined } }
  >();
  #sharedVersion = 0;
  #priceVersion = 0;
  #moment: Moment | undefined;
  #unsubscribe: Unsubscribe[] = [];
  #computations = 0;

  constructor(
    private readonly programId: string,
    private readonly accounts: AccountStore,
    private readonly prices: PriceStore,
    private readonly clock: Clock,
    private readonly snapshotAt: (nowMs: number) => DeploymentSnapshot,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** Views computed so far (each basket view, listing of positions and listing of orders counts one). */
  get computations(): number {
    return this.#computations;
  }

  start(): void {
    if (this.#unsubscribe.length) return;
    this.#unsubscribe = [
      this.accounts.subscribe((change) => this.#onAccountChange(change)),
      this.prices.subscribe(() => this.#priceVersion++),
    ];
  }

  stop(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#unsubscribe = [];
    this.#entries.clear();
    this.#baskets.clear(); // changes made while stopped move no version: nothing found can be cached
    this.#moment = undefined;
  }

  /**
   * The v2 basket view of `owner` (nulls without a basket). `cache: false` reads a cached entry but does not cache
   * what it computes (see {@link ReadOptions}).
   */
  basket(owner: string, options?: ReadOptions): BasketView {
    return this.#view(
      VIEW_KEYS.basket(owner),
      owner,
      options,
      (moment) => new LazyBasketView(moment, owner, this.#basketOf(owner, moment.snapshot)),
    );
  }

  /** The owner's basket: the one found since their accounts last changed, else read now (and cached, once started). */
  #basketOf(owner: string, snapshot: DeploymentSnapshot): OwnerBasket | undefined {
    let entry = this.#baskets.get(owner);
    if (entry === undefined) {
      if (this.#baskets.size >= this.maxEntries) this.#baskets.clear();
      entry = { pubkey: basketAddress(snapshot, owner) };
      this.#baskets.set(owner, entry);
    }
    // Before start nothing moves the owner versions, so nothing found can be known to be current.
    if (!this.#unsubscribe.length) return ownerBasket(snapshot, owner, entry.pubkey);
    const ownerVersion = this.#ownerVersions.get(owner) ?? 0;
    if (entry.found?.ownerVersion === ownerVersion) return entry.found.basket;
    const basket = ownerBasket(snapshot, owner, entry.pubkey);
    entry.found = { ownerVersion, basket };
    return basket;
  }

  /** The earlier interface's enriched positions of `owner`, with PnL in the leverage or not. */
  positions(owner: string, includePnlInLeverageDisplay: boolean, options?: ReadOptions): ListingView {
    return this.#view(
      VIEW_KEYS.positions(owner, includePnlInLeverageDisplay),
      owner,
      options,
      ({ snapshot, usableMarkets }) => {
        const json = JSON.stringify(positionsByOwner(snapshot, owner, includePnlInLeverageDisplay));
        const pricesUsable = marketPricesUsable(snapshot, openPositionMarkets(snapshot, owner), usableMarkets);
        return { json, message: streamMessage("positions", json), pricesUsable };
      },
    );
  }

  /** The earlier interface's order records of `owner`. */
  orders(owner: string): ListingView {
    return this.#view(VIEW_KEYS.orders(owner), owner, undefined, ({ snapshot }) => {
      const json = JSON.stringify(ordersByOwner(snapshot, owner));
      return { json, message: streamMessage("orders", json), pricesUsable: true };
    });
  }

  /**
   * What is cached now, without computing anything: `owner`'s v2 basket view (`basket`), earlier
   * position listing (`positions`, with PnL in the leverage or not) or order listing (`orders`), when a read already
   * computed it for the current owner accounts, prices, shared accounts and second; else undefined. The service's edge
   * answers a polled owner view from it (src/http/fast-path/edge.ts).
   */
  cachedView(
    view: "basket" | "positions" | "orders",
    owner: string,
    includePnlInLeverageDisplay = false,
  ): { readonly json: string } | undefined {
    if (!this.#unsubscribe.length) return undefined;
    // Checked before any key is built: between two moments (a new second, a price tick) nothing is cached.
    const current = this.#currentMoment(Math.floor(this.clock.nowMs() / 1000));
    return current && this.#cached(VIEW_KEYS[view](owner, includePnlInLeverageDisplay), owner, current);
  }

  /**
   * The current moment (`second`, the current price and shared-account versions), if one was taken. Compared
   * as numbers: a polled owner view's lookup builds no key string for the moment.
   */
  #currentMoment(second: number): Moment | undefined {
    const moment = this.#moment;
    return moment !== undefined && moment.second === second && moment.priceVersion === this.#priceVersion &&
        moment.sharedVersion === this.#sharedVersion
      ? moment
      : undefined;
  }

  /** The entry cached for `key` if it was computed on `current` and its owner's accounts have not changed since. */
  #cached(key: string, owner: string, current: Moment): BasketView | ListingView | undefined {
    const cached = this.#entries.get(key);
    if (cached && cached.moment === current && cached.ownerVersion === (this.#ownerVersions.get(owner) ?? 0)) {
      return cached.view;
    }
    return undefined;
  }

  #view<T extends BasketView | ListingView>(
    key: string,
    owner: string,
    options: ReadOptions | undefined,
    compute: (moment: Moment) => T,
  ): T {
    const nowMs = this.clock.nowMs();
    const second = Math.floor(nowMs / 1000);
    if (!this.#unsubscribe.length) {
      this.#computations++;
      return compute(this.#momentAt(second, nowMs));
    }
    const ownerVersion = this.#ownerVersions.get(owner) ?? 0;
    let current = this.#currentMoment(second);
    const cached = current && this.#cached(key, owner, current);
    if (cached) return cached as T;
    if (current === undefined) {
      // Every entry was computed for another (second, prices, shared accounts). Price and shared versions only move
      // forward, so none can be valid again (a looping replay's clock does go back a whole recording, but the accounts
      // are reset with it, which moves the versions). Dropping them now, rather than when their owner is next read,
      // lets them die young: entries cached a whole second were promoted to V8's old space by the hundred MiB.
      this.#entries.clear();
      this.#moment = current = this.#momentAt(second, nowMs);
    }
    const view = compute(current);
    this.#computations++;
    if (options?.cache === false) return view;
    if (this.#entries.size >= this.maxEntries) this.#entries.clear();
    this.#entries.set(key, { ownerVersion, moment: current, view });
    return view;
  }

  /** A new moment at `nowMs` (in `second`), for the current price and shared-account versions. */
  #momentAt(second: number, nowMs: number): Moment {
    return {
      second,
      priceVersion: this.#priceVersion,
      sharedVersion: this.#sharedVersion,
      snapshot: this.snapshotAt(nowMs),
      usableMarkets: new Map(),
    };
  }

  #onAccountChange({ before, after }: AccountChange): void {
    const ownerOfBefore = walletOwning(before, this.programId, OWNER_KINDS);
    const ownerOfAfter = walletOwning(after, this.programId, OWNER_KINDS);
    if (ownerOfBefore !== undefined) this.#bumpOwner(ownerOfBefore);
    if (ownerOfAfter !== undefined && ownerOfAfter !== ownerOfBefore) this.#bumpOwner(ownerOfAfter);
    const ours = (a: RawAccount | null) => a !== null && a.owner === this.programId;
    if (ownerOfBefore === undefined && ownerOfAfter === undefined && (ours(before) || ours(after))) {
      this.#sharedVersion++;
    }
  }

  #bumpOwner(owner: string): void {
    this.#ownerVersions.set(owner, (this.#ownerVersions.get(owner) ?? 0) + 1);
  }
}
