/**
 * A small two-chain world (tests/replay/_helpers.ts `smallRecording`) served by the replay servers on a virtual clock
 * and ingested by the live sources, and the check that what the sources hold equals what the replay serves: every
 * account (owner, lamports, data, chain) and every configured price.
 */
import assert from "node:assert/strict";
import { AccountStore } from "../../src/state/account-store.ts";
import { createBlockhashCaches } from "../../src/state/blockhash-cache.ts";
import { PriceStore } from "../../src/state/price-store.ts";
import { VirtualClock } from "../../src/state/clock.ts";
import type { Chain } from "../../src/state/types.ts";
import { ChainSource } from "../../src/ingest/chain-source.ts";
import type { ChainSourceConfig } from "../../src/ingest/chain-source-config.ts";
import { OracleSource, type OracleSourceConfig } from "../../src/ingest/oracle-source.ts";
import { IngestStatus } from "../../src/ingest/status.ts";
import { type ReplayHandle, startReplay } from "../../src/replay/harness.ts";
import type { Recording } from "../../src/replay/format.ts";
import { inProcessReplay } from "../../src/runtime/sources.ts";
import {
  BASKET_DISC,
  DELEGATION,
  K,
  key,
  POOL_DISC,
  PROGRAM,
  smallRecording,
  START_MS,
  withDisc,
} from "../replay/_helpers.ts";

/** The feeds the small world's sources subscribe to (999 is in the recording but not configured). */
export const FEEDS = [1, 2];

export interface World {
  replay: ReplayHandle;
  clock: VirtualClock;
  store: AccountStore;
  prices: PriceStore;
  caches: ReturnType<typeof createBlockhashCaches>;
  status: IngestStatus;
  sources: Record<Chain, ChainSource>;
  oracle?: OracleSource;
  stop(): Promise<void>;
}

export async function startWorld(
  rec: Recording,
  opts: {
    oracle?: boolean | Partial<OracleSourceConfig>;
    chain?: Partial<ChainSourceConfig>;
    /** The first load read from the replay's state in this process, bytes shared with it (as boot does). */
    inProcess?: boolean;
    /** Called with the replay servers before the sources start (faults a first load must meet). */
    beforeStart?: (replay: Awaited<ReturnType<typeof startReplay>>) => void;
  } = {},
): Promise<World> {
  const clock = new VirtualClock(START_MS);
  const replay = await startReplay(rec, { mode: "virtual", clock });
  const store = new AccountStore();
  const inProcess = opts.inProcess ? inProcessReplay(replay) : undefined;
  const prices = new PriceStore();
  const caches = createBlockhashCaches();
  const status = new IngestStatus();
  const mk = (chain: Chain, url: string, extra: string[]) =>
    new ChainSource({
      chain,
      rpcUrl: url,
      programIds: [PROGRAM],
      discriminatorFilters: [BASKET_DISC, POOL_DISC],
      extraAccounts: extra,
      blockhashIntervalMs: 50,
      backoffInitialMs: 20,
      backoffMaxMs: 200,
      ...opts.chain,
    }, {
      store,
      blockhash: caches[chain],
      status: status.chains[chain],
      clock,
      shareData: inProcess?.sharing(chain),
      initialState: inProcess?.initialState(chain),
    });
  const sources = {
    base: mk("base", replay.base.url, [K.alt, K.mint]),
    er: mk("er", replay.er.url, []),
  };
  const oracleConfig = typeof opts.oracle === "object" ? opts.oracle : {};
  const oracle = opts.oracle
    ? new OracleSource(
      { urls: [replay.oracle.url], token: "test-token", feedIds: FEEDS, numConnections: 2, ...oracleConfig },
      { prices, status: status.oracle, clock },
    )
    : undefined;
  opts.beforeStart?.(replay);
  sources.base.start();
  sources.er.start();
  oracle?.start();
  await Promise.all([sources.base.firstLoad(), sources.er.firstLoad()]);
  if (oracle) await oracle.connected();
  return {
    replay,
    clock,
    store,
    prices,
    caches,
    status,
    sources,
    oracle,
    async stop() {
      await Promise.all([sources.base.stop(), sources.er.stop(), oracle?.stop()]);
      await replay.stop();
    },
  };
}

type Held = { owner: string; lamports: bigint; data: Uint8Array; chain: Chain };

/** What the sources should hold: the replay's in-scope accounts, the ER copy over the base one. */
function expectedAccounts(w: World): Map<string, Held> {
  const expected = new Map<string, Held>();
  const inScope = (owner: string, data: Uint8Array, pubkey: string, chain: Chain) =>
    (owner === PROGRAM && data.length >= 8) || (chain === "base" && (pubkey === K.alt || pubkey === K.mint));
  for (const chain of ["base", "er"] as const) {
    for (const a of w.replay.replayer.chains[chain].accounts) {
      if (inScope(a.owner, a.data, a.pubkey, chain)) {
        expected.set(a.pubkey, { owner: a.owner, lamports: a.lamports, data: a.data, chain });
      }
    }
  }
  return expected;
}

function actualAccounts(w: World): Map<string, Held> {
  const actual = new Map<string, Held>();
  for (const chain of ["base", "er"] as const) {
    for (const pubkey of w.store.keys(chain)) {
      const a = w.store.get(pubkey)!;
      actual.set(pubkey, { owner: a.owner, lamports: a.lamports, data: a.data, chain: a.chain });
    }
  }
  return actual;
}

const sorted = (m: Map<string, Held>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b));

/** The store's effective view equals the replay servers' current state: every account, field by field. */
export function assertAccountsMatchReplay(w: World): void {
  assert.deepEqual(sorted(actualAccounts(w)), sorted(expectedAccounts(w)));
}

/** Every configured feed's price equals the latest one the oracle server published. */
export function assertPricesMatchReplay(w: World): void {
  const published = w.replay.oracle.latest();
  const want = FEEDS.filter((id) => published.has(id)).map((id) => {
    const f = published.get(id)!;
    return [id, f.price, f.exponent, f.confidence, f.marketSession, f.feedUpdateTimestampUs];
  });
  const have = FEEDS.filter((id) => w.prices.get(id)).map((id) => {
    const p = w.prices.get(id)!;
    return [id, p.price, p.exponent, p.confidence, p.marketSession, p.timestampUs];
  });
  assert.deepEqual(have, want);
}

/** True once the store (and the prices, when an oracle source runs) equal the replay's state. */
export function matchesReplay(w: World): boolean {
  try {
    assertAccountsMatchReplay(w);
    if (w.oracle) assertPricesMatchReplay(w);
    return true;
  } catch {
    return false;
  }
}

/**
 * The small world plus later updates: an ER basket changes, a base basket is created, an ER basket closes (no
 * program subscription reports that; the existence check or a reload must) and a base basket is delegated (its base
 * copy leaves the program).
 */
export function recordingWithLaterUpdates(): Recording {
  const rec = smallRecording();
  rec.chains.er.updates.push(
    {
      atMs: 4000,
      slot: 5040,
      pubkey: K.basketB,
      account: { owner: PROGRAM, lamports: 5n, executable: false, data: withDisc(BASKET_DISC, [0xb, 4]) },
    },
    { atMs: 4000, slot: 5041, pubkey: K.basketC, account: null },
  );
  rec.chains.base.updates.push(
    {
      atMs: 4000,
      slot: 1040,
      pubkey: key(50),
      account: { owner: PROGRAM, lamports: 5n, executable: false, data: withDisc(BASKET_DISC, [0x50]) },
    },
    {
      atMs: 4100,
      slot: 1041,
      pubkey: K.basketA,
      account: { owner: DELEGATION, lamports: 5n, executable: false, data: withDisc(BASKET_DISC, [0xa]) },
    },
  );
  rec.meta.durationMs = 6000;
  return rec;
}
