/**
 * What a chain source (`chain-source.ts`) is given: its configuration (the chain, the RPC, what to load and watch,
 * every period and limit), its dependencies (store, blockhash cache, status), and the shape of a chain's state held
 * in this process that a first load may read instead of the RPC.
 */
import type { Commitment } from "@solana/web3.js";
import type { AccountStore } from "../state/account-store.ts";
import type { BlockhashCache } from "../state/blockhash-cache.ts";
import type { Clock } from "../state/clock.ts";
import type { Chain } from "../state/types.ts";
import type { PackedBytes } from "../state/packed-bytes.ts";
import type { ChainIngestStatus } from "./status.ts";

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
  reloadIntervalMs?: number;
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
