/**
 * The pure quotes' answers, cached by request for one moment of the state (src/http/fast-path/answer-cache.ts). A
 * preview or a preview-only builder computes on its request, the accounts, the prices and the clock; a trading screen
 * polls the same quote while its user decides, so the same request is answered many times between two changes of the
 * state.
 *
 * A moment lasts while no account changes (any account of the store: a quote may read the pools, custodies, markets
 * and the owner's basket or position), no price changes, and the clock stays in the same second: the same granularity
 * as the owner views (owner-view-cache.ts), whose borrow fees accrue by the second. An answer is cached only for the
 * moment that was current before it was computed and still is after, so a change that lands in between is never
 * hidden. When the moment moves on, every cached answer is dropped at the next `cache` (none can be valid again: the
 * change counter only moves forward), so memory holds one moment's answers, at most `maxEntries` of them, each key at
 * most `longestKey` characters of URL and body.
 *
 * Before `start()` (and after `stop()`) nothing tells the cache of changes, so nothing is cached and every request is
 * computed.
 */
import type { AnswerCache, CachedAnswer, StateStamp } from "../http/fast-path/answer-cache.ts";
import type { AccountStore } from "../state/account-store.ts";
import type { Clock } from "../state/clock.ts";
import type { PriceStore } from "../state/price-store.ts";
import type { Unsubscribe } from "../state/types.ts";

/** Answers cached for one moment (a bound on memory far above the distinct quotes polled within one second). */
export const MAX_CACHED_QUOTES = 2048;
/** Longer keys (URL and body) are computed every time: a cached key should stay small. */
export const LONGEST_CACHED_KEY = 4096;

interface Moment {
  readonly changes: number;
  readonly second: number;
}

export class QuoteAnswerCache implements AnswerCache {
  /** Target (`METHOD url`) → body text → answer, all of the moment `#cachedFor`. */
  readonly #answers = new Map<string, Map<string, CachedAnswer>>();
  #size = 0;
  /** The moment the cached answers belong to. */
  #cachedFor: Moment | undefined;
  #current: Moment = { changes: 0, second: NaN };
  #changes = 0;
  #unsubscribe: Unsubscribe[] = [];
  #hits = 0;
  #cached = 0;

  constructor(
    private readonly accounts: AccountStore,
    private readonly prices: PriceStore,
    private readonly clock: Clock,
    private readonly maxEntries = MAX_CACHED_QUOTES,
    private readonly longestKey = LONGEST_CACHED_KEY,
  ) {}

  /** Requests answered from a cached answer so far. */
  get hits(): number {
    return this.#hits;
  }

  /** Answers cached so far (each one computed once, then answered from memory until its moment passed). */
  get cached(): number {
    return this.#cached;
  }

  start(): void {
    if (this.#unsubscribe.length) return;
    const changed = () => this.#changes++;
    this.#unsubscribe = [this.accounts.subscribe(changed), this.prices.subscribe(changed)];
  }

  stop(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#unsubscribe = [];
    this.#drop(undefined);
  }

  stamp(): StateStamp | undefined {
    if (!this.#unsubscribe.length) return undefined;
    const second = Math.floor(this.clock.nowMs() / 1000);
    const current = this.#current;
    // The same object while the moment lasts, so a stamp is compared by identity.
    if (current.second !== second || current.changes !== this.#changes) {
      this.#current = { changes: this.#changes, second };
    }
    return this.#current;
  }

  caches(target: string, stamp: StateStamp): boolean {
    return stamp === this.#cachedFor && this.#answers.has(target);
  }

  find(target: string, body: string, stamp: StateStamp): CachedAnswer | undefined {
    if (stamp !== this.#cachedFor) return undefined;
    const answer = this.#answers.get(target)?.get(body);
    if (answer !== undefined) this.#hits++;
    return answer;
  }

  cache(target: string, body: string, answer: CachedAnswer, stamp: StateStamp): void {
    if (target.length + body.length > this.longestKey || stamp !== this.stamp()) return;
    if (this.#cachedFor !== stamp) this.#drop(stamp as Moment);
    let bodies = this.#answers.get(target);
    if (bodies?.has(body) !== true) {
      if (this.#size >= this.maxEntries) {
        this.#drop(stamp as Moment);
        bodies = undefined;
      }
      this.#size++;
    }
    if (bodies === undefined) this.#answers.set(target, bodies = new Map());
    bodies.set(body, answer);
    this.#cached++;
  }

  /** Drops every cached answer; what is cached next belongs to `moment`. */
  #drop(moment: Moment | undefined): void {
    this.#answers.clear();
    this.#size = 0;
    this.#cachedFor = moment;
  }
}
