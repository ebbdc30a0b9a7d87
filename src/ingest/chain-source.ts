/**
 * Live chain ingestion over `@solana/web3.js`: snapshot + subscriptions + blockhash polling for one chain.
 *
 * Lifecycle (one "session" at a time):
 *   1. new Connection (HTTP through an abortable fetch; the WebSocket's automatic reconnect turned off);
 *   2. subscribe (slot, one programSubscribe per program × discriminator, accountSubscribe per extra account) and
 *      wait until the socket is open and every subscription is acknowledged;
 *   3. full reload (getProgramAccounts with memcmp filters, one kind at a time, each account applied as its answer
 *      arrives; or, for numerous kinds with `bulkLoad: "batches"`, a key listing and getMultipleAccounts in batches of
 *      100) applied with slot ordering, so a notification newer than the snapshot is never overwritten, and keys gone
 *      from the chain are removed;
 *   4. steady state: notifications are written as they come, and independent periodic tasks run over HTTP: the
 *      existence check of held accounts (every `existenceCheckIntervalMs`: closes, which programSubscribe never
 *      reports, disappear within seconds), the full reload (every `reconcileIntervalMs`, or when asked) and the socket
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
 */
import { type AccountInfo, type Commitment, Connection, type Context, PublicKey } from "@solana/web3.js";
import type { AccountStore } from "../state/account-store.ts";
import type { BlockhashCache } from "../state/blockhash-cache.ts";
import { type Clock, systemClock } from "../state/clock.ts";
import type { Chain, RawAccount } from "../state/types.ts";
import { base58, fromHex, hex } from "../protocol/codec/bytes.ts";
import type { ChainIngestStatus } from "./status.ts";
import {
  dataLength,
  fromBase64Transient,
  packAlone,
  PackedBytes,
  PackSlab,
  prefixHex8,
} from "../state/packed-bytes.ts";
import { PackedRawAccount } from "../state/packed-account.ts";
import {
  acknowledgeSendsImmediately,
  allSubscribed,
  disposeConnection,
  type RpcAccountJson,
  rpcWebSocketOf,
} from "./web3-internals.ts";
import { abortableSleep, errorMessage, raceSignal, runEvery, timeoutSignal } from "./util.ts";
import { ExistenceCheck, RPC_MAX_KEYS_PER_REQUEST } from "./existence-check.ts";
import { JsonRpcHttp } from "./json-rpc-http.ts";
import type { KeyListing } from "./key-listing.ts";
import { BoundedMemo } from "../protocol/memo.ts";

/** An entry of a getProgramAccounts answer. */
interface ProgramAccount {
  pubkey: string;
  account: RpcAccountJson | null;
}

/** The context slot of a JSON-RPC answer's envelope, when it has one. */
function contextSlotOf(answer: unknown): number | undefined {
  const slot = (answer as { result?: { context?: { slot?: unknown } } } | null)?.result?.context?.slot;
  return typeof slot === "number" ? slot : undefined;
}

/**
 * One bigint per lamports amount received in bulk: accounts of one kind and size mostly hold the same rent-exempt
 * amount, and a bigint apiece was 10 MB of a 100,000-owner live load's retained heap (about 159 MB after a full
 * collection at ready, 149 MB with this memo).
 */
const LAMPORTS = new BoundedMemo<number, bigint>(4096);
const lamportsOf = (lamports: number): bigint => LAMPORTS.get(lamports, BigInt);

export interface ChainSourceConfig {
  chain: Chain;
  rpcUrl: string;
  /** Default: derived by web3.js (http→ws, explicit port + 1). */
  wsUrl?: string;
  programIds: string[];
  /** 8-byte discriminators (bytes or 16 hex digits) matched at offset 0; when given only those accounts load. */
  discriminatorFilters?: (Uint8Array | string)[];
  /** Accounts loaded and watched individually (lookup tables, mints, …). */
  extraAccounts?: string[];
  /**
   * How a full load fetches the `batchedKinds`. `stream` (default): one getProgramAccounts per kind, as every other
   * kind, each account applied as the answer arrives (nothing of the answer is held, whatever its size); should the
   * RPC fail such an answer, that kind and those of every later load are fetched as `batches` are. `batches`: for an
   * RPC that cuts or refuses large answers, their keys are listed first with a key-only request (no account data
   * travels); above `batchThreshold` keys they are fetched with getMultipleAccounts, 100 keys a request and
   * `batchConcurrency` requests in flight.
   */
  bulkLoad?: "stream" | "batches";
  /**
   * Account kinds that may be numerous (baskets, ledgers, positions): fetched by key in batches when `bulkLoad` is
   * `batches`. Needs `discriminatorFilters` (each kind loads on its own).
   */
  batchedKinds?: (Uint8Array | string)[];
  /** Default 4096. */
  batchThreshold?: number;
  /** Requests in flight for batches and the existence check. Default 4. */
  batchConcurrency?: number;
  commitment?: Commitment;
  /** Blockhash refresh period. Default 2000. */
  blockhashIntervalMs?: number;
  /** Existence check of held accounts (close detection); 0 disables. Default 2000. */
  existenceCheckIntervalMs?: number;
  /** Keys one existence check run asks about (a sweep over more keys spans several runs). Default 10000. */
  existenceCheckMaxKeys?: number;
  /** Periodic full reload; 0 disables. Default 300000. */
  reconcileIntervalMs?: number;
  /**
   * Wall ms without any WebSocket notification after which the chain's slot is asked over HTTP: when it moved on,
   * the socket is dead and the session restarts; when it did not, the chain itself stalls (the slot lag shows it).
   * 0 disables (a virtual replay, whose time moves only when driven). Default 30000.
   */
  wsSilenceTimeoutMs?: number;
  /** Reconnect backoff. Default 250 ms doubling to 30 s. */
  backoffInitialMs?: number;
  backoffMaxMs?: number;
  /** How long to wait for the socket to open and subscriptions to be acknowledged. Default 10000. */
  subscribeTimeoutMs?: number;
  /**
   * Per HTTP request timeout. A streamed getProgramAccounts has it between pieces of its answer instead (a large answer
   * that keeps arriving is not cut). Default 30000.
   */
  requestTimeoutMs?: number;
}

export interface ChainSourceDeps {
  store: AccountStore;
  blockhash: BlockhashCache;
  /** Status record to update (e.g. `ingestStatus.chains[chain]`). */
  status: ChainIngestStatus;
  clock?: Clock;
  /** Called for every counted error (logging hook). */
  onError?: (message: string) => void;
  /**
   * Given an account's key and freshly received bytes, equal bytes already held elsewhere (an array, or a packed form),
   * to keep instead (the in-process replay's copy, so the store and the replay share one copy of every account); else
   * `data` itself (then packed by the source).
   * The store's bytes are the received bytes either way, provided the holder never writes into its arrays (the
   * replay never does: a change replaces an account's array).
   */
  shareData?: (pubkey: string, data: Uint8Array) => Uint8Array | PackedBytes;
  /**
   * The chain's state, readable in this process (a replay running here): the first session loads it from here,
   * once its subscriptions are acknowledged, instead of fetching every account over the RPC (the RPC would send the
   * same accounts, from the same state). Every later load (reconnect, periodic reload) uses the RPC, as live.
   */
  initialState?: () => ChainState;
}

/** One account of a `ChainState`. */
export interface ChainStateAccount {
  readonly pubkey: string;
  owner: string;
  lamports: bigint;
  executable: boolean;
  readonly data: Uint8Array;
  /** The bytes held packed, when they are: the store keeps this very form (one copy for both). */
  readonly packed?: PackedBytes;
}

/** A chain's accounts at a slot, as a process holding them can give them (no encoding, no copy of their bytes). */
export interface ChainState {
  slot: number;
  accounts: Iterable<ChainStateAccount> & { get(pubkey: string): ChainStateAccount | undefined };
}

/** A discriminator given as bytes or as 16 hex digits. */
const toBytes = (d: Uint8Array | string): Uint8Array => typeof d === "string" ? fromHex(d, 8) : d;

type GpaFilter = { memcmp: { offset: number; bytes: string } };

/** The result of `getLatestBlockhash`. */
interface LatestBlockhashAnswer {
  context: { slot: number };
  value: { blockhash: string; lastValidBlockHeight: number };
}

export class ChainSource {
  readonly config: ChainSourceConfig;
  readonly chain: Chain;
  readonly #store: AccountStore;
  readonly #blockhash: BlockhashCache;
  readonly #status: ChainIngestStatus;
  readonly #clock: Clock;
  readonly #onError?: (message: string) => void;
  readonly #shareData: ((pubkey: string, data: Uint8Array) => Uint8Array | PackedBytes) | undefined;
  /** Where a bulk load's received bytes are packed. */
  readonly #slab = new PackSlab();
  #initialState: (() => ChainState) | undefined;
  /** One string per owner program (every received account carries its owner as a new string). */
  readonly #owners = new Map<string, string>();
  readonly #stop = new AbortController();
  readonly #discriminators: Uint8Array[];
  readonly #existence: ExistenceCheck;
  /** Errors already counted, so a failure that ends the session is not counted again. */
  readonly #counted = new WeakSet<object>();
  /** Wall reading of the last WebSocket notification (any kind). */
  #lastNotificationWallMs = 0;
  /** Highest slot the WebSocket reported this session (what the watchdog compares the HTTP slot with). */
  #wsSlot = 0;
  /** Highest slot of data this source holds (notifications and loads; not blockhash polls). */
  #dataSlot = 0;
  #loop: Promise<void> | undefined;
  #sessions = 0;
  #resyncRequested = false;
  /** The RPC failed a streamed answer of a numerous kind: later loads fetch those kinds by key (`bulkLoad` batches). */
  #streamRefused = false;
  #wake: (() => void) | undefined;
  #syncedResolve!: () => void;
  readonly #synced: Promise<void>;

  constructor(config: ChainSourceConfig, deps: ChainSourceDeps) {
    this.config = config;
    this.chain = config.chain;
    this.#store = deps.store;
    this.#blockhash = deps.blockhash;
    this.#status = deps.status;
    this.#clock = deps.clock ?? systemClock;
    this.#onError = deps.onError;
    this.#shareData = deps.shareData;
    this.#initialState = deps.initialState;
    this.#discriminators = (config.discriminatorFilters ?? []).map(toBytes);
    for (const d of this.#discriminators) if (d.length !== 8) throw new RangeError("discriminators are 8 bytes");
    this.#synced = new Promise((r) => this.#syncedResolve = r);
    this.#existence = new ExistenceCheck({
      chain: config.chain,
      store: deps.store,
      programIds: config.programIds,
      extraAccounts: new Set(config.extraAccounts ?? []),
      maxKeysPerRun: config.existenceCheckMaxKeys,
      concurrency: config.batchConcurrency,
    });
  }

  get status(): ChainIngestStatus {
    return this.#status;
  }

  /** Starts the background loop (idempotent). */
  start(): void {
    if (this.#loop || this.#stop.signal.aborted) return;
    this.#loop = Promise.all([this.#run(), this.#refreshBlockhashes()]).then(() => {});
  }

  /** Resolves after the first completed full reload. */
  synced(): Promise<void> {
    return this.#synced;
  }

  /** Asks for a full reload at the next poll. */
  requestResync(): void {
    this.#resyncRequested = true;
    this.#wake?.();
  }

  /** Stops everything (aborts requests, closes the socket, clears timers). The store is left as it is. */
  async stop(): Promise<void> {
    this.#stop.abort(new Error("stopped"));
    this.#wake?.();
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
    const commitment = this.config.commitment ?? "confirmed";
    const session = new AbortController();
    const stopSignal = this.#stop.signal;
    const signal = AbortSignal.any([stopSignal, session.signal]);
    const fail = (why: string, err?: unknown) => {
      if (!session.signal.aborted) session.abort(new Error(err === undefined ? why : `${why}: ${errorMessage(err)}`));
    };
    if (this.#sessions++ > 0) this.#status.reconnects++;
    this.#wsSlot = 0;
    const { conn, http, socketOpen } = this.#connect(commitment, signal, fail);
    try {
      await this.#subscribeAll(conn, commitment, signal, socketOpen);
      // One now, so the first load never completes without a blockhash; the periodic refresh is not the session's.
      await raceSignal(this.#refreshBlockhash(http, commitment), signal);
      const initial = this.#initialState;
      this.#initialState = undefined;
      if (initial) this.#loadState(initial());
      else await raceSignal(this.#fullLoad(http, commitment), signal);
      this.#status.connected = true;
      onSteady();
      this.#syncedResolve();
      this.#lastNotificationWallMs = Date.now();
      this.#wsSlot = Math.max(this.#wsSlot, this.#dataSlot);
      await this.#steadyState(http, commitment, signal, fail);
      if (session.signal.aborted) throw session.signal.reason;
    } catch (err) {
      if (session.signal.aborted && !stopSignal.aborted) throw session.signal.reason;
      if (!stopSignal.aborted) throw err;
    } finally {
      this.#wake = undefined;
      if (!session.signal.aborted) session.abort(new Error("session over"));
      await disposeConnection(conn);
    }
  }

  /**
   * A Connection whose HTTP requests are abortable (they end with the session, or after `requestTimeoutMs`) and
   * whose WebSocket does not reconnect on its own: its errors and its close end the session (`fail`).
   */
  #connect(commitment: Commitment, signal: AbortSignal, fail: (why: string, err?: unknown) => void) {
    const cfg = this.config;
    const requestTimeout = cfg.requestTimeoutMs ?? 30_000;
    const fetchFn = async (input: string | URL | Request, init?: RequestInit) => {
      const t = timeoutSignal(signal, requestTimeout, "request");
      try {
        const res = await fetch(input, { ...init, signal: t.signal });
        // Read the body here so the timeout also covers it and no stream outlives the request.
        const body = await res.arrayBuffer();
        return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
      } finally {
        t.clear();
      }
    };
    const conn = new Connection(cfg.rpcUrl, {
      commitment,
      wsEndpoint: cfg.wsUrl,
      fetch: fetchFn as unknown as typeof fetch,
      httpAgent: false,
      disableRetryOnRateLimit: true,
    });
    const rpc = rpcWebSocketOf(conn);
    acknowledgeSendsImmediately(rpc);
    rpc.setAutoReconnect(false);
    rpc.removeAllListeners("error"); // web3.js only logs them; this source counts them and ends the session
    const socketOpen = new Promise<void>((resolve) => rpc.once("open", () => resolve()));
    // The session's end is counted once, with the first reason (an error is usually followed by a close).
    rpc.on("error", (e) => fail("websocket error", (e as { message?: string })?.message ?? e));
    rpc.on("close", (code) => fail(`websocket closed (${String(code)})`));
    // Bulk loads and plain calls bypass web3.js's HTTP transport (see json-rpc-http.ts); same URL, limits and end.
    const http = new JsonRpcHttp(cfg.rpcUrl, signal, requestTimeout);
    return { conn, http, socketOpen };
  }

  /**
   * Subscribes to slots, to every program × discriminator and to every extra account, then waits until the socket
   * is open and every subscription is acknowledged (or `subscribeTimeoutMs` passes: the session fails).
   */
  async #subscribeAll(conn: Connection, commitment: Commitment, signal: AbortSignal, socketOpen: Promise<void>) {
    const cfg = this.config;
    const onAccount = (pubkey: string, info: AccountInfo<Uint8Array> | null, slot: number) => {
      this.#heardFromSocket(slot);
      try {
        this.#applyAccount(pubkey, info, slot);
      } catch (err) {
        this.#error("notification", err);
      }
    };
    conn.onSlotChange((s) => {
      this.#heardFromSocket(s.slot);
      this.#store.noteSlot(this.chain, s.slot);
      this.#noteSlot();
      this.#status.lastUpdateMs = this.#clock.nowMs();
    });
    const filterSets = this.#filterSets();
    for (const pid of cfg.programIds) {
      const program = new PublicKey(pid);
      for (const filters of filterSets) {
        conn.onProgramAccountChange(program, (keyed, ctx: Context) => {
          if (!cfg.programIds.includes(keyed.accountInfo.owner.toBase58())) {
            onAccount(keyed.accountId.toBase58(), null, ctx.slot);
          } else onAccount(keyed.accountId.toBase58(), keyed.accountInfo, ctx.slot);
        }, { commitment, filters });
      }
    }
    for (const key of cfg.extraAccounts ?? []) {
      conn.onAccountChange(new PublicKey(key), (info, ctx) => onAccount(key, info, ctx.slot), { commitment });
    }

    const wait = timeoutSignal(signal, cfg.subscribeTimeoutMs ?? 10_000, "subscribing");
    try {
      await raceSignal(socketOpen, wait.signal);
      while (!allSubscribed(conn)) await abortableSleep(10, wait.signal);
    } finally {
      wait.clear();
    }
  }

  /**
   * Steady state: notifications are applied as they come (the subscriptions) while the periodic tasks run, each on its
   * own schedule so a slow one (a large reload) never delays another (the existence check). Returns when the session's
   * signal aborts; a failed task is counted and runs again at its next period.
   */
  async #steadyState(
    http: JsonRpcHttp,
    commitment: Commitment,
    signal: AbortSignal,
    fail: (why: string, err?: unknown) => void,
  ): Promise<void> {
    const cfg = this.config;
    const pollMs = cfg.blockhashIntervalMs ?? 2000;
    const reconcileMs = cfg.reconcileIntervalMs ?? 300_000;
    const existenceMs = cfg.existenceCheckIntervalMs ?? 2000;
    const silenceMs = cfg.wsSilenceTimeoutMs ?? 30_000;
    const tasks: Promise<void>[] = [];
    let lastReconcile = Date.now();
    tasks.push(runEvery(
      pollMs,
      signal,
      async () => {
        if (!this.#resyncRequested && !(reconcileMs > 0 && Date.now() - lastReconcile >= reconcileMs)) return;
        this.#resyncRequested = false;
        lastReconcile = Date.now();
        try {
          await this.#fullLoad(http, commitment);
        } catch (err) {
          this.#resyncRequested = true; // retried at the next period
          throw err;
        }
      },
      (e) => this.#error("full reload", e),
      (wakeUp) => this.#wake = wakeUp,
    ));
    if (existenceMs > 0) {
      tasks.push(
        runEvery(existenceMs, signal, () => this.#checkExistence(http, commitment), (e) => this.#error("existence", e)),
      );
    }
    if (silenceMs > 0) {
      tasks.push(runEvery(Math.min(1000, silenceMs), signal, async () => {
        const silentMs = Date.now() - this.#lastNotificationWallMs;
        if (silentMs < silenceMs) return;
        const tip = await http.call<number>("getSlot", [{ commitment }]);
        if (tip > this.#wsSlot) {
          fail(`websocket silent for ${silentMs} ms while the chain reached slot ${tip}`);
        } else {
          this.#lastNotificationWallMs = Date.now(); // the chain itself stalls; look again after another period
        }
      }, (e) => this.#error("watchdog", e)));
    }
    await Promise.all(tasks);
  }

  /** One run of the existence check (close detection). */
  async #checkExistence(http: JsonRpcHttp, commitment: Commitment): Promise<void> {
    const result = await this.#existence.run((keys) =>
      http.call("getMultipleAccounts", [keys, {
        encoding: "base64",
        commitment,
        dataSlice: { offset: 0, length: 0 },
      }])
    );
    if (result.removed.length > 0) {
      this.#status.closesDetected += result.removed.length;
      this.#noteWrite();
    }
    if (result.sweepDone) this.#status.lastExistenceCheckMs = this.#clock.nowMs();
  }

  /**
   * Fetches accounts by key, 100 a request (the RPC limit), a few requests in flight; keys that exist leave the
   * load's `unseen`, missing ones are deleted. Returns the lowest context slot, or undefined when there were no keys.
   */
  async #loadInBatches(http: JsonRpcHttp, keys: string[], commitment: Commitment, unseen: Set<string>) {
    let lowest: number | undefined;
    let next = 0;
    const worker = async () => {
      while (next < keys.length) {
        const batch = keys.slice(next, next += RPC_MAX_KEYS_PER_REQUEST);
        const res = await http.callValueArray<{ context: { slot: number }; value: (RpcAccountJson | null)[] }>(
          "getMultipleAccounts",
          [batch, { encoding: "base64", commitment }],
        );
        lowest = Math.min(lowest ?? Number.POSITIVE_INFINITY, res.context.slot);
        batch.forEach((key, j) => this.#applyLoaded(key, res.value[j], res.context.slot, unseen));
      }
    };
    await Promise.all(Array.from({ length: this.config.batchConcurrency ?? 4 }, worker));
    return lowest;
  }

  /**
   * One getProgramAccounts, streamed (`JsonRpcHttp.streamValueArray`): each account is applied at the answer's context
   * slot as it is parsed, so a kind of any size is loaded without its answer ever being held (at 100,000 owners the
   * baskets' answer is about 490 MB of JSON). Against key listings followed by 100-key batches, a live start at
   * 100,000 owners sends about 4,240 requests fewer and the RPC lists nothing twice. Returns the answer's slot.
   */
  async #streamProgramAccounts(
    http: JsonRpcHttp,
    program: PublicKey,
    filters: GpaFilter[],
    commitment: Commitment,
    unseen: Set<string>,
  ): Promise<number> {
    let slot: number | undefined;
    // Entries before the context (an RPC writing the value first) wait for the slot the answer ends with.
    const early: ProgramAccount[] = [];
    const res = await http.streamValueArray<{ context: { slot: number } }>(
      "getProgramAccounts",
      [program.toBase58(), { encoding: "base64", commitment, filters, withContext: true }],
      {
        envelope: (answer) => slot = contextSlotOf(answer),
        element: (entry) => {
          const { pubkey, account } = entry as ProgramAccount;
          if (slot === undefined) early.push({ pubkey, account });
          else this.#applyLoaded(pubkey, account, slot, unseen);
        },
      },
    );
    for (const { pubkey, account } of early) this.#applyLoaded(pubkey, account, res.context.slot, unseen);
    return res.context.slot;
  }

  /** Whether the discriminator a filter set selects is one of the numerous kinds. */
  #isBatchedKind(filters: GpaFilter[]): boolean {
    const disc = filters[0]?.memcmp.offset === 0 ? filters[0].memcmp.bytes : undefined;
    return disc !== undefined && (this.config.batchedKinds ?? []).some((d) => base58(toBytes(d)) === disc);
  }

  #filterSets(): GpaFilter[][] {
    if (this.#discriminators.length === 0) return [[]];
    return this.#discriminators.map((d) => [{ memcmp: { offset: 0, bytes: base58(d) } }]);
  }

  /** Every `blockhashIntervalMs` until `stop()`, over an HTTP client of its own (not the session's). */
  async #refreshBlockhashes(): Promise<void> {
    const cfg = this.config;
    const http = new JsonRpcHttp(cfg.rpcUrl, this.#stop.signal, cfg.requestTimeoutMs ?? 30_000);
    const commitment = cfg.commitment ?? "confirmed";
    await runEvery(
      cfg.blockhashIntervalMs ?? 2000,
      this.#stop.signal,
      () => this.#refreshBlockhash(http, commitment),
      () => {}, // counted by #refreshBlockhash
    );
  }

  async #refreshBlockhash(http: JsonRpcHttp, commitment: Commitment): Promise<void> {
    try {
      const res = await http.call<LatestBlockhashAnswer>("getLatestBlockhash", [{ commitment }]);
      const now = this.#clock.nowMs();
      this.#blockhash.set({
        blockhash: res.value.blockhash,
        lastValidBlockHeight: res.value.lastValidBlockHeight,
        fetchedAtMs: now,
      });
      this.#store.noteSlot(this.chain, res.context.slot);
      this.#noteSlot();
      this.#status.lastBlockhashMs = now;
    } catch (err) {
      this.#error("getLatestBlockhash", err);
      throw err;
    }
  }

  /** A notification arrived at `slot`. */
  #heardFromSocket(slot: number): void {
    this.#lastNotificationWallMs = Date.now();
    if (slot > this.#wsSlot) this.#wsSlot = slot;
    this.#noteDataSlot(slot);
  }

  /**
   * Data of `slot` reached the store (a notification or a load): when that moves this source's data forward, the
   * status says when (the slot lag). Blockhash polls move the slot tracker but bring no data, so they do not count.
   */
  #noteDataSlot(slot: number): void {
    if (slot > this.#dataSlot || this.#status.slotAdvancedAtMs === null) {
      this.#dataSlot = Math.max(this.#dataSlot, slot);
      this.#status.slotAdvancedAtMs = this.#clock.nowMs();
    }
  }

  /** Mirrors the store's slot tracker for this chain in the status. */
  #noteSlot(): void {
    this.#status.lastSlot = this.#store.slot(this.chain);
  }

  /**
   * An account a full load found (null: the RPC holds none at that key): it leaves the load's `unseen`. Once nothing the
   * store held is left to find (from the start in a first load), no held copy of its bytes can be there to keep.
   */
  #applyLoaded(pubkey: string, info: RpcAccountJson | null, slot: number, unseen: Set<string>): void {
    const mayBeHeld = unseen.size > 0;
    if (mayBeHeld && info) unseen.delete(pubkey);
    this.#applyRpcAccount(pubkey, info, slot, mayBeHeld);
  }

  /** An account from a plain JSON-RPC answer (bulk loads). */
  #applyRpcAccount(pubkey: string, info: RpcAccountJson | null, slot: number, mayBeHeld: boolean): void {
    if (!info || info.lamports === 0) return this.#applyAccount(pubkey, null, slot);
    // Decoded into a reused buffer: `#keep` packs a copy (or keeps equal bytes held already), never this array.
    const bytes = this.#keep(pubkey, fromBase64Transient(info.data[0]), true, mayBeHeld);
    this.#store.set(
      this.#account(pubkey, this.#owner(info.owner), lamportsOf(info.lamports), bytes, info.executable, slot),
    );
    this.#noteWrite();
  }

  /**
   * How received bytes are kept: the equal bytes held elsewhere (`shareData`) or already held for that key, else packed
   * (`packed-bytes.ts`: a world's accounts are mostly zeros). A bulk load's are packed side by side in the source's
   * slab; a notification's into a buffer of their own, so a stream of changes never leaves a slab held by one account
   * still alive in it. `mayBeHeld` false: the caller knows no held copy is left to find (`#applyLoaded`), so none is
   * looked for (at worst a notification's copy is not shared: a second copy, never a wrong one).
   */
  #keep(pubkey: string, data: Uint8Array, bulk: boolean, mayBeHeld = true): Uint8Array | PackedBytes {
    const shared = this.#shareData?.(pubkey, data);
    if (shared !== undefined && shared !== data) return shared;
    if (!mayBeHeld) return bulk ? this.#slab.pack(data) : packAlone(data);
    // Unchanged bytes (a periodic reload, a change of lamports only) keep the packed form held: no new copy, and the
    // values decoded from it stay cached.
    const held = this.#store.getFrom(this.chain, pubkey)?.packed;
    if (held?.equals(data)) return held;
    return bulk ? this.#slab.pack(data) : packAlone(data);
  }

  /** A store account of this chain, its bytes held as given (an array, or a packed form). */
  #account(
    pubkey: string,
    owner: string,
    lamports: bigint,
    bytes: Uint8Array | PackedBytes,
    executable: boolean,
    slot: number,
  ): RawAccount {
    if (bytes instanceof PackedBytes) {
      return new PackedRawAccount(pubkey, owner, lamports, bytes, executable, slot, this.chain);
    }
    return { pubkey, owner, lamports, data: bytes, executable, slot, chain: this.chain };
  }

  #owner(owner: string): string {
    const known = this.#owners.get(owner);
    if (known !== undefined) return known;
    this.#owners.set(owner, owner);
    return owner;
  }

  #noteWrite(): void {
    this.#noteSlot();
    this.#status.lastUpdateMs = this.#clock.nowMs();
    this.#status.accounts = this.#store.size(this.chain);
  }

  #applyAccount(pubkey: string, info: AccountInfo<Uint8Array> | null, slot: number): void {
    const store = this.#store;
    if (!info || info.lamports === 0) {
      store.delete(this.chain, pubkey, slot);
    } else {
      // Packed (a copy: web3.js Buffers may share a pooled ArrayBuffer), or the equal bytes held elsewhere.
      const bytes = this.#keep(pubkey, info.data, false);
      store.set(
        this.#account(pubkey, this.#owner(info.owner.toBase58()), BigInt(info.lamports), bytes, info.executable, slot),
      );
    }
    this.#noteWrite();
  }

  /**
   * Loads what a full load would fetch (the programs' accounts of the configured kinds, and the extra accounts) from
   * a state held in this process, at its slot, keeping its bytes (their packed form: one copy for both), and removes
   * what it does not hold, as `#fullLoad` does. Why this is the same load: the subscriptions are acknowledged before,
   * exactly as before a full load, so a change made after this synchronous read arrives as a notification, and one
   * made before is in the state; the RPC would have served this very state at this slot (its getProgramAccounts and
   * getMultipleAccounts read the same accounts). Only the encoding round trip is skipped, and that path is still what
   * outside clients and every later reload of this source use (tests/ingest compare both).
   */
  #loadState(state: ChainState): void {
    const programs = new Set(this.config.programIds);
    const extras = new Set(this.config.extraAccounts ?? []);
    const kinds = new Set(this.#discriminators.map((d) => hex(d)));
    // The extras (a few keys) are asked last: a `Set` lookup hashes the key string, and the first hash of each of a
    // large world's 500,000 keys costs more than the owner and kind tests that take nearly every account in scope.
    const inScope = (account: ChainStateAccount) =>
      account.lamports !== 0n && ((programs.has(account.owner) &&
        (kinds.size === 0 || (dataLength(account) >= 8 && kinds.has(prefixHex8(account))))) ||
        extras.has(account.pubkey));
    // What notifications brought before this load (usually nothing): removed unless the state still holds it.
    const held = [...this.#store.keys(this.chain)];
    for (const account of state.accounts) {
      if (!inScope(account)) continue;
      const bytes = account.packed ?? account.data;
      this.#store.set(
        this.#account(
          account.pubkey,
          this.#owner(account.owner),
          account.lamports,
          bytes,
          account.executable,
          state.slot,
        ),
      );
    }
    for (const key of held) {
      const account = state.accounts.get(key);
      if (!account || !inScope(account)) this.#store.delete(this.chain, key, state.slot);
    }
    this.#store.pruneTombstones(this.chain, state.slot);
    this.#store.noteSlot(this.chain, state.slot);
    this.#noteDataSlot(state.slot);
    this.#noteWrite();
    this.#noteSynced();
  }

  /** What every completed load records. */
  #noteSynced(): void {
    this.#status.accounts = this.#store.size(this.chain);
    this.#noteSlot();
    this.#status.lastSyncMs = this.#clock.nowMs();
    this.#status.resyncs++;
  }

  /** Loads everything in scope and removes what is gone. */
  async #fullLoad(http: JsonRpcHttp, commitment: Commitment): Promise<void> {
    const cfg = this.config;
    // What the store holds as the load begins, less what the load finds: what is left is gone, removed at the end. A
    // first load begins with nothing, so it keeps no set of what it loads (at 100,000 owners, 424,000 inserts into a
    // set the size of the store, and as many lookups of a held copy that cannot be there: in 4 alternated live starts
    // the service's CPU time until ready went from 6.7-8.1 s to 5.9-7.5 s, its peak RSS down by about 10 MiB). What
    // notifications write meanwhile is newer than the listings and stays.
    const unseen = new Set(this.#store.keys(this.chain));
    let minSlot = Number.POSITIVE_INFINITY;
    const filterSets = this.#filterSets();
    const listKeys = (program: PublicKey, filters: GpaFilter[]) =>
      http.callKeyListing("getProgramAccounts", [program.toBase58(), {
        encoding: "base64",
        commitment,
        filters,
        withContext: true,
        dataSlice: { offset: 0, length: 0 },
      }]);
    const load = async (program: PublicKey, filters: GpaFilter[]) => {
      minSlot = Math.min(minSlot, await this.#streamProgramAccounts(http, program, filters, commitment, unseen));
    };
    const batched = cfg.bulkLoad === "batches" || this.#streamRefused;
    const byKey = async (program: PublicKey, filters: GpaFilter[], listing: Promise<KeyListing>) => {
      // Only the listing's keys are read from its answer (key-listing.ts: no object per account while batches load).
      const { keys, slot } = await listing;
      // A few keys come in one answer, unless the RPC has failed such answers (it may fail a small one as well).
      if (keys.length <= (cfg.batchThreshold ?? 4096) && !this.#streamRefused) return await load(program, filters);
      minSlot = Math.min(minSlot, slot);
      await this.#loadInBatches(http, keys, commitment, unseen);
    };
    try {
      // Batched, the numerous kinds' key listings are all asked for first: the RPC works them out while the service
      // loads what came before, instead of the service waiting on each listing in turn (at 100,000 owners a listing
      // took the replay endpoints a third of a second, the service idle meanwhile).
      const kinds = cfg.programIds.flatMap((pid) => {
        const program = new PublicKey(pid);
        return filterSets.map((filters) => {
          const numerous = this.#isBatchedKind(filters);
          const listing = batched && numerous ? listKeys(program, filters) : undefined;
          listing?.catch(() => {}); // awaited below, in turn; a failure then ends the load
          return { program, filters, numerous, listing };
        });
      });
      // The slabs this load packs into have their pages faulted in by a worker meanwhile (`prefaulted-slabs.ts`).
      await this.#slab.prefaulting(async () => {
        for (const { program, filters, numerous, listing } of kinds) {
          if (listing !== undefined) await byKey(program, filters, listing); // batched, and numerous
          else if (!numerous) await load(program, filters);
          // Refused earlier in this load: the later numerous kinds are listed by key at once, not asked for again.
          else if (this.#streamRefused) await byKey(program, filters, listKeys(program, filters));
          else {
            try {
              await load(program, filters);
            } catch (err) {
              if (http.signal.aborted) throw err;
              // An RPC that cuts or refuses a large answer (a size or time limit of its own): this kind, the numerous
              // kinds after it and those of every later load are fetched by key instead. What the failed answer brought
              // stays (it is current), and the batches write what it did not.
              this.#streamRefused = true;
              this.#error("streamed getProgramAccounts (numerous kinds are loaded by key from now on)", err);
              await byKey(program, filters, listKeys(program, filters));
            }
          }
        }
      });
      const extrasSlot = await this.#loadInBatches(http, cfg.extraAccounts ?? [], commitment, unseen);
      if (extrasSlot !== undefined) minSlot = Math.min(minSlot, extrasSlot);
    } catch (err) {
      this.#error("full reload", err);
      throw err;
    }
    if (Number.isFinite(minSlot)) {
      for (const key of unseen) this.#store.delete(this.chain, key, minSlot);
      this.#store.pruneTombstones(this.chain, minSlot);
      this.#noteDataSlot(minSlot);
    }
    this.#noteSynced();
  }
}
