/**
 * What a chain source runs on a schedule over HTTP (step 4 of `chain-source.ts`), each task on its own period so a
 * slow one (a large reload) never delays another: the full reload (every `reloadIntervalMs`, or when asked), the
 * existence check of held accounts (closes, which programSubscribe never reports), the socket watchdog, and, outside
 * any session, the blockhash refresh. A failed task is counted and runs again at its next period.
 */
import type { Commitment } from "@solana/web3.js";
import type { AccountStore } from "../state/account-store.ts";
import type { BlockhashCache } from "../state/blockhash-cache.ts";
import type { Clock } from "../state/clock.ts";
import type { Chain } from "../state/types.ts";
import type { AccountWriter } from "./account-writer.ts";
import type { ChainSourceConfig } from "./chain-source-config.ts";
import type { SessionFail } from "./chain-session.ts";
import type { ExistenceCheck } from "./existence-check.ts";
import { JsonRpcHttp } from "./json-rpc-http.ts";
import type { ChainIngestStatus } from "./status.ts";
import { runEvery } from "./util.ts";

/** A full reload asked for (`requestReload`, or a failed reload to retry), and how to wake the task that runs it. */
export class ReloadRequest {
  #requested = false;
  #wake: (() => void) | undefined;

  /** Asks for a reload at the task's next look, and wakes it now. */
  request(): void {
    this.#requested = true;
    this.wake();
  }

  /** Asks again for the next period (a failed reload), without waking the task. */
  retry(): void {
    this.#requested = true;
  }

  /** Whether a reload was asked for; the request is taken. */
  take(): boolean {
    const requested = this.#requested;
    this.#requested = false;
    return requested;
  }

  wake(): void {
    this.#wake?.();
  }

  set waker(wake: (() => void) | undefined) {
    this.#wake = wake;
  }
}

/** What the watchdog knows of the session's socket: when it last heard from it, and the highest slot it reported. */
export class SocketLiveness {
  /** Wall reading of the last WebSocket notification (any kind). */
  lastHeardWallMs = 0;
  /** Highest slot the WebSocket reported this session (what the watchdog compares the HTTP slot with). */
  slot = 0;

  heard(slot: number): void {
    this.lastHeardWallMs = Date.now();
    if (slot > this.slot) this.slot = slot;
  }
}

export interface SteadyStateRun {
  config: ChainSourceConfig;
  http: JsonRpcHttp;
  commitment: Commitment;
  signal: AbortSignal;
  fail: SessionFail;
  error: (where: string, err: unknown) => void;
  /** A full load (it counts its own failure). */
  reload: () => Promise<void>;
  reloadRequest: ReloadRequest;
  /** One run of the existence check. */
  checkExistence: () => Promise<void>;
  socket: SocketLiveness;
}

/**
 * Steady state: notifications are applied as they come (the subscriptions) while the periodic tasks run. Returns
 * when the session's signal aborts.
 */
export async function runSteadyState(run: SteadyStateRun): Promise<void> {
  const { config: cfg, http, commitment, signal, socket, reloadRequest } = run;
  const pollMs = cfg.blockhashIntervalMs ?? 2000;
  const reloadMs = cfg.reloadIntervalMs ?? 300_000;
  const existenceMs = cfg.existenceCheckIntervalMs ?? 2000;
  const silenceMs = cfg.wsSilenceTimeoutMs ?? 30_000;
  const tasks: Promise<void>[] = [];
  let lastReload = Date.now();
  tasks.push(runEvery(
    pollMs,
    signal,
    async () => {
      if (!reloadRequest.take() && !(reloadMs > 0 && Date.now() - lastReload >= reloadMs)) return;
      lastReload = Date.now();
      try {
        await run.reload();
      } catch (err) {
        reloadRequest.retry(); // retried at the next period
        throw err;
      }
    },
    (e) => run.error("full reload", e),
    (wakeUp) => reloadRequest.waker = wakeUp,
  ));
  if (existenceMs > 0) {
    tasks.push(runEvery(existenceMs, signal, run.checkExistence, (e) => run.error("existence", e)));
  }
  if (silenceMs > 0) {
    // A socket silent for `wsSilenceTimeoutMs` while the chain's HTTP slot moved on is dead.
    tasks.push(runEvery(Math.min(1000, silenceMs), signal, async () => {
      const silentMs = Date.now() - socket.lastHeardWallMs;
      if (silentMs < silenceMs) return;
      const tip = await http.call<number>("getSlot", [{ commitment }]);
      if (tip > socket.slot) {
        run.fail(`websocket silent for ${silentMs} ms while the chain reached slot ${tip}`);
      } else {
        socket.lastHeardWallMs = Date.now(); // the chain itself stalls; look again after another period
      }
    }, (e) => run.error("watchdog", e)));
  }
  await Promise.all(tasks);
}

/** One run of the existence check (close detection); the status counts the closes and a completed sweep. */
export async function checkExistence(
  existence: ExistenceCheck,
  http: JsonRpcHttp,
  commitment: Commitment,
  status: ChainIngestStatus,
  writer: AccountWriter,
  clock: Clock,
): Promise<void> {
  const result = await existence.run((keys) =>
    http.call("getMultipleAccounts", [keys, {
      encoding: "base64",
      commitment,
      dataSlice: { offset: 0, length: 0 },
    }])
  );
  if (result.removed.length > 0) {
    status.closesDetected += result.removed.length;
    writer.noteWrite();
  }
  if (result.sweepDone) status.lastExistenceCheckMs = clock.nowMs();
}

/** The result of `getLatestBlockhash`. */
interface LatestBlockhashAnswer {
  context: { slot: number };
  value: { blockhash: string; lastValidBlockHeight: number };
}

export interface BlockhashRefreshDeps {
  config: ChainSourceConfig;
  chain: Chain;
  store: AccountStore;
  blockhash: BlockhashCache;
  status: ChainIngestStatus;
  clock: Clock;
  writer: AccountWriter;
  error: (where: string, err: unknown) => void;
}

/**
 * The blockhash, refreshed over HTTP: builders need only the RPC's HTTP side, so a WebSocket that cannot connect
 * does not age the blockhash into refusals.
 */
export class BlockhashRefresh {
  readonly #deps: BlockhashRefreshDeps;

  constructor(deps: BlockhashRefreshDeps) {
    this.#deps = deps;
  }

  /** Every `blockhashIntervalMs` until `stop` aborts, over an HTTP client of its own (not a session's). */
  async every(stop: AbortSignal): Promise<void> {
    const cfg = this.#deps.config;
    const http = new JsonRpcHttp(cfg.rpcUrl, stop, cfg.requestTimeoutMs ?? 30_000);
    const commitment = cfg.commitment ?? "confirmed";
    await runEvery(
      cfg.blockhashIntervalMs ?? 2000,
      stop,
      () => this.once(http, commitment),
      () => {}, // counted by `once`
    );
  }

  async once(http: JsonRpcHttp, commitment: Commitment): Promise<void> {
    const d = this.#deps;
    try {
      const res = await http.call<LatestBlockhashAnswer>("getLatestBlockhash", [{ commitment }]);
      const now = d.clock.nowMs();
      d.blockhash.set({
        blockhash: res.value.blockhash,
        lastValidBlockHeight: res.value.lastValidBlockHeight,
        fetchedAtMs: now,
      });
      d.store.noteSlot(d.chain, res.context.slot);
      d.writer.noteSlot();
      d.status.lastBlockhashMs = now;
    } catch (err) {
      d.error("getLatestBlockhash", err);
      throw err;
    }
  }
}
