/**
 * The opening of one chain session (steps 1–2 of `chain-source.ts`): a Connection whose HTTP requests end with the
 * session and whose WebSocket does not reconnect on its own, then every subscription (slots, each program ×
 * discriminator, each extra account), waited for until the socket is open and each is acknowledged.
 */
import { type AccountInfo, type Commitment, Connection, type Context, PublicKey } from "@solana/web3.js";
import type { ChainSourceConfig } from "./chain-source-config.ts";
import type { GpaFilter } from "./full-load.ts";
import { JsonRpcHttp } from "./json-rpc-http.ts";
import { abortableSleep, raceSignal, timeoutSignal } from "./util.ts";
import { acknowledgeSendsImmediately, allSubscribed, rpcWebSocketOf } from "./web3-internals.ts";

/** Ends the session once, with the first reason given. */
export type SessionFail = (why: string, err?: unknown) => void;

/**
 * A Connection whose HTTP requests are abortable (they end with the session, or after `requestTimeoutMs`) and
 * whose WebSocket does not reconnect on its own: its errors and its close end the session (`fail`).
 */
export function connect(cfg: ChainSourceConfig, commitment: Commitment, signal: AbortSignal, fail: SessionFail) {
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

/** What the subscriptions report: an account (null: gone from the programs' scope) or a new slot. */
export interface SubscriptionHandlers {
  account(pubkey: string, info: AccountInfo<Uint8Array> | null, slot: number): void;
  slot(slot: number): void;
}

/**
 * Subscribes to slots, to every program × discriminator and to every extra account, then waits until the socket
 * is open and every subscription is acknowledged (or `subscribeTimeoutMs` passes: the session fails).
 */
export async function subscribeAll(
  conn: Connection,
  cfg: ChainSourceConfig,
  filterSets: GpaFilter[][],
  commitment: Commitment,
  signal: AbortSignal,
  socketOpen: Promise<void>,
  on: SubscriptionHandlers,
): Promise<void> {
  conn.onSlotChange((s) => on.slot(s.slot));
  for (const pid of cfg.programIds) {
    const program = new PublicKey(pid);
    for (const filters of filterSets) {
      conn.onProgramAccountChange(program, (keyed, ctx: Context) => {
        if (!cfg.programIds.includes(keyed.accountInfo.owner.toBase58())) {
          on.account(keyed.accountId.toBase58(), null, ctx.slot);
        } else on.account(keyed.accountId.toBase58(), keyed.accountInfo, ctx.slot);
      }, { commitment, filters });
    }
  }
  for (const key of cfg.extraAccounts ?? []) {
    conn.onAccountChange(new PublicKey(key), (info, ctx) => on.account(key, info, ctx.slot), { commitment });
  }

  const wait = timeoutSignal(signal, cfg.subscribeTimeoutMs ?? 10_000, "subscribing");
  try {
    await raceSignal(socketOpen, wait.signal);
    while (!allSubscribed(conn)) await abortableSleep(10, wait.signal);
  } finally {
    wait.clear();
  }
}
