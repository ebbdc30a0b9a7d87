/**
 * The ingestion sources of a deployment pair: one chain source per chain (the base chain with every program and the
 * extra accounts the service reads, the ER with the v2 program) and the oracle stream, all writing into the
 * services' stores.
 */
import type { DeploymentConfig } from "../config/pool-config.ts";
import { ChainSource } from "../ingest/chain-source.ts";
import type { ChainSourceConfig, ChainState } from "../ingest/chain-source-config.ts";
import { OracleSource } from "../ingest/oracle-source.ts";
import { DISCRIMINATORS } from "../protocol/accounts/mod.ts";
import type { Services } from "../services.ts";
import type { Endpoints } from "./endpoints.ts";
import type { ReplayHandle } from "../replay/harness.ts";
import type { Chain } from "../state/types.ts";
import { bytesEqual } from "../protocol/codec/bytes.ts";
import type { PackedBytes } from "../state/packed-bytes.ts";

/** Accounts outside the program that the service reads: lookup tables, token mints, LP mints. */
export function extraAccountsOf(configs: DeploymentConfig[]): string[] {
  const keys = new Set<string>();
  for (const config of configs) {
    for (const pool of config.pools) {
      pool.addressLookupTableAddresses.forEach((k) => keys.add(k));
      if (pool.stakedLpTokenMint) keys.add(pool.stakedLpTokenMint);
      pool.tokens.forEach((t) => keys.add(t.mintKey));
    }
  }
  return [...keys];
}

/** How a chain source keeps an account's bytes: see `ChainSourceDeps.shareData`. */
export type DataSharing = (chain: Chain) => (pubkey: string, data: Uint8Array) => Uint8Array | PackedBytes;

/**
 * With the replay in the process, the store keeps the replay's own bytes (its packed form, or its array) of every
 * account whose received bytes equal them, so each account's data is held once (the received copy is dropped); what
 * the replay does not hold, or holds differently (it moved on meanwhile), is kept as received.
 */
export function shareWithReplay(replay: ReplayHandle): DataSharing {
  return (chain) => {
    const state = replay.replayer.chains[chain];
    return (pubkey, data) => {
      const held = state.accounts.get(pubkey);
      if (held?.packed) return held.packed.equals(data) ? held.packed : data;
      return held !== undefined && bytesEqual(held.data, data) ? held.data : data;
    };
  };
}

/** With the replay in the process: its chain states, which the sources' first load reads in place. */
export interface InProcessReplay {
  sharing: DataSharing;
  initialState: (chain: Chain) => () => ChainState;
}

export function inProcessReplay(replay: ReplayHandle): InProcessReplay {
  return {
    sharing: shareWithReplay(replay),
    initialState: (chain) => () => {
      const state = replay.replayer.chains[chain];
      return { slot: state.slot, accounts: state.accounts };
    },
  };
}

/** The base-chain source (every program, plus the extra accounts) and, when there is an ER, the ER source (v2). */
export function createChainSources(
  services: Services,
  endpoints: Endpoints,
  onError: (message: string) => void,
  inProcess?: InProcessReplay,
): ChainSource[] {
  const { accounts: store, blockhashes, ingest, clock } = services;
  const configs = { v2: services.deployments.v2.index.config, earlier: services.deployments.earlier.index.config };
  const programIds = [...new Set(Object.values(configs).map((c) => c.programId))];
  const replay = clock.replayPosition();
  const common: Omit<ChainSourceConfig, "chain" | "rpcUrl" | "programIds"> = {
    // The blockhash's age is measured on the service clock: a replay at speed s ages it s times faster, so it is
    // refreshed s times as often (bounded) to stay as fresh in recording time as it is live.
    blockhashIntervalMs: replay?.mode === "realtime"
      ? Math.max(50, Math.round(services.config.BLOCKHASH_REFRESH_MS / replay.speed))
      : services.config.BLOCKHASH_REFRESH_MS,
    existenceCheckIntervalMs: services.config.EXISTENCE_CHECK_INTERVAL_MS,
    // A virtual replay is silent until a test moves it: silence says nothing about the socket there.
    wsSilenceTimeoutMs: replay?.mode === "virtual" ? 0 : undefined,
    // Only the account kinds the service decodes, each loaded and watched on its own ...
    discriminatorFilters: Object.values(DISCRIMINATORS).map((d) => d.hex),
    // ... and the per-wallet kinds, which grow with the user count: streamed, or fetched by key in batches.
    bulkLoad: services.config.BULK_LOAD,
    batchedKinds: [
      DISCRIMINATORS.Basket.hex,
      DISCRIMINATORS.UserDepositLedger.hex,
      DISCRIMINATORS.Position.hex,
      DISCRIMINATORS.Order.hex,
    ],
  };
  // Where a chain's source writes, and what the in-process replay shares with it.
  const sinks = (chain: Chain) => ({
    store,
    blockhash: blockhashes[chain],
    status: ingest.chains[chain],
    clock,
    onError,
    shareData: inProcess?.sharing(chain),
    initialState: inProcess?.initialState(chain),
  });
  const sources = [
    new ChainSource(
      {
        ...common,
        chain: "base",
        rpcUrl: endpoints.base.rpc,
        wsUrl: endpoints.base.ws,
        programIds,
        extraAccounts: extraAccountsOf(Object.values(configs)),
      },
      sinks("base"),
    ),
  ];
  if (endpoints.er) {
    sources.push(
      new ChainSource(
        {
          ...common,
          chain: "er",
          rpcUrl: endpoints.er.rpc,
          wsUrl: endpoints.er.ws,
          programIds: [configs.v2.programId],
        },
        sinks("er"),
      ),
    );
  }
  return sources;
}

/** The oracle stream of every feed either deployment configures; none without an oracle endpoint. */
export function createOracleSource(
  services: Services,
  endpoints: Endpoints,
  onError: (message: string) => void,
): OracleSource | undefined {
  if (!endpoints.oracle) return undefined;
  const { v2, earlier } = services.deployments;
  const feedIds = [...new Set([...v2.index.feedIds(), ...earlier.index.feedIds()])];
  return new OracleSource(
    { urls: [endpoints.oracle.url], token: endpoints.oracle.token, feedIds },
    { prices: services.prices, status: services.ingest.oracle, clock: services.clock, onError },
  );
}
