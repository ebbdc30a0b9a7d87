/**
 * The lifecycle manager of one WebSocket stream (the v2 basket stream, the earlier owner stream). It owns everything
 * stateful about the sockets so a stream file only says what to send (src/streams/v2-basket.ts, earlier-owner.ts):
 *
 * - admission: a connection slot per socket from the shared limits (5 per owner, 10,000 in all; memory or Redis),
 *   taken before the upgrade so a refusal is an HTTP answer (429 WS_OWNER_LIMIT, 503 WS_GLOBAL_LIMIT), and held
 *   only by a socket that opens (`OPEN_DEADLINE_MS`) and until it closes;
 * - one close path per socket, whoever closes it (client, liveness, slow consumer, shutdown): it releases the slot,
 *   leaves the schedules and the owner index, and moves the `ws_connections` gauge, exactly once;
 * - fan-out: periodic messages per interval schedule (src/streams/schedule.ts: one timer per interval, owners spread
 *   over its phases), computed once per (owner, variant) and tick and sent as the same text to each of the owner's
 *   sockets; change messages driven by the account store's notifications (one subscription for the whole stream),
 *   coalesced per owner and sent after the notifying write has been seen by every listener (a microtask later, so
 *   the owner view cache has moved past the old bytes);
 * - slow consumers: a socket whose unsent bytes exceed `maxBufferedBytes` is closed with 1008 instead of queueing
 *   more (memory stays bounded whatever a client does);
 * - shutdown: `stop()` closes every socket with 1001 (going away).
 *
 * Liveness (ping, pong) is the socket's own: the connection layer's pings (src/http/connections/websocket.ts), or
 * Deno's (`idleTimeoutSeconds`) when the app is served by plain `Deno.serve`. Messages from the client are ignored.
 */
import type { AccountChange } from "../state/account-store.ts";
import type { Unsubscribe } from "../state/types.ts";
import type { ConnectionLimitStore, ConnectionSlot, SlotRefusal } from "../limits/mod.ts";
import { type WalletOwnedKind, walletOwning } from "../protocol/accounts/owner-wallet.ts";
import { IntervalSchedule, realTimers, type Tick, type Timers } from "./schedule.ts";

export type StreamName = "v2" | "earlier";

/** What the hub needs of a server WebSocket (Deno's `WebSocket` is one). */
export interface StreamSocket {
  readonly readyState: number;
  /** Bytes handed to `send` and not yet written to the network. */
  readonly bufferedAmount: number;
  send(text: string): void;
  close(code?: number, reason?: string): void;
}

/** What one stream sends. Messages are JSON text, built once and shared by every socket they go to. */
export interface StreamDefinition<P> {
  readonly name: StreamName;
  /** Sockets of one owner whose parameters have the same variant receive the same periodic messages. */
  variant(params: P): string;
  /** Sent right after the upgrade, in order. */
  opening(owner: string, params: P): string[];
  /** The periodic message of (owner, variant) for this tick; undefined sends nothing (nothing to say, or paused). */
  periodic(owner: string, params: P): string | undefined;
  /** Owners whose sockets an account change concerns (must be cheap: every change of the store is offered). */
  ownersChangedBy(change: AccountChange): Iterable<string>;
  /** The message an owner's sockets receive after a change concerning them; undefined sends nothing. */
  changed(owner: string): string | undefined;
}

/** The owner wallets (one, or two when the account moved) of a change to an account of `programId` of `kinds`. */
export function walletsChangedBy(
  { before, after }: AccountChange,
  programId: string,
  kinds: readonly WalletOwnedKind[],
): string[] {
  const was = walletOwning(before, programId, kinds);
  const is = walletOwning(after, programId, kinds);
  return was === undefined ? (is === undefined ? [] : [is]) : is === undefined || is === was ? [was] : [was, is];
}

/** Close codes the hub uses (RFC 6455 §7.4.1). */
export const CLOSE = {
  goingAway: 1001,
  policyViolation: 1008,
} as const;

export interface HubOptions {
  limits: ConnectionLimitStore;
  /** The `ws_connections` gauge (ServiceMetrics). */
  metrics: { wsOpened(stream: StreamName): void; wsClosed(stream: StreamName): void };
  /** Change notifications of the account store. */
  accounts: { subscribe(listener: (change: AccountChange) => void): Unsubscribe };
  /** Unsent bytes above which a socket counts as a slow consumer and is closed. */
  maxBufferedBytes: number;
  timers?: Timers;
  /** Called after each tick (benchmarks and metrics). */
  onTick?: (report: TickReport) => void;
}

export interface TickReport extends Tick {
  stream: StreamName;
  /** Wall-clock time the tick's work started and ended. */
  startedAtMs: number;
  endedAtMs: number;
  /** (owner, variant) groups visited, messages computed (not paused), socket sends. */
  groups: number;
  messages: number;
  sends: number;
}

/** Events of one admitted socket, wired to the WebSocket by the route handler. */
export interface ConnectionEvents {
  /** The socket is open: it joins the stream and gets its opening messages. */
  opened(socket: StreamSocket): void;
  /** The socket closed or failed (any reason, any number of calls). */
  closed(): void;
}

export type Admission<P> =
  | { ok: false; code: SlotRefusal }
  | {
    ok: true;
    /** The events of the socket this admission is for. */
    connect(this: void, params: P, intervalMs: number): ConnectionEvents;
    /** Gives the slot back when the upgrade did not happen. */
    release(this: void): Promise<void>;
  };

interface Connection<P> {
  readonly owner: string;
  readonly params: P;
  readonly intervalMs: number;
  readonly socket: StreamSocket;
  readonly slot: ConnectionSlot;
  closed: boolean;
}

/** Sockets of one owner with one variant and interval: they receive the same periodic message. */
interface Group<P> {
  owner: string;
  params: P;
  members: Set<Connection<P>>;
}

const OPEN = 1;

/**
 * How long an admitted socket may take to open after its 101 is answered before its slot is given back. The switch
 * itself takes microseconds; the margin is for a busy event loop (10,000 sockets opening at once).
 */
export const OPEN_DEADLINE_MS = 1500;

/**
 * The `idleTimeout` (seconds) to upgrade with so that a silent client is closed `pongTimeoutMs` after an unanswered
 * ping. Deno's server socket is the one pinging (JavaScript cannot send a ping frame on it): after idleTimeout/2
 * without a frame from the client it sends a ping, and closes the socket (1001) when another idleTimeout/2 passes with
 * no pong. The two halves are equal, so the pong deadline fixes the ping delay too: with the documents' 10 s pong
 * deadline a silent client is pinged every 10 s (more often than their "every 30 s", never less often).
 */
export function idleTimeoutSeconds(pongTimeoutMs: number): number {
  return (2 * pongTimeoutMs) / 1000;
}

export class StreamHub<P> {
  readonly #byOwner = new Map<string, Set<Connection<P>>>();
  readonly #schedules = new Map<number, IntervalSchedule<Group<P>>>();
  readonly #pendingChanges = new Set<string>();
  readonly #timers: Timers;
  #unsubscribe: Unsubscribe | undefined;
  #stopped = false;
  #open = 0;

  constructor(readonly definition: StreamDefinition<P>, private readonly options: HubOptions) {
    this.#timers = options.timers ?? realTimers;
  }

  get name(): StreamName {
    return this.definition.name;
  }

  /** Open sockets of this stream in this process. */
  get openCount(): number {
    return this.#open;
  }

  /** The intervals (ms) that have a schedule, i.e. at least one open socket: what sockets actually run at. */
  get intervalsInUse(): number[] {
    return [...this.#schedules.keys()].sort((a, b) => a - b);
  }

  /** Starts listening to account changes (before that, only opening and periodic messages flow). */
  start(): void {
    this.#stopped = false;
    this.#unsubscribe ??= this.options.accounts.subscribe((change) => this.#onAccountChange(change));
  }

  /** Closes every socket with 1001 and stops the timers; sockets admitted later are closed as they open. */
  stop(): void {
    this.#stopped = true;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    for (const connections of [...this.#byOwner.values()]) {
      for (const connection of [...connections]) this.#close(connection, CLOSE.goingAway, "server shutting down");
    }
    for (const schedule of this.#schedules.values()) schedule.stop();
    this.#schedules.clear();
  }

  /** Takes a connection slot for one socket of `owner`, or says which limit refuses it. Never throws. */
  async admit(owner: string): Promise<Admission<P>> {
    const result = await this.options.limits.acquire(owner);
    if (!result.ok) return result;
    const slot = result.slot;
    return {
      ok: true,
      release: () => slot.release(),
      connect: (params, intervalMs) => {
        let connection: Connection<P> | undefined;
        let ended = false;
        // A peer that resets the connection before the switch gets no socket and no event (Deno's upgrade and the
        // `ws` package's alike): its slot is given back once the switch is overdue, whatever the peer did.
        const overdue = this.#timers.setTimeout(() => {
          if (connection || ended) return;
          ended = true;
          void slot.release();
        }, OPEN_DEADLINE_MS);
        return {
          opened: (socket) => {
            if (connection) return;
            if (ended) return socket.close(CLOSE.policyViolation, "handshake not completed in time");
            this.#timers.clearTimeout(overdue);
            connection = { owner, params, intervalMs, socket, slot, closed: false };
            this.#join(connection);
          },
          closed: () => {
            if (ended) return;
            ended = true;
            this.#timers.clearTimeout(overdue);
            if (connection) this.#close(connection);
            else void slot.release();
          },
        };
      },
    };
  }

  #join(connection: Connection<P>): void {
    this.#open++;
    this.options.metrics.wsOpened(this.name);
    if (this.#stopped) return this.#close(connection, CLOSE.goingAway, "server shutting down");
    let sockets = this.#byOwner.get(connection.owner);
    if (!sockets) this.#byOwner.set(connection.owner, sockets = new Set());
    sockets.add(connection);
    const schedule = this.#scheduleOf(connection.intervalMs);
    const key = `${connection.owner}\u0000${this.definition.variant(connection.params)}`;
    let group = schedule.get(connection.owner, key);
    if (!group) {
      schedule.add(
        connection.owner,
        key,
        group = { owner: connection.owner, params: connection.params, members: new Set() },
      );
    }
    group.members.add(connection);
    for (const message of this.definition.opening(connection.owner, connection.params)) {
      if (!this.#send(connection, message)) break;
    }
  }

  /** The single close path: leaves everything once; with a code, the server is the one closing the socket. */
  #close(connection: Connection<P>, code?: number, reason?: string): void {
    if (connection.closed) return;
    connection.closed = true;
    this.#open--;
    const sockets = this.#byOwner.get(connection.owner);
    sockets?.delete(connection);
    if (sockets?.size === 0) this.#byOwner.delete(connection.owner);
    const schedule = this.#schedules.get(connection.intervalMs);
    const key = `${connection.owner}\u0000${this.definition.variant(connection.params)}`;
    const group = schedule?.get(connection.owner, key);
    group?.members.delete(connection);
    if (schedule && group && group.members.size === 0) {
      schedule.delete(connection.owner, key);
      if (schedule.size === 0) this.#schedules.delete(connection.intervalMs);
    }
    this.options.metrics.wsClosed(this.name);
    void connection.slot.release();
    if (code !== undefined && connection.socket.readyState === OPEN) {
      try {
        connection.socket.close(code, reason);
      } catch {
        // Already closing: the slot and the gauge are settled either way.
      }
    }
  }

  /** Sends one message, or closes a slow or broken consumer. Returns whether the socket is still in the stream. */
  #send(connection: Connection<P>, text: string): boolean {
    if (connection.closed) return false;
    const socket = connection.socket;
    if (socket.readyState !== OPEN) return true;
    if (socket.bufferedAmount > this.options.maxBufferedBytes) {
      this.#close(connection, CLOSE.policyViolation, "slow consumer: too many unsent bytes");
      return false;
    }
    try {
      socket.send(text);
      return true;
    } catch {
      this.#close(connection);
      return false;
    }
  }

  #scheduleOf(intervalMs: number): IntervalSchedule<Group<P>> {
    let schedule = this.#schedules.get(intervalMs);
    if (!schedule) {
      schedule = new IntervalSchedule(intervalMs, this.#timers, (groups, tick) => this.#tick(groups, tick));
      this.#schedules.set(intervalMs, schedule);
    }
    return schedule;
  }

  #tick(groups: Iterable<Group<P>>, tick: Tick): void {
    const startedAtMs = this.#timers.now();
    let visited = 0, messages = 0, sends = 0;
    for (const group of [...groups]) {
      visited++;
      const message = this.definition.periodic(group.owner, group.params);
      if (message === undefined) continue;
      messages++;
      for (const connection of [...group.members]) if (this.#send(connection, message)) sends++;
    }
    this.options.onTick?.({
      ...tick,
      stream: this.name,
      startedAtMs,
      endedAtMs: this.#timers.now(),
      groups: visited,
      messages,
      sends,
    });
  }

  #onAccountChange(change: AccountChange): void {
    for (const owner of this.definition.ownersChangedBy(change)) {
      if (!this.#byOwner.has(owner)) continue;
      if (this.#pendingChanges.size === 0) queueMicrotask(() => this.#flushChanges());
      this.#pendingChanges.add(owner);
    }
  }

  #flushChanges(): void {
    const owners = [...this.#pendingChanges];
    this.#pendingChanges.clear();
    for (const owner of owners) {
      const sockets = this.#byOwner.get(owner);
      if (!sockets) continue;
      const message = this.definition.changed(owner);
      if (message === undefined) continue;
      for (const connection of [...sockets]) this.#send(connection, message);
    }
  }
}
