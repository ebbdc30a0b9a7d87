/**
 * The replay's clock: the recording's own timeline (DECISIONS 5.15). At recording offset p it reads
 * `origin + p`, where the origin is the recording's `startedAtMs`, so every time-dependent figure (borrow accrual,
 * profit delay, sessions, staleness) is the one the recorded moment had.
 *
 * - realtime: p = (wall − wallStart) × speed while running. When a looping replay ends a loop, `rewindLoop()` moves
 *   p back by the recording's duration (the clock jumps back) and tells the listeners first, so the service can
 *   shift what it keeps of earlier readings. A replay that does not loop holds the clock at its end: the last
 *   recorded moment stays on show.
 * - virtual: p moves only when the replayer is driven (`moveTo`); the readings come from a VirtualClock that tests may
 *   hold, and never go back.
 */
import { type Clock, type ReplayPosition, type ServiceClock, systemClock, VirtualClock } from "../state/clock.ts";
import type { Unsubscribe } from "../state/types.ts";

export interface ReplayClockOptions {
  mode: "realtime" | "virtual";
  /** Epoch ms of recording offset 0 (the recording's `startedAtMs`). Virtual mode: the VirtualClock's start. */
  originMs: number;
  durationMs: number;
  /** Realtime speed factor (2 = twice as fast). Default 1. */
  speed?: number;
  loop?: boolean;
  /** Virtual mode: the clock to drive (default: a new one at `originMs`). */
  virtual?: VirtualClock;
  /** Realtime mode: the wall clock the timeline runs on (default: the system clock; tests pass a manual one). */
  wall?: Clock;
}

export class ReplayClock implements ServiceClock {
  readonly mode: "realtime" | "virtual";
  readonly originMs: number;
  readonly durationMs: number;
  readonly speed: number;
  readonly loop: boolean;
  readonly wall: Clock;
  readonly #virtual: VirtualClock | undefined;
  readonly #listeners = new Set<(byMs: number) => void>();
  /** Realtime: wall reading at which the current loop's offset 0 lies; undefined while not running. */
  #wallStart: number | undefined;
  /** Realtime: the offset held while not running. */
  #heldPositionMs = 0;
  #loops = 0;

  constructor(options: ReplayClockOptions) {
    this.mode = options.mode;
    this.durationMs = options.durationMs;
    this.speed = options.speed ?? 1;
    if (!(this.speed > 0)) throw new RangeError("speed must be > 0");
    this.loop = options.loop === true;
    this.wall = options.wall ?? systemClock;
    if (this.mode === "virtual") {
      this.#virtual = options.virtual ?? new VirtualClock(options.originMs);
      this.originMs = this.#virtual.nowMs();
    } else {
      this.originMs = options.originMs;
    }
  }

  /** The VirtualClock behind a virtual replay (undefined in realtime mode). */
  get virtual(): VirtualClock | undefined {
    return this.#virtual;
  }

  /** Offset into the recording (ms, fractional in realtime mode). */
  get positionMs(): number {
    if (this.#virtual) return this.#virtual.nowMs() - this.originMs;
    if (this.#wallStart === undefined) return this.#heldPositionMs;
    return (this.wall.nowMs() - this.#wallStart) * this.speed;
  }

  get running(): boolean {
    return this.#wallStart !== undefined;
  }

  get loops(): number {
    return this.#loops;
  }

  nowMs(): number {
    if (this.#virtual) return this.#virtual.nowMs();
    return this.originMs + Math.floor(this.positionMs);
  }

  /** Realtime: wall reading at which recording offset `positionMs` of the current loop falls. */
  wallAt(positionMs: number): number {
    const start = this.#wallStart ?? this.wall.nowMs() - this.#heldPositionMs / this.speed;
    return start + positionMs / this.speed;
  }

  /** Virtual mode: moves to offset `positionMs` (never back). */
  moveTo(positionMs: number): void {
    if (!this.#virtual) throw new Error("moveTo is for virtual mode");
    this.#virtual.set(this.originMs + positionMs);
  }

  /** Realtime mode: starts (or resumes) the timeline at the held offset. */
  start(): void {
    if (this.#virtual) throw new Error("start is for realtime mode");
    if (this.#wallStart !== undefined) return;
    this.#wallStart = this.wall.nowMs() - this.#heldPositionMs / this.speed;
  }

  /** Realtime mode: holds the timeline where it is, or at `atPositionMs` when given (the end of a recording). */
  stop(atPositionMs?: number): void {
    if (this.#wallStart === undefined && atPositionMs === undefined) return;
    this.#heldPositionMs = atPositionMs ?? this.positionMs;
    this.#wallStart = undefined;
  }

  /** Realtime mode: a loop ended; the offset goes back by the recording's duration (listeners hear it first). */
  rewindLoop(): void {
    if (this.#virtual) throw new Error("a virtual replay does not loop");
    this.#loops++;
    for (const listener of this.#listeners) {
      try {
        listener(this.durationMs);
      } catch (err) {
        console.error("ReplayClock rewind listener threw:", err);
      }
    }
    if (this.#wallStart === undefined) this.#heldPositionMs -= this.durationMs;
    else this.#wallStart += this.durationMs / this.speed;
  }

  rewinds(): number {
    return this.#loops;
  }

  /** Where the replay stands, at `atMs` (a reading of `nowMs()`, whose offset it is) or now. */
  replayPosition(atMs?: number): ReplayPosition {
    return {
      mode: this.mode,
      // Whole milliseconds either way: a virtual clock may be driven by fractions (the contract's offset is an integer).
      positionMs: Math.floor(atMs === undefined ? this.positionMs : atMs - this.originMs),
      durationMs: this.durationMs,
      speed: this.#virtual ? 0 : this.speed,
      loop: this.loop,
      loops: this.#loops,
    };
  }

  onRewind(listener: (byMs: number) => void): Unsubscribe {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }
}
