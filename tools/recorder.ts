/**
 * Captures a recording from live endpoints with the same sources the service uses: each configured chain gets its own
 * ChainSource (into a private AccountStore), the oracle an OracleSource. After the first full loads, the
 * accounts are written as the initial state and every later store change, blockhash change and oracle frame is
 * appended with its offset from that moment, until `durationMs` passes or `signal` aborts.
 */
import { type AccountChange, AccountStore } from "../src/state/account-store.ts";
import { BlockhashCache } from "../src/state/blockhash-cache.ts";
import { type Clock, systemClock } from "../src/state/clock.ts";
import { PriceStore } from "../src/state/price-store.ts";
import type { Chain, RawAccount } from "../src/state/types.ts";
import { ChainSource } from "../src/ingest/chain-source.ts";
import type { ChainSourceConfig } from "../src/ingest/chain-source-config.ts";
import { OracleSource, type OracleSourceConfig } from "../src/ingest/oracle-source.ts";
import { IngestStatus } from "../src/ingest/status.ts";
import { RECORDING_FORMAT, type RecordingMeta, RecordingWriter } from "../src/replay/format.ts";

/** Upper bound for one recording. */
export const MAX_RECORD_DURATION_MS = 24 * 3600_000;

export interface RecordOptions {
  /** Output directory (created; an earlier recording there is replaced). */
  dir: string;
  name: string;
  seed?: number | string | null;
  description?: string;
  /** How long to record after the initial load (1 ms … MAX_RECORD_DURATION_MS). */
  durationMs: number;
  base?: Omit<ChainSourceConfig, "chain">;
  er?: Omit<ChainSourceConfig, "chain">;
  oracle?: OracleSourceConfig;
  clock?: Clock;
  /** Ends the recording early (what was captured so far is kept and meta.json written). */
  signal?: AbortSignal;
  gzip?: boolean;
  /** Initial accounts in the binary form (`*.accounts.bin`: a large capture boots several times faster). */
  binaryAccounts?: boolean;
  /** Max wait for the initial loads (default 120 s); exceeded = failure. */
  firstLoadTimeoutMs?: number;
  /** Progress callback period (default 1000 ms). */
  progressIntervalMs?: number;
}

export interface RecordProgress {
  phase: "connecting" | "recording" | "finishing" | "done";
  elapsedMs: number;
  durationMs: number;
  accounts: Record<Chain, number>;
  updates: Record<Chain, number>;
  blockhashes: Record<Chain, number>;
  frames: number;
  errors: number;
}

export interface RecordResult {
  dir: string;
  meta: RecordingMeta;
  progress: RecordProgress;
}

function sleepUntil(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(t);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const t = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener("abort", done, { once: true });
  });
}

export async function record(
  options: RecordOptions,
  onProgress: (p: RecordProgress) => void = () => {},
): Promise<RecordResult> {
  if (!(options.durationMs > 0 && options.durationMs <= MAX_RECORD_DURATION_MS)) {
    throw new RangeError(`durationMs must be in 1..${MAX_RECORD_DURATION_MS}`);
  }
  const clock = options.clock ?? systemClock;
  const status = new IngestStatus();
  const chains = (["base", "er"] as const).filter((c) => options[c] !== undefined);
  const stores = { base: new AccountStore(), er: new AccountStore() };
  const caches = { base: new BlockhashCache("base"), er: new BlockhashCache("er") };
  const sources = chains.map((chain) =>
    new ChainSource({ ...options[chain]!, chain }, {
      store: stores[chain],
      blockhash: caches[chain],
      status: status.chains[chain],
      clock,
    })
  );
  const prices = new PriceStore();
  const oracle = options.oracle
    ? new OracleSource(options.oracle, { prices, status: status.oracle, clock })
    : undefined;
  const progress: RecordProgress = {
    phase: "connecting",
    elapsedMs: 0,
    durationMs: options.durationMs,
    accounts: { base: 0, er: 0 },
    updates: { base: 0, er: 0 },
    blockhashes: { base: 0, er: 0 },
    frames: 0,
    errors: 0,
  };
  const report = () => {
    progress.errors = status.chains.base.errors + status.chains.er.errors + status.oracle.errors;
    try {
      onProgress({
        ...progress,
        accounts: { ...progress.accounts },
        updates: { ...progress.updates },
        blockhashes: { ...progress.blockhashes },
      });
    } catch {
      // a failing progress display must not end the recording
    }
  };
  const writer = await RecordingWriter.create(options.dir, {
    gzip: options.gzip,
    binaryAccounts: options.binaryAccounts,
  });
  const unsubscribers: (() => void)[] = [];
  let queue: Promise<void> = Promise.resolve();
  let writeError: unknown;
  const enqueue = (fn: () => Promise<void>) => {
    queue = queue.then(fn).catch((err) => {
      writeError ??= err;
    });
  };
  let progressTimer: ReturnType<typeof setInterval> | undefined;
  let finished = false;
  try {
    report();
    for (const s of sources) s.start();
    oracle?.start();
    let syncTimer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      syncTimer = setTimeout(
        () => reject(new Error("initial load timed out")),
        options.firstLoadTimeoutMs ?? 120_000,
      );
    });
    const aborted = new Promise<never>((_, reject) => {
      if (options.signal?.aborted) reject(new Error("aborted"));
      options.signal?.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
    });
    aborted.catch(() => {});
    timeout.catch(() => {});
    try {
      await Promise.race([Promise.all(sources.map((s) => s.firstLoad())), timeout, aborted]);
    } finally {
      clearTimeout(syncTimer);
    }

    // Copy the initial accounts and subscribe in one synchronous step, so no change falls between them.
    const t0 = clock.nowMs();
    const startedAtMs = t0;
    const initial: Record<Chain, RawAccount[]> = { base: [], er: [] };
    const startSlots: Record<Chain, number> = { base: 0, er: 0 };
    for (const chain of chains) {
      initial[chain] = [...stores[chain].values(chain)];
      startSlots[chain] = stores[chain].slot(chain);
      progress.accounts[chain] = initial[chain].length;
      const lastBlockhash: Record<Chain, string | undefined> = { base: undefined, er: undefined };
      const onBlockhash = (e: { blockhash: string; lastValidBlockHeight: number; fetchedAtMs: number }) => {
        if (e.blockhash === lastBlockhash[chain]) return;
        lastBlockhash[chain] = e.blockhash;
        progress.blockhashes[chain]++;
        const rec = {
          atMs: Math.max(0, e.fetchedAtMs - t0),
          slot: stores[chain].slot(chain),
          blockhash: e.blockhash,
          lastValidBlockHeight: e.lastValidBlockHeight,
        };
        enqueue(() => writer.writeBlockhash(chain, rec));
      };
      const latest = caches[chain].latest();
      if (latest) onBlockhash({ ...latest, fetchedAtMs: t0 });
      unsubscribers.push(caches[chain].subscribe(onBlockhash));
      unsubscribers.push(stores[chain].subscribe((c: AccountChange) => {
        progress.updates[chain]++;
        const a = c.after;
        const update = {
          atMs: Math.max(0, clock.nowMs() - t0),
          slot: a?.slot ?? stores[chain].slot(chain),
          pubkey: c.pubkey,
          account: a ? { owner: a.owner, lamports: a.lamports, executable: a.executable, data: a.data } : null,
        };
        enqueue(() => writer.writeUpdate(chain, update));
      }));
    }
    if (oracle) {
      unsubscribers.push(oracle.onFrame((f) => {
        progress.frames++;
        const frame = { atMs: Math.max(0, f.receivedAtMs - t0), timestampUs: f.timestampUs, feeds: f.feeds };
        enqueue(() => writer.writeOracleFrame(frame));
      }));
    }
    for (const chain of chains) {
      const accounts = initial[chain];
      enqueue(async () => {
        for (const a of accounts) {
          await writer.writeInitialAccount(chain, {
            pubkey: a.pubkey,
            owner: a.owner,
            lamports: a.lamports,
            executable: a.executable,
            data: a.data,
          });
        }
      });
    }

    progress.phase = "recording";
    report();
    const wallStart = Date.now();
    progressTimer = setInterval(() => {
      progress.elapsedMs = Math.min(options.durationMs, Date.now() - wallStart);
      report();
    }, options.progressIntervalMs ?? 1000);
    await sleepUntil(options.durationMs, options.signal);
    const elapsed = Math.min(options.durationMs, Date.now() - wallStart);
    clearInterval(progressTimer);
    progressTimer = undefined;

    progress.phase = "finishing";
    progress.elapsedMs = elapsed;
    report();
    for (const u of unsubscribers.splice(0)) u();
    await Promise.all([...sources.map((s) => s.stop()), oracle?.stop()]);
    await queue;
    if (writeError) throw writeError;
    const meta: RecordingMeta = {
      format: RECORDING_FORMAT,
      name: options.name,
      seed: options.seed ?? null,
      createdAt: new Date(startedAtMs).toISOString(),
      durationMs: elapsed,
      startedAtMs,
      chains: {
        base: { startSlot: startSlots.base, rpcUrl: options.base?.rpcUrl },
        er: { startSlot: startSlots.er, rpcUrl: options.er?.rpcUrl },
      },
      oracle: options.oracle ? { feedIds: options.oracle.feedIds } : undefined,
      description: options.description,
    };
    await writer.close(meta);
    finished = true;
    progress.phase = "done";
    report();
    return { dir: options.dir, meta, progress };
  } finally {
    if (progressTimer !== undefined) clearInterval(progressTimer);
    for (const u of unsubscribers) u();
    if (!finished) {
      await Promise.all([...sources.map((s) => s.stop()), oracle?.stop()]);
      await queue;
      await writer.abort();
    }
  }
}
