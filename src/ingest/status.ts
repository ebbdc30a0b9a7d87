import type { Chain } from "../state/types.ts";

/** What health and /metrics need to know about one chain source. */
export interface ChainIngestStatus {
  chain: Chain;
  /** True while the WebSocket is open, subscriptions are live and the last poll succeeded. */
  connected: boolean;
  /** Highest slot seen (notifications, full loads' answer contexts, slot subscription). */
  lastSlot: number;
  /** Clock reading when `lastSlot` last moved forward: how far behind the chain's tip this source may be. */
  slotAdvancedAtMs: number | null;
  /** Clock reading of the last account write or slot notification that reached the store. */
  lastUpdateMs: number | null;
  /** Clock reading of the last completed full reload. */
  lastFullLoadMs: number | null;
  /** Clock reading of the last successful blockhash refresh (also the last HTTP request known to succeed). */
  lastBlockhashMs: number | null;
  /** Clock reading of the last completed existence check of the held accounts (closes). */
  lastExistenceCheckMs: number | null;
  /** Accounts removed because an existence check found them closed (or no longer the program's). */
  closesDetected: number;
  /** Errors counted so far, once per failure (failed requests, socket errors and closes, bad notifications). */
  errors: number;
  /** Last error message, if any. */
  lastError: string | null;
  /** Sessions started after the first (each one is a reconnect). */
  reconnects: number;
  /** Full loads done (the first included). */
  fullLoads: number;
  /** Accounts this chain holds in the store. */
  accounts: number;
}

export interface OracleIngestStatus {
  /** True after a subscription was acknowledged or a frame arrived, false once the SDK reports all sockets down. */
  connected: boolean;
  /** Clock reading of the last `streamUpdated` frame. */
  lastFrameMs: number | null;
  frames: number;
  /** Socket reconnects after an unexpected close or a heartbeat timeout. */
  reconnects: number;
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
    slotAdvancedAtMs: null,
    lastUpdateMs: null,
    lastFullLoadMs: null,
    lastBlockhashMs: null,
    lastExistenceCheckMs: null,
    closesDetected: 0,
    errors: 0,
    lastError: null,
    reconnects: 0,
    fullLoads: 0,
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
    reconnects: 0,
    priceUpdates: 0,
    errors: 0,
    lastError: null,
  };

  /**
   * Shifts every clock reading by `byMs`: the service clock jumped by −byMs (a looping replay started over), and
   * ages measured from these readings stay continuous.
   */
  shiftReadings(byMs: number): void {
    const shift = (v: number | null) => v === null ? null : v + byMs;
    for (const status of Object.values(this.chains)) {
      status.slotAdvancedAtMs = shift(status.slotAdvancedAtMs);
      status.lastUpdateMs = shift(status.lastUpdateMs);
      status.lastFullLoadMs = shift(status.lastFullLoadMs);
      status.lastBlockhashMs = shift(status.lastBlockhashMs);
      status.lastExistenceCheckMs = shift(status.lastExistenceCheckMs);
    }
    this.oracle.lastFrameMs = shift(this.oracle.lastFrameMs);
  }
}
