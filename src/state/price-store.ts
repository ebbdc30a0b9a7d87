import type { Unsubscribe } from "./types.ts";

/** Lazer market sessions; other strings are passed through unchanged. */
export type MarketSession =
  | "regular"
  | "preMarket"
  | "postMarket"
  | "overNight"
  | "closed"
  | (string & Record<never, never>);

/** Latest price of one oracle feed, in the feed's native units (value = price × 10^exponent). */
export interface PriceEntry {
  feedId: number;
  price: bigint;
  exponent: number;
  confidence: bigint;
  /** Feed update time (µs since epoch): `feedUpdateTimestamp`, else the frame's `timestampUs`. */
  timestampUs: bigint;
  marketSession: MarketSession;
  /** Local clock reading when the frame was received. */
  receivedAtMs: number;
}

export interface PriceChange {
  feedId: number;
  before: PriceEntry | null;
  after: PriceEntry;
}

export type PriceListener = (change: PriceChange) => void;

function samePrice(a: PriceEntry, b: PriceEntry): boolean {
  return a.price === b.price && a.exponent === b.exponent && a.confidence === b.confidence &&
    a.timestampUs === b.timestampUs && a.marketSession === b.marketSession;
}

/**
 * How far (ms) a held update's feed timestamp may run ahead of the receiving clock and still make older updates
 * count as out of order. Beyond it the clock went back (a looping replay starts over) or the feed's clock runs far
 * ahead of ours, and the newer arrival is taken.
 */
export const FUTURE_TOLERANCE_MS = 1_000;

/** Oracle prices by numeric feed id. */
export class PriceStore {
  readonly #prices = new Map<number, PriceEntry>();
  readonly #listeners = new Set<PriceListener>();

  get(feedId: number): PriceEntry | undefined {
    return this.#prices.get(feedId);
  }

  all(): PriceEntry[] {
    return [...this.#prices.values()];
  }

  get size(): number {
    return this.#prices.size;
  }

  /**
   * Stores an update. An update older than the held one (by `timestampUs`) is refused (returns false), unless the held
   * one lies more than FUTURE_TOLERANCE_MS ahead of the new one's `receivedAtMs` (the clock went back: a looping
   * replay). Listeners hear only updates that change something besides `receivedAtMs`.
   */
  set(entry: PriceEntry): boolean {
    const before = this.#prices.get(entry.feedId) ?? null;
    if (
      before && entry.timestampUs < before.timestampUs &&
      before.timestampUs <= BigInt(Math.floor(entry.receivedAtMs + FUTURE_TOLERANCE_MS)) * 1000n
    ) return false;
    this.#prices.set(entry.feedId, entry);
    if (before && samePrice(before, entry)) return true;
    for (const listener of this.#listeners) {
      try {
        listener({ feedId: entry.feedId, before, after: entry });
      } catch (err) {
        console.error("PriceStore listener threw:", err);
      }
    }
    return true;
  }

  /** Shifts every `receivedAtMs` by `byMs` (the service clock jumped by −byMs: ages stay continuous). No events. */
  shiftReadings(byMs: number): void {
    for (const [feedId, entry] of this.#prices) {
      this.#prices.set(feedId, { ...entry, receivedAtMs: entry.receivedAtMs + byMs });
    }
  }

  subscribe(listener: PriceListener): Unsubscribe {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Age of the feed's last update (from its feed timestamp), or undefined when the feed has no price. */
  ageMs(feedId: number, nowMs: number): number | undefined {
    const p = this.#prices.get(feedId);
    if (!p) return undefined;
    return nowMs - Number(p.timestampUs / 1000n);
  }

  /**
   * DECISIONS 5.9: a feed with no update for `maxAgeMs` during a non-`closed` session counts as missing.
   * The age is judged on the feed update timestamp, because Lazer keeps repeating the last price of a feed that stopped
   * updating. A feed in the `closed` session is never stale; a feed never seen is stale.
   */
  isStale(feedId: number, nowMs: number, maxAgeMs: number): boolean {
    const p = this.#prices.get(feedId);
    if (!p) return true;
    if (p.marketSession === "closed") return false;
    return nowMs - Number(p.timestampUs / 1000n) > maxAgeMs;
  }
}
