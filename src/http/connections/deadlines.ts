/**
 * Deadlines of every open connection, checked by one sweep a quarter second rather than a timer per connection and
 * phase: a request then pays two property writes for its deadlines, not timer calls. The sweep's clock reading is
 * what the phases read too (`now`), so the request path reads no clock either. A deadline is met within a sweep.
 */

export interface Expiring {
  /** When it expires (ms on the sweep's clock); Infinity while it has no deadline. */
  deadlineAt: number;
  expire(): void;
}

export class DeadlineSweep {
  readonly #items = new Set<Expiring>();
  readonly #timer: number;
  #now: number;

  constructor(private readonly clock: () => number = Date.now, intervalMs = 250) {
    this.#now = clock();
    this.#timer = Number(setInterval(() => this.sweep(), intervalMs));
    // The sweep alone does not keep the process alive: the listener does.
    Deno.unrefTimer(this.#timer);
  }

  /** The clock as of the last sweep (at most one interval old). */
  get now(): number {
    return this.#now;
  }

  add(item: Expiring): void {
    this.#items.add(item);
  }

  delete(item: Expiring): void {
    this.#items.delete(item);
  }

  /** Expires what is due (each once: it leaves the sweep first). */
  sweep(): void {
    const now = this.#now = this.clock();
    for (const item of this.#items) {
      if (item.deadlineAt > now) continue;
      this.#items.delete(item);
      item.expire();
    }
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

export interface HttpTimeouts {
  /** From the connection opening to its first request's headers. */
  headersMs: number;
  /** From a request's headers to its answer (the body read included). */
  requestMs: number;
  /** From an answer to the client having taken all of it. */
  writeMs: number;
  /** From the last answer taken to the next request's headers. */
  keepAliveMs: number;
}

export type HttpPhase = "headers" | "request" | "write" | "keepAlive";

/** The deadline of one HTTP connection as its requests come and go. */
export class HttpConnectionDeadline implements Expiring {
  deadlineAt: number;
  phase: HttpPhase = "headers";
  #inFlight = 0;

  constructor(
    private readonly sweep: DeadlineSweep,
    private readonly timeouts: HttpTimeouts,
    private readonly onExpire: (phase: HttpPhase) => void,
  ) {
    this.deadlineAt = sweep.now + timeouts.headersMs;
  }

  requestStarted(): void {
    this.#inFlight++;
    this.phase = "request";
    this.deadlineAt = this.sweep.now + this.timeouts.requestMs;
  }

  answered(): void {
    if (this.phase !== "request") return;
    this.phase = "write";
    this.deadlineAt = this.sweep.now + this.timeouts.writeMs;
  }

  /** The answer was taken, or the request ended without one (the client went away). */
  completed(): void {
    if (--this.#inFlight > 0) return;
    this.#inFlight = 0;
    this.phase = "keepAlive";
    this.deadlineAt = this.sweep.now + this.timeouts.keepAliveMs;
  }

  expire(): void {
    this.onExpire(this.phase);
  }
}
