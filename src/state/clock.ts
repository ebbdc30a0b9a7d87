/** Time source injected everywhere so replay can run on a virtual clock. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  nowMs(): number;
}

/** The wall clock. */
export const systemClock: Clock = { nowMs: () => Date.now() };

/** A clock that only moves when told to; used by replay in `virtual` mode and by tests. */
export class VirtualClock implements Clock {
  #now: number;
  constructor(startMs = 0) {
    this.#now = startMs;
  }
  nowMs(): number {
    return this.#now;
  }
  /** Moves the clock forward by `ms` (negative values are refused). */
  advance(ms: number): number {
    if (!(ms >= 0)) throw new RangeError(`VirtualClock.advance: ms must be >= 0, got ${ms}`);
    this.#now += ms;
    return this.#now;
  }
  /** Sets the clock to `ms`; it never goes backwards. */
  set(ms: number): number {
    if (ms > this.#now) this.#now = ms;
    return this.#now;
  }
}
