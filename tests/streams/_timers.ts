/** Timers a test moves by hand (src/streams/schedule.ts Timers): time passes only in `advance` and `jump`. */
import type { Timers } from "../../src/streams/schedule.ts";

interface Pending {
  id: number;
  at: number;
  run: () => void;
}

export class ManualTimers implements Timers {
  #now: number;
  #next = 1;
  readonly #pending = new Map<number, Pending>();

  constructor(startMs = 1_700_000_000_000) {
    this.#now = startMs;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(run: () => void, ms: number): number {
    const id = this.#next++;
    this.#pending.set(id, { id, at: this.#now + Math.max(0, ms), run });
    return id;
  }

  clearTimeout(id: number): void {
    this.#pending.delete(id);
  }

  /** Timers waiting to fire. */
  get pending(): number {
    return this.#pending.size;
  }

  /** Moves time forward by `ms`, firing each timer at its due time, in order. */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const due = [...this.#pending.values()].filter((p) => p.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.#pending.delete(due.id);
      this.#now = Math.max(this.#now, due.at);
      due.run();
    }
    this.#now = end;
  }

  /** Moves time forward by `ms` at once, then fires whatever is due (late, as on a busy event loop). */
  jump(ms: number): void {
    this.#now += ms;
    this.advance(0);
  }
}
