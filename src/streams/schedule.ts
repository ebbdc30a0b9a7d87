/**
 * When periodic stream messages go out. Connections that asked for the same `updateIntervalMs` share one schedule
 * (one timer). The interval is cut into phases of about PHASE_MS, and each owner belongs to one phase (a hash of
 * the owner), so the work of one interval is spread over it instead of landing in one burst: at 10,000 owners and
 * one second, each 25 ms tick computes and sends about 250 owners' messages. All of an owner's connections with
 * that interval are in the same tick, so the owner's message is computed once per tick.
 *
 * Why small phases: a tick's messages reach the network only once its synchronous work ends (the socket writes are
 * tasks of the same event loop), so every message of a tick waits for the whole tick. With 100 ms phases (1,000
 * owners per tick at 10,000 sockets) `bench:ws` measured p99 tick-to-receive at 140 ms; 25 ms phases cut the wait
 * by four.
 *
 * Ticks are aligned to the wall clock (tick k of phase period p is due at k·p ms since the epoch, phase k mod P), so
 * when a message is due follows from (interval, owner) alone: a load generator can measure tick-to-receive latency
 * without asking the server. A late timer catches up (each missed tick runs once, at most one interval's worth) so
 * no owner silently loses a message; the tick reports its due time so the lateness shows.
 */

/** Default, bounds and clamping of `updateIntervalMs` (DECISIONS 4.3). */
export const UPDATE_INTERVAL = { defaultMs: 1_000, minMs: 100, maxMs: 10_000 } as const;

/** Clamps a requested interval into 100..10000 ms (whole milliseconds; values outside are raised or lowered). */
export function clampUpdateInterval(requested: number): number {
  const whole = Math.floor(requested);
  return Math.min(UPDATE_INTERVAL.maxMs, Math.max(UPDATE_INTERVAL.minMs, whole));
}

/** Target length of one phase: the work of one tick is about (owners of the interval) × PHASE_MS / interval. */
export const PHASE_MS = 25;

/** Number of phases an interval is cut into (at least one). */
export function phasesOf(intervalMs: number): number {
  return Math.max(1, Math.round(intervalMs / PHASE_MS));
}

/** The phase of an owner among `phases` (FNV-1a of the owner text: stable across processes and restarts). */
export function phaseOf(owner: string, phases: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < owner.length; i++) {
    hash ^= owner.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % phases;
}

/** The latest due time ≤ `atMs` of the owner's ticks at this interval (what a message received at `atMs` is for). */
export function dueTimeOf(owner: string, intervalMs: number, atMs: number): number {
  const phases = phasesOf(intervalMs);
  const period = intervalMs / phases;
  const phase = phaseOf(owner, phases);
  let k = Math.floor(atMs / period);
  k -= ((k % phases) - phase + phases) % phases;
  return k * period;
}

/** The timers a schedule runs on (real by default; tests drive their own). */
export interface Timers {
  /** Wall-clock milliseconds since the epoch (fractional). */
  now(): number;
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

export const realTimers: Timers = {
  now: () => performance.timeOrigin + performance.now(),
  // Number(): a timer id under Deno, whatever type the Node typings (pulled in by npm packages) claim.
  setTimeout: (run, ms) => Number(setTimeout(run, ms)),
  clearTimeout: (id) => clearTimeout(id),
};

/** One tick of one schedule, as run. */
export interface Tick {
  intervalMs: number;
  phase: number;
  /** Wall-clock time the tick was due (ms since the epoch). */
  dueAtMs: number;
}

/**
 * The schedule of one interval: members (anything keyed, e.g. an owner's group of connections) by phase, and the
 * timer that visits one phase per tick. It runs while it has members.
 */
export class IntervalSchedule<M> {
  readonly phases: number;
  readonly #period: number;
  readonly #byPhase: Map<string, M>[];
  #size = 0;
  #timer: number | undefined;
  /** Index of the last tick run (k in k·period). */
  #lastTick: number | undefined;

  constructor(
    readonly intervalMs: number,
    private readonly timers: Timers,
    private readonly run: (members: Iterable<M>, tick: Tick) => void,
  ) {
    this.phases = phasesOf(intervalMs);
    this.#period = intervalMs / this.phases;
    this.#byPhase = Array.from({ length: this.phases }, () => new Map());
  }

  get size(): number {
    return this.#size;
  }

  get(owner: string, key: string): M | undefined {
    return this.#byPhase[phaseOf(owner, this.phases)].get(key);
  }

  /** Adds a member under `key` in the owner's phase; the timer starts with the first member. */
  add(owner: string, key: string, member: M): void {
    const phase = this.#byPhase[phaseOf(owner, this.phases)];
    if (!phase.has(key)) this.#size++;
    phase.set(key, member);
    if (this.#timer === undefined) this.#arm();
  }

  /** Removes a member; the timer stops with the last one. */
  delete(owner: string, key: string): void {
    if (this.#byPhase[phaseOf(owner, this.phases)].delete(key)) this.#size--;
    if (this.#size === 0) this.stop();
  }

  stop(): void {
    if (this.#timer !== undefined) this.timers.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#lastTick = undefined;
  }

  #arm(): void {
    const now = this.timers.now();
    const next = this.#lastTick === undefined ? Math.floor(now / this.#period) + 1 : this.#lastTick + 1;
    this.#timer = this.timers.setTimeout(() => this.#fire(), Math.max(0, next * this.#period - now));
  }

  #fire(): void {
    this.#timer = undefined;
    const due = Math.floor(this.timers.now() / this.#period);
    // Catch up on ticks a late timer missed, at most one interval's worth (each phase once).
    const first = this.#lastTick === undefined ? due : Math.max(this.#lastTick + 1, due - this.phases + 1);
    for (let k = first; k <= due; k++) {
      this.#lastTick = k;
      const phase = k % this.phases;
      const members = this.#byPhase[phase];
      if (members.size) this.run(members.values(), { intervalMs: this.intervalMs, phase, dueAtMs: k * this.#period });
    }
    if (this.#size > 0 && this.#timer === undefined) this.#arm();
  }
}
