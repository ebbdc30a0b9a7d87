/**
 * Drives replay chain states (base, ER) and an oracle server from one recording.
 *
 * Both modes run on a ReplayClock (`replay-clock.ts`): the recording's own timeline, which the service computes with
 * (DECISIONS 5.15), so replayed accounts, prices and the clock agree as they did when recorded.
 * - `virtual` mode: nothing moves by itself; `advanceTo(ms)` applies every update, blockhash and oracle frame with
 *   `atMs <= ms` synchronously (WS notifications are sent before it returns) and moves the clock to `origin + ms`.
 * - `realtime` mode: timers replay the timeline at `speed`×; with `loop` the world is reset to its initial accounts at
 *   the end (as updates, so subscribers hear it) and replays again: the clock goes back by the recording's duration,
 *   slots keep increasing (the chains never go back). Without `loop` the clock stops at the recording's end.
 *
 * Oracle timestamps are shifted by (clock origin − meta.startedAtMs): zero unless a test starts a virtual clock
 * elsewhere. A consumer that runs on the wall clock instead (a stand-alone replay served to another process,
 * `oracleTime: "wall"`) gets them mapped to the wall clock, each stamped with the wall time it is published at (at any
 * speed); its accounts stay in the recording's past, so only a consumer on the replay's clock sees the recorded
 * moment's numbers.
 *
 * Across loops, the recorded feed times are published again as they are (`loopedFeedTimes: "repeat"`, default) for a
 * consumer whose clock goes back with the loop (the service in replay mode). A consumer on a clock of its own (another
 * process, served by tools/replay-serve.ts) would take them for older prices and keep its last one (a price store
 * never goes back in time): for it, each loop's feed times come later by the loops played × the duration
 * (`"advance"`), as if the recording were played again right after itself. In wall time they always advance.
 */
import type { Chain } from "../state/types.ts";
import type { Clock, VirtualClock } from "../state/clock.ts";
import type { AccountUpdate, BlockhashRecord, OracleFrame, RecordedAccountData, Recording } from "./format.ts";
import { ReplayChainState } from "./chain-state.ts";
import type { ReplayOracleServer } from "./oracle-server.ts";
import { ReplayClock } from "./replay-clock.ts";
import { sameBytes } from "../state/packed-bytes.ts";

const CHAIN_LIST: readonly Chain[] = ["base", "er"];
const MAX_TIMER_MS = 1000;

type TimelineEvent =
  | { atMs: number; kind: "blockhash"; chain: Chain; record: BlockhashRecord }
  | { atMs: number; kind: "update"; chain: Chain; update: AccountUpdate }
  | { atMs: number; kind: "oracle"; frame: OracleFrame };

export interface ReplayerOptions {
  mode: "virtual" | "realtime";
  /** Virtual mode clock; default a VirtualClock at meta.startedAtMs. */
  clock?: VirtualClock;
  /** Realtime mode: the wall clock the timeline runs on (default: the system clock; tests pass a manual one). */
  wall?: Clock;
  /** Realtime speed factor (2 = twice as fast). Default 1. */
  speed?: number;
  /** Realtime: start again from the initial accounts at the end. */
  loop?: boolean;
  /** Oracle server to publish frames to. */
  oracle?: ReplayOracleServer;
  /** Oracle timestamps as recorded (default), or shifted to the wall clock (realtime mode, wall-clock consumers). */
  oracleTime?: "recorded" | "wall";
  /** Recorded feed times in later loops: the same again (default), or advanced by the loops played (see above). */
  loopedFeedTimes?: "repeat" | "advance";
  /** Chain states to drive (created when not given). */
  base?: ReplayChainState;
  er?: ReplayChainState;
}

function sameData(a: RecordedAccountData | undefined, b: RecordedAccountData | undefined): boolean {
  if (!a || !b) return a === b;
  if (a.owner !== b.owner || a.lamports !== b.lamports || a.executable !== b.executable) return false;
  return sameBytes(a, b);
}

export class Replayer {
  readonly recording: Recording;
  readonly mode: "virtual" | "realtime";
  readonly chains: Record<Chain, ReplayChainState>;
  readonly oracle: ReplayOracleServer | undefined;
  /** The recording's timeline (what the service computes with in replay mode). */
  readonly clock: ReplayClock;
  readonly speed: number;
  readonly loop: boolean;
  readonly oracleTime: "recorded" | "wall";
  readonly loopedFeedTimes: "repeat" | "advance";
  #timeline: TimelineEvent[];
  #next = 0;
  #position = 0;
  #loops = 0;
  #slotSpan: Record<Chain, number>;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running = false;

  constructor(recording: Recording, options: ReplayerOptions) {
    this.recording = recording;
    this.mode = options.mode;
    this.speed = options.speed ?? 1;
    if (!(this.speed > 0)) throw new RangeError("speed must be > 0");
    this.loop = options.loop === true;
    this.oracle = options.oracle;
    this.oracleTime = options.oracleTime ?? "recorded";
    if (this.oracleTime === "wall" && this.mode !== "realtime") throw new Error("oracleTime wall is for realtime mode");
    this.loopedFeedTimes = options.loopedFeedTimes ?? "repeat";
    this.chains = { base: options.base ?? new ReplayChainState("base"), er: options.er ?? new ReplayChainState("er") };
    this.clock = new ReplayClock({
      mode: this.mode,
      originMs: recording.meta.startedAtMs,
      durationMs: recording.meta.durationMs,
      speed: this.speed,
      loop: this.loop,
      virtual: options.clock,
      wall: options.wall,
    });
    this.#timeline = buildTimeline(recording);
    this.#slotSpan = { base: 1, er: 1 };
    for (const chain of CHAIN_LIST) {
      const c = recording.chains[chain];
      const start = recording.meta.chains[chain]?.startSlot ?? 0;
      let max = start;
      for (const u of c.updates) max = Math.max(max, u.slot);
      for (const b of c.blockhashes) max = Math.max(max, b.slot);
      this.#slotSpan[chain] = max - start + 1;
      const meta = recording.meta.chains[chain];
      this.chains[chain].reset(c.initialAccounts, meta?.startSlot ?? 0, meta?.startBlockHeight ?? meta?.startSlot ?? 0);
    }
    this.#applyDue(0);
  }

  /** Recording offset (ms) reached so far. */
  get position(): number {
    return this.#position;
  }

  get durationMs(): number {
    return this.recording.meta.durationMs;
  }

  /** True once every timed event has been applied (and not looping). */
  get finished(): boolean {
    return this.#next >= this.#timeline.length;
  }

  /** Virtual mode: applies everything due up to `ms` (recording offset) and moves the clock there. */
  advanceTo(ms: number): number {
    if (this.mode !== "virtual") throw new Error("advanceTo is for virtual mode");
    if (ms < this.#position) throw new RangeError(`cannot go back from ${this.#position} to ${ms}`);
    this.clock.moveTo(ms);
    return this.#applyDue(ms);
  }

  /** Virtual mode: advanceTo(position + ms). */
  advanceBy(ms: number): number {
    return this.advanceTo(this.#position + ms);
  }

  /** Offset of the next timed event, or undefined when none is left. */
  nextEventAt(): number | undefined {
    return this.#timeline[this.#next]?.atMs;
  }

  #applyDue(ms: number): number {
    let applied = 0;
    while (this.#next < this.#timeline.length && this.#timeline[this.#next].atMs <= ms) {
      this.#apply(this.#timeline[this.#next++]);
      applied++;
    }
    this.#position = Math.max(this.#position, ms);
    return applied;
  }

  #slot(chain: Chain, slot: number): number {
    return slot + this.#loops * this.#slotSpan[chain];
  }

  #apply(e: TimelineEvent): void {
    if (e.kind === "update") {
      this.chains[e.chain].setAccount(e.update.pubkey, e.update.account, this.#slot(e.chain, e.update.slot));
    } else if (e.kind === "blockhash") {
      this.chains[e.chain].setBlockhash({ ...e.record, slot: this.#slot(e.chain, e.record.slot) });
    } else if (this.oracle) {
      const ts = e.frame.timestampUs ?? BigInt(Math.round(this.recording.meta.startedAtMs + e.frame.atMs)) * 1000n;
      const feedTime = this.#feedTimeMapping();
      // The frame's own timestamp keeps increasing across loops, so no frame of a later loop is byte-identical to one
      // of an earlier loop (the SDK would drop it within 10 s), whatever the feed times do.
      const loopUs = this.oracleTime === "recorded" && this.loopedFeedTimes === "repeat"
        ? BigInt(this.#loops * this.durationMs) * 1000n
        : 0n;
      this.oracle.publish({
        atMs: e.frame.atMs,
        feeds: e.frame.feeds.map((f) => ({ ...f, feedUpdateTimestampUs: feedTime(f.feedUpdateTimestampUs) })),
      }, feedTime(ts) + loopUs);
    }
  }

  /** How a recorded timestamp (µs) is published in the current loop (see the module comment). */
  #feedTimeMapping(): (recordedUs: bigint) => bigint {
    const startedAtMs = this.recording.meta.startedAtMs;
    if (this.oracleTime === "wall") {
      // Recording offset → the wall time it is played at: offsets pass `speed` times faster than the wall clock.
      const wallStartUs = this.clock.wallAt(0) * 1000;
      const startUs = startedAtMs * 1000;
      return (recordedUs) => BigInt(Math.round(wallStartUs + (Number(recordedUs) - startUs) / this.speed));
    }
    const loopsMs = this.loopedFeedTimes === "advance" ? this.#loops * this.durationMs : 0;
    const shiftUs = BigInt(Math.round(this.clock.originMs - startedAtMs + loopsMs)) * 1000n;
    return (recordedUs) => recordedUs + shiftUs;
  }

  /** Realtime mode: starts the timers. */
  start(): void {
    if (this.mode !== "realtime") throw new Error("start is for realtime mode");
    if (this.#running) return;
    this.#running = true;
    this.clock.start();
    this.#schedule();
  }

  /** Stops the realtime timers and holds the clock (state stays as it is). */
  stop(): void {
    this.#running = false;
    if (this.mode === "realtime") this.clock.stop();
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #schedule(): void {
    if (!this.#running) return;
    const nextAt = this.#next < this.#timeline.length ? this.#timeline[this.#next].atMs : this.durationMs;
    const wait = Math.max(0, this.clock.wallAt(nextAt) - this.clock.wall.nowMs());
    // Woken at least every second, so a wall clock that jumps (a test's manual one) is followed promptly.
    this.#timer = setTimeout(() => this.#onTimer(), Math.min(wait, MAX_TIMER_MS));
  }

  #onTimer(): void {
    this.#timer = undefined;
    if (!this.#running) return;
    // Several loops may be due at once when the wall clock jumped.
    for (;;) {
      const elapsed = this.clock.positionMs;
      this.#applyDue(elapsed);
      if (!(this.finished && elapsed >= this.durationMs)) break;
      if (!this.loop) {
        // The recording is over: its state stays, and its clock stays at its last moment (DECISIONS 5.15: the
        // numbers shown are the recorded moment's, and there is no later one).
        this.#running = false;
        this.clock.stop(this.durationMs);
        return;
      }
      this.#restartLoop();
    }
    this.#schedule();
  }

  /**
   * Starts the next loop: the clock goes back by the recording's duration, and the initial accounts are re-applied as
   * updates at fresh slots.
   */
  #restartLoop(): void {
    this.#loops++;
    this.#next = 0;
    this.#position = 0;
    this.clock.rewindLoop();
    for (const chain of CHAIN_LIST) {
      const state = this.chains[chain];
      const startSlot = this.#slot(chain, this.recording.meta.chains[chain]?.startSlot ?? 0);
      const initial = this.recording.chains[chain].initialAccounts;
      // Only what the replay changed can differ from the start.
      for (const [key, now] of state.accounts.changes()) {
        const start = initial.get(key);
        if (!sameData(now ?? undefined, start)) state.setAccount(key, start ?? null, startSlot);
      }
      state.setSlot(startSlot);
    }
    this.#applyDue(0);
  }
}

function buildTimeline(rec: Recording): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  // Order within one millisecond: blockhashes, then account updates (base before ER), then oracle frames.
  for (const chain of CHAIN_LIST) {
    for (const record of rec.chains[chain].blockhashes) {
      events.push({ atMs: record.atMs, kind: "blockhash", chain, record });
    }
  }
  for (const chain of CHAIN_LIST) {
    for (const update of rec.chains[chain].updates) events.push({ atMs: update.atMs, kind: "update", chain, update });
  }
  for (const frame of rec.oracle) events.push({ atMs: frame.atMs, kind: "oracle", frame });
  // Stable sort by time keeps the order above for equal times.
  return events.map((e, i) => [e, i] as const).sort((a, b) => a[0].atMs - b[0].atMs || a[1] - b[1]).map((p) => p[0]);
}
