/**
 * Live chain ingestion over `@solana/web3.js`: full load + subscriptions + blockhash polling for one chain.
 *
 * Lifecycle (one "session" at a time):
 *   1. new Connection (HTTP through an abortable fetch; the WebSocket's automatic reconnect turned off);
 *   2. subscribe (slot, one programSubscribe per program × discriminator, accountSubscribe per extra account) and
 *      wait until the socket is open and every subscription is acknowledged;
 *   3. full reload (getProgramAccounts with memcmp filters, one kind at a time, each account applied as its answer
 *      arrives; or, for numerous kinds with `bulkLoad: "batches"`, a key listing and getMultipleAccounts in batches of
 *      100) applied with slot ordering, so a notification newer than the load is never overwritten, and keys gone
 *      from the chain are removed;
 *   4. steady state: notifications are written as they come, and independent periodic tasks run over HTTP: the
 *      existence check of held accounts (every `existenceCheckIntervalMs`: closes, which programSubscribe never
 *      reports, disappear within seconds), the full reload (every `reloadIntervalMs`, or when asked) and the socket
 *      watchdog (a socket silent for `wsSilenceTimeoutMs` while the chain's HTTP slot moved on is dead).
 * A failure while connecting (steps 1–3), a socket close or error, or the watchdog ends the session: the Connection is
 * disposed, and after an exponential backoff a new session starts at step 1, so nothing missed while disconnected is
 * lost. A failed periodic task in steady state only counts an error: the socket still delivers every change, the
 * cached blockhash ages (DECISIONS 5.5) and the task runs again at its next period (a failed reload at the next
 * blockhash period). Every upstream call has a time limit (`requestTimeoutMs`, `subscribeTimeoutMs`). Errors are
 * counted once each in the status, never thrown; the store keeps serving its last state meanwhile.
 *
 * The blockhash is refreshed over HTTP every `blockhashIntervalMs` from `start()` to `stop()`, sessions or not: builders
 * need only the RPC's HTTP side, so a WebSocket that cannot connect does not age the blockhash into refusals.
 *
 * This file holds the lifecycle (sessions, backoff, error counting); each job lives in a file of its own:
 * `chain-session.ts` (steps 1–2), `full-load.ts` (step 3), `periodic-tasks.ts` (step 4 and the blockhash) and
 * `account-writer.ts` (every write to the store and the status figures that follow it).
 */
import type { Commitment } from "@solana/web3.js";
import type { AccountStore } from "../state/account-store.ts";
import { type Clock, systemClock } from "../state/clock.ts";
import type { Chain } from "../state/types.ts";
import type { ChainIngestStatus } from "./status.ts";
import { disposeConnection } from "./web3-internals.ts";
import { abortableSleep, errorMessage, raceSignal } from "./util.ts";
import { ExistenceCheck } from "./existence-check.ts";
import type { ChainSourceConfig, ChainSourceDeps, ChainState } from "./chain-source-config.ts";
import { AccountWriter } from "./account-writer.ts";
import { connect, subscribeAll } from "./chain-session.ts";
import { discriminatorBytes, filterSetsOf, FullLoader } from "./full-load.ts";
import { BlockhashRefresh, checkExistence, ReloadRequest, runSteadyState, SocketLiveness } from "./periodic-tasks.ts";

export class ChainSource {
  readonly config: ChainSourceConfig;
  readonly chain: Chain;
  readonly #store: AccountStore;
  readonly #status: ChainIngestStatus;
  readonly #clock: Clock;
  readonly #onError?: (message: string) => void;
  #initialState: (() => ChainState) | undefined;
  readonly #stop = new AbortController();
  readonly #discriminators: Uint8Array[];
  readonly #existence: ExistenceCheck;
  readonly #writer: AccountWriter;
  readonly #loader: FullLoader;
  readonly #blockhash: BlockhashRefresh;
  readonly #reloadRequest = new ReloadRequest();
  readonly #socket = new SocketLiveness();
  /** Errors already counted, so a failure that ends the session is not counted again. */
  readonly #counted = new WeakSet<object>();
  #loop: Promise<void> | undefined;
  #sessions = 0;
  #firstLoadResolve!: () => void;
  readonly #firstLoad: Promise<void>;

  constructor(config: ChainSourceConfig, deps: ChainSourceDeps) {
    this.config = config;
    this.chain = config.chain;
    this.#store = deps.store;
    this.#status = deps.status;
    this.#clock = deps.clock ?? systemClock;
    this.#onError = deps.onError;
    this.#initialState = deps.initialState;
    this.#discriminators = (config.discriminatorFilters ?? []).map(discriminatorBytes);
    for (const d of this.#discriminators) if (d.length !== 8) throw new RangeError("discriminators are 8 bytes");
    this.#firstLoad = new Promise((r) => this.#firstLoadResolve = r);
    this.#existence = new ExistenceCheck({
      chain: config.chain,
      store: deps.store,
      programIds: config.programIds,
      extraAccounts: new Set(config.extraAccounts ?? []),
      maxKeysPerRun: config.existenceCheckMaxKeys,
      concurrency: config.batchConcurrency,
    });
    const error = (where: string, err: unknown) => this.#error(where, err);
    this.#writer = new AccountWriter({
      chain: config.chain,
      store: deps.store,
      status: deps.status,
      clock: this.#clock,
      shareData: deps.shareData,
    });
    this.#loader = new FullLoader({
      config,
      discriminators: this.#discriminators,
      store: deps.store,
      writer: this.#writer,
      error,
    });
    this.#blockhash = new BlockhashRefresh({
      config,
      chain: config.chain,
      store: deps.store,
      blockhash: deps.blockhash,
      status: deps.status,
      clock: this.#clock,
      writer: this.#writer,
      error,
    });
  }

  get status(): ChainIngestStatus {
    return this.#status;
  }

  /** Starts the background loop (idempotent). */
  start(): void {
    if (this.#loop || this.#stop.signal.aborted) return;
    this.#loop = Promise.all([this.#run(), this.#blockhash.every(this.#stop.signal)]).then(() => {});
  }

  /** Resolves after the first completed full reload. */
  firstLoad(): Promise<void> {
    return this.#firstLoad;
  }

  /** Asks for a full reload at the next poll. */
  requestReload(): void {
    this.#reloadRequest.request();
  }

  /** Stops everything (aborts requests, closes the socket, clears timers). The store is left as it is. */
  async stop(): Promise<void> {
    this.#stop.abort(new Error("stopped"));
    this.#reloadRequest.wake();
    await this.#loop;
    this.#status.connected = false;
  }

  /** Counts one upstream error (once per error object) and reports it. */
  #error(where: string, err: unknown): void {
    if (this.#stop.signal.aborted) return;
    if (err !== null && typeof err === "object") {
      if (this.#counted.has(err)) return;
      this.#counted.add(err);
    }
    this.#status.errors++;
    const msg = `${this.chain} ${where}: ${errorMessage(err)}`;
    this.#status.lastError = msg;
    this.#onError?.(msg);
  }

  async #run(): Promise<void> {
    const initial = this.config.backoffInitialMs ?? 250;
    const max = this.config.backoffMaxMs ?? 30_000;
    let backoff = initial;
    while (!this.#stop.signal.aborted) {
      let reachedSteadyState = false;
      try {
        await this.#session(() => {
          reachedSteadyState = true;
          backoff = initial;
        });
      } catch (err) {
        this.#error("session", err);
      }
      this.#status.connected = false;
      if (this.#stop.signal.aborted) break;
      const delay = reachedSteadyState ? initial : backoff;
      backoff = Math.min(max, backoff * 2);
      await abortableSleep(delay * (0.9 + Math.random() * 0.2), this.#stop.signal).catch(() => {});
    }
  }

  /**
   * One session: connect, subscribe, load everything, then keep it current until something fails (or `stop()`).
   * A failure anywhere aborts `session`, which ends every wait of the session; the caller reconnects.
   */
  async #session(onSteady: () => void): Promise<void> {
    const commitment: Commitment = this.config.commitment ?? "confirmed";
    const session = new AbortController();
    const stopSignal = this.#stop.signal;
    const signal = AbortSignal.any([stopSignal, session.signal]);
    const fail = (why: string, err?: unknown) => {
      if (!session.signal.aborted) session.abort(new Error(err === undefined ? why : `${why}: ${errorMessage(err)}`));
    };
    if (this.#sessions++ > 0) this.#status.reconnects++;
    this.#socket.slot = 0;
    const { conn, http, socketOpen } = connect(this.config, commitment, signal, fail);
    try {
      const filterSets = filterSetsOf(this.#discriminators);
      await subscribeAll(conn, this.config, filterSets, commitment, signal, socketOpen, {
        account: (pubkey, info, slot) => {
          this.#heardFromSocket(slot);
          try {
            this.#writer.applyAccount(pubkey, info, slot);
          } catch (err) {
            this.#error("notification", err);
          }
        },
        slot: (slot) => {
          this.#heardFromSocket(slot);
          this.#store.noteSlot(this.chain, slot);
          this.#writer.noteSlot();
          this.#status.lastUpdateMs = this.#clock.nowMs();
        },
      });
      // One now, so the first load never completes without a blockhash; the periodic refresh is not the session's.
      await raceSignal(this.#blockhash.once(http, commitment), signal);
      const initial = this.#initialState;
      this.#initialState = undefined;
      if (initial) this.#loader.loadState(initial());
      else await raceSignal(this.#loader.load(http, commitment), signal);
      this.#status.connected = true;
      onSteady();
      this.#firstLoadResolve();
      this.#socket.lastHeardWallMs = Date.now();
      this.#socket.slot = Math.max(this.#socket.slot, this.#writer.dataSlot);
      await runSteadyState({
        config: this.config,
        http,
        commitment,
        signal,
        fail,
        error: (where, err) => this.#error(where, err),
        reload: () => this.#loader.load(http, commitment),
        reloadRequest: this.#reloadRequest,
        checkExistence: () =>
          checkExistence(this.#existence, http, commitment, this.#status, this.#writer, this.#clock),
        socket: this.#socket,
      });
      if (session.signal.aborted) throw session.signal.reason;
    } catch (err) {
      if (session.signal.aborted && !stopSignal.aborted) throw session.signal.reason;
      if (!stopSignal.aborted) throw err;
    } finally {
      this.#reloadRequest.waker = undefined;
      if (!session.signal.aborted) session.abort(new Error("session over"));
      await disposeConnection(conn);
    }
  }

  /** A notification arrived at `slot`. */
  #heardFromSocket(slot: number): void {
    this.#socket.heard(slot);
    this.#writer.noteDataSlot(slot);
  }
}
