/**
 * The few private parts of `@solana/web3.js` 1.98.4's `Connection` that ChainSource relies on (the version is pinned in
 * deno.json). They are reached only here, so an upgrade has one place to check.
 *
 * Why: web3.js hides its WebSocket (an rpc-websockets client) and silently reconnects and resubscribes, so a consumer
 * cannot tell that notifications were missed. ChainSource instead owns the lifecycle: it turns the automatic reconnect
 * off, watches the socket's open/close/error events, and on any failure throws the Connection away and starts a fresh
 * session (new Connection, resubscribe, full reload).
 */
import type { Connection } from "@solana/web3.js";

/** The rpc-websockets CommonClient (an eventemitter3 EventEmitter). */
export interface RpcWebSocketLike {
  webSocketFactory: (address: string, options: unknown) => UnderlyingSocketLike;
  on(event: string, fn: (...args: unknown[]) => void): unknown;
  once(event: string, fn: (...args: unknown[]) => void): unknown;
  removeAllListeners(event?: string): unknown;
  setAutoReconnect(reconnect: boolean): void;
  connect(): void;
  reconnect_timer_id?: ReturnType<typeof setTimeout>;
  socket?: UnderlyingSocketLike;
}

/** The `ws` package WebSocket underneath. */
export interface UnderlyingSocketLike {
  send(data: unknown, options?: unknown, callback?: (error?: Error) => void): void;
  readyState: number;
  terminate?: () => void;
  close(code?: number, reason?: string): void;
  addEventListener(type: string, fn: () => void): void;
}

interface ConnectionInternals {
  _rpcWebSocket: RpcWebSocketLike;
  _rpcWebSocketHeartbeat: ReturnType<typeof setInterval> | null;
  _rpcWebSocketIdleTimeout: ReturnType<typeof setTimeout> | null;
  _subscriptionsByHash: Record<string, { state: string } | undefined>;
}

function internals(conn: Connection): ConnectionInternals {
  return conn as unknown as ConnectionInternals;
}

export function rpcWebSocketOf(conn: Connection): RpcWebSocketLike {
  const ws = internals(conn)._rpcWebSocket;
  if (!ws || typeof ws.on !== "function" || typeof ws.setAutoReconnect !== "function") {
    throw new Error("unsupported @solana/web3.js version: Connection._rpcWebSocket not found");
  }
  return ws;
}

/**
 * rpc-websockets (node build, used by web3.js) registers a call's reply handler only in the `ws` send callback,
 * which fires after the frame is flushed. A fast server can answer before that: the reply finds no handler, is
 * dropped, and the subscription stays "subscribing" forever (seen against a loopback RPC in another process: up to
 * all 51 subscriptions of a session lost). Here the callback runs as soon as the frame is queued, as rpc-websockets'
 * browser build does, so the handler is in place before any reply can be read. A send error still reaches the
 * socket's error event, which ends the session.
 */
export function acknowledgeSendsImmediately(rpc: RpcWebSocketLike): void {
  const factory = rpc.webSocketFactory;
  rpc.webSocketFactory = (address, options) => {
    const socket = factory(address, options);
    const send = socket.send.bind(socket);
    socket.send = (data, optionsOrCallback, callback) => {
      const done = typeof optionsOrCallback === "function" ? optionsOrCallback : callback;
      const options = typeof optionsOrCallback === "function" ? undefined : optionsOrCallback;
      try {
        send(data, options);
      } catch (error) {
        done?.(error as Error);
        return;
      }
      done?.();
    };
    return socket;
  };
}

/** True when every subscription web3.js tracks has been acknowledged by the server. */
export function allSubscribed(conn: Connection): boolean {
  const subs = Object.values(internals(conn)._subscriptionsByHash ?? {});
  return subs.every((s) => s === undefined || s.state === "subscribed");
}

/**
 * Discards a Connection's socket for good: no reconnect, no lazy reconnect from web3.js, socket terminated, timers
 * cleared. Resolves once the socket reported its close (bounded wait).
 */
export async function disposeConnection(conn: Connection): Promise<void> {
  const c = internals(conn);
  const rpc = c._rpcWebSocket;
  if (!rpc) return;
  rpc.setAutoReconnect(false);
  // web3.js calls connect() again when subscriptions remain; a discarded Connection must never reopen.
  rpc.connect = () => {};
  if (rpc.reconnect_timer_id !== undefined) clearTimeout(rpc.reconnect_timer_id);
  const sock = rpc.socket;
  if (sock && sock.readyState !== 3 /* CLOSED */) {
    const closed = new Promise<void>((resolve) => sock.addEventListener("close", () => resolve()));
    try {
      if (typeof sock.terminate === "function") sock.terminate();
      else sock.close();
    } catch {
      // already closed
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([closed, new Promise<void>((r) => timer = setTimeout(r, 2000))]);
    clearTimeout(timer);
    // rpc-websockets re-emits "close" on a zero-delay timer; let it (and web3.js's handler) run.
    await new Promise((r) => setTimeout(r, 1));
  }
  if (c._rpcWebSocketHeartbeat) clearInterval(c._rpcWebSocketHeartbeat);
  c._rpcWebSocketHeartbeat = null;
  if (c._rpcWebSocketIdleTimeout) clearTimeout(c._rpcWebSocketIdleTimeout);
  c._rpcWebSocketIdleTimeout = null;
  rpc.removeAllListeners();
}

/** An account as the JSON-RPC answers it with `encoding: "base64"`. */
export interface RpcAccountJson {
  data: [string, "base64"];
  executable: boolean;
  lamports: number;
  owner: string;
}
