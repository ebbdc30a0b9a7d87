import type { Unsubscribe } from "./types.ts";

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

/** Where a replay stands on its recording; health reports it so any figure can be recomputed at the same instant. */
export interface ReplayPosition {
  /** `realtime`: the recording plays on timers at `speed`; `virtual`: it moves only when driven (tests). */
  mode: "realtime" | "virtual";
  /** Offset into the recording, ms (`durationMs` once a recording that does not loop has ended). */
  positionMs: number;
  durationMs: number;
  /** Recording milliseconds per wall millisecond; 0 in virtual mode (time moves only when driven). */
  speed: number;
  loop: boolean;
  /** Loops completed so far (each one took the clock back by `durationMs`). */
  loops: number;
}

/**
 * The clock the service computes with: the wall clock in live mode, the replay's clock in replay mode (DECISIONS
 * 5.15: the recording's timeline). A replay that loops takes it back by the recording's duration; whatever keeps
 * readings of this clock (ingest status, blockhash and price receipt times) shifts them by the same amount when told,
 * so ages stay continuous across a loop.
 */
export interface ServiceClock extends Clock {
  /**
   * Replay mode: where the replay stands; undefined in live mode. At `atMs`, a reading of `nowMs()` (default: a fresh
   * one), its offset is that reading's, so a body giving both tells one instant, whatever the wall clock did between
   * the two calls. It moves only with `nowMs()` or a rewind: between two equal readings of both `nowMs()` and
   * `rewinds()`, it is the same (what a health answer is cached by).
   */
  replayPosition(atMs?: number): ReplayPosition | undefined;
  /** How many times the clock has jumped back so far (a looping replay's loops; 0 for a clock that never does). */
  rewinds(): number;
  /** Registers a listener called with the size of each backward jump (ms, > 0), before any later reading. */
  onRewind(listener: (byMs: number) => void): Unsubscribe;
}

/** A clock that never jumps back, as a ServiceClock (live mode: the wall clock, or a test's clock). */
export function liveClock(clock: Clock = systemClock): ServiceClock {
  return { nowMs: () => clock.nowMs(), replayPosition: () => undefined, rewinds: () => 0, onRewind: () => () => {} };
}
