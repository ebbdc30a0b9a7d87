import type { Chain } from "../state/types.ts";

/** What health and /metrics need to know about one chain source. */
export interface ChainIngestStatus {
  chain: Chain;
  /** True while the WebSocket is open, subscriptions are live and the last poll succeeded. */
  connected: boolean;
  /** Highest slot seen (notifications, snapshot contexts, slot subscription). */
  lastSlot: number;
  /** Clock reading of the last account write or slot notification that reached the store. */
  lastUpdateMs: number | null;
  /** Clock reading of the last completed full reload. */
  lastSyncMs: number | null;
  /** Clock reading of the last successful blockhash refresh. */
  lastBlockhashMs: number | null;
  /** Errors counted so far (failed requests, socket errors, bad notifications). */
  errors: number;
  /** Last error message, if any. */
  lastError: string | null;
  /** Sessions started after the first (each one is a reconnect). */
  reconnects: number;
  /** Full reloads done (the first sync included). */
  resyncs: number;
  /** Accounts this chain holds in the store. */
  accounts: number;
}

export interface OracleIngestStatus {
  /** True after a subscription was acknowledged or a frame arrived, false once the SDK reports all sockets down. */
  connected: boolean;
  /** Clock reading of the last `streamUpdated` frame. */
  lastFrameMs: number | null;
  frames: number;
  /** Feed updates written to the price store. */
  priceUpdates: number;
  errors: number;
  lastError: string | null;
}

function chainStatus(chain: Chain): ChainIngestStatus {
  return {
    chain,
    connected: false,
    lastSlot: 0,
    lastUpdateMs: null,
    lastSyncMs: null,
    lastBlockhashMs: null,
    errors: 0,
    lastError: null,
    reconnects: 0,
    resyncs: 0,
    accounts: 0,
  };
}

/** Mutable status shared by the sources (they write, health and /metrics read). */
export class IngestStatus {
  readonly chains: Record<Chain, ChainIngestStatus> = { base: chainStatus("base"), er: chainStatus("er") };
  readonly oracle: OracleIngestStatus = {
    connected: false,
    lastFrameMs: null,
    frames: 0,
    priceUpdates: 0,
    errors: 0,
    lastError: null,
  };

  /** A plain copy for serialization. */
  snapshot(): { chains: Record<Chain, ChainIngestStatus>; oracle: OracleIngestStatus } {
    return {
      chains: { base: { ...this.chains.base }, er: { ...this.chains.er } },
      oracle: { ...this.oracle },
    };
  }
}
