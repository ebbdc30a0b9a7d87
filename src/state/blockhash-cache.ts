import type { Chain, Unsubscribe } from "./types.ts";

/** DECISIONS 5.5: a cached blockhash older than this is unusable. */
export const BLOCKHASH_MAX_AGE_MS = 60_000;

export interface BlockhashEntry {
  blockhash: string;
  lastValidBlockHeight: number;
  /** Clock reading when it was fetched. */
  fetchedAtMs: number;
}

/** Returned (never thrown) by `BlockhashCache.current` when no usable blockhash is cached. */
export class BlockhashUnavailable {
  readonly code = "BLOCKHASH_UNAVAILABLE" as const;
  constructor(
    readonly chain: Chain,
    readonly reason: "never-fetched" | "stale",
    /** Age of the cached entry when `stale`. */
    readonly ageMs?: number,
  ) {}
  get message(): string {
    return this.reason === "never-fetched"
      ? `no ${this.chain} blockhash fetched yet`
      : `${this.chain} blockhash is ${this.ageMs} ms old`;
  }
}

/** One cached blockhash for one chain, refreshed by the chain source (about every 2 s). */
export class BlockhashCache {
  #entry: BlockhashEntry | undefined;
  readonly #listeners = new Set<(entry: BlockhashEntry) => void>();

  constructor(readonly chain: Chain, readonly maxAgeMs: number = BLOCKHASH_MAX_AGE_MS) {}

  set(entry: BlockhashEntry): void {
    this.#entry = entry;
    for (const listener of this.#listeners) {
      try {
        listener(entry);
      } catch (err) {
        console.error("BlockhashCache listener threw:", err);
      }
    }
  }

  /** Shifts the entry's `fetchedAtMs` by `byMs` (the service clock jumped by −byMs: its age stays continuous). */
  shiftReadings(byMs: number): void {
    if (this.#entry) this.#entry = { ...this.#entry, fetchedAtMs: this.#entry.fetchedAtMs + byMs };
  }

  /** The last fetched entry regardless of age. */
  latest(): BlockhashEntry | undefined {
    return this.#entry;
  }

  /** The cached blockhash when fresh, else a `BlockhashUnavailable` value. */
  current(nowMs: number): BlockhashEntry | BlockhashUnavailable {
    const e = this.#entry;
    if (!e) return new BlockhashUnavailable(this.chain, "never-fetched");
    const age = nowMs - e.fetchedAtMs;
    if (age > this.maxAgeMs) return new BlockhashUnavailable(this.chain, "stale", age);
    return e;
  }

  subscribe(listener: (entry: BlockhashEntry) => void): Unsubscribe {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }
}

/** The pair of caches the service keeps. */
export type BlockhashCaches = Record<Chain, BlockhashCache>;

export function createBlockhashCaches(maxAgeMs: number = BLOCKHASH_MAX_AGE_MS): BlockhashCaches {
  return { base: new BlockhashCache("base", maxAgeMs), er: new BlockhashCache("er", maxAgeMs) };
}
