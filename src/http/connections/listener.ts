/**
 * The service's listener: it accepts connections itself so that every one is bounded, which `Deno.serve` (2.9.6)
 * cannot do: it has no connection limit, no header, body, write or idle timeout, and dies of a failed accept when
 * descriptors run out. Per connection:
 *
 * 1. past `maxConnections` open ones, it is closed at once (the process never reaches its descriptor limit);
 * 2. its first bytes are looked at without being read (libc.ts `peek`), until `headersMs`; then by kind
 *    (first-bytes.ts): HTTP/2 cleartext is refused (closed), a WebSocket handshake goes to the stream front
 *    (websocket.ts), and HTTP/1.1 goes to Deno's own HTTP server for that one connection (the per-request path is
 *    the one `Deno.serve` runs, answers included);
 * 3. an HTTP connection lives within its deadlines (deadlines.ts): headers, request, write and keep-alive, each
 *    closing it when missed.
 *
 * Deno's per-connection server is `serveHttpOnConnection`, which Deno keeps among its internals (as `Deno.serve`'s
 * own building block); the connection itself comes from `node:net`, whose accepted socket gives its descriptor (for
 * the look) and hands its stream over. `listen()` refuses to start where either is missing, rather than serve
 * without the bounds.
 */
import net from "node:net";
import { closeDescriptor, libc, peek, raiseDescriptorLimit } from "./libc.ts";
import { classifyFirstBytes, type HandshakeHead, MAX_HANDSHAKE_HEAD_BYTES } from "./first-bytes.ts";
import { DeadlineSweep, HttpConnectionDeadline, type HttpPhase, type HttpTimeouts } from "./deadlines.ts";
import { type AppFetch, HandshakeAbandoned, WebSocketFront } from "./websocket.ts";

export interface ListenOptions {
  hostname: string;
  port: number;
  fetch: AppFetch;
  timeouts: HttpTimeouts;
  /** Open connections at most; default: from the descriptor limit (`defaultMaxConnections`). */
  maxConnections?: number;
  webSocket: { maxMessageBytes: number; pongTimeoutMs: number };
  events?: ConnectionEvents;
}

/** What the listener tells metrics and logs. */
export interface ConnectionEvents {
  /** A connection refused at the limit. */
  refused?(): void;
  /** A connection closed by a bound: a missed deadline (by phase), HTTP/2 cleartext, a dropped socket. */
  closed?(reason: HttpPhase | "h2c" | "pong" | "message-too-big" | "error"): void;
  /** An unexpected failure (accepting, handing a connection over), with what it was doing. */
  failed?(what: string, error: unknown): void;
}

export interface Listening {
  readonly hostname: string;
  readonly port: number;
  /** Connections open now (HTTP, WebSocket, and those still being looked at). */
  readonly open: number;
  readonly maxConnections: number;
  /** Stops accepting; open connections are left to `drain`. */
  close(): void;
  /** Waits until no connection is open or `deadlineMs` has passed, then drops what is left. */
  drain(deadlineMs: number): Promise<void>;
}

/** Descriptors kept free for what is not a client connection (upstreams, Redis, files): a tenth, at least 128. */
export function defaultMaxConnections(descriptorLimit: number): number {
  return Math.max(1, descriptorLimit - Math.max(128, Math.ceil(descriptorLimit / 10)));
}

/** The symbol under which Deno keeps a connection's resource id (read from a connection Deno made). */
function resourceIdSymbol(): symbol {
  const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const symbol = Object.getOwnPropertySymbols(probe).find((s) => s.description === "Deno.internal.rid");
    if (!symbol) throw new Error("Deno keeps no resource id on a listener");
    return symbol;
  } finally {
    probe.close();
  }
}

type ServeOnConnection = (
  connection: object,
  signal: AbortSignal,
  handler: (request: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>,
  onError: (error: unknown) => Response,
  onListen: () => void,
) => { finished: Promise<void>; shutdown(): Promise<void> };

/** What node:net's TCP handle offers in Deno 2.9.6 beyond Node's: adopting Deno's connection, and a copy of its
 * descriptor. */
interface DenoTcpHandle {
  openFromRid(rid: number): number;
  fdForIpc(): number;
  close(done?: () => void): void;
}

/** The constructor of node:net's TCP handle (not exported: read off a server's). */
async function tcpHandleClass(): Promise<new (type: number) => DenoTcpHandle> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const handleClass = (probe as unknown as { _handle: object })._handle.constructor;
  probe.close();
  return handleClass as new (type: number) => DenoTcpHandle;
}

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // Already closed (by its peer's reset, or by Deno's server).
  }
}

/** Waits between looks at a silent new connection: soon at first (most requests follow the handshake at once). */
const LOOK_DELAYS_MS = [0, 1, 2, 5, 10, 25, 50, 100];

/** Wait before accepting again after a failed accept (descriptors exhausted): the deadlines free some meanwhile. */
const ACCEPT_RETRY_MS = 100;

/** EMFILE, ENFILE, ENOBUFS, ENOMEM: the process (or the machine) is out of what an accept needs. */
const OUT_OF_RESOURCES = /\(os error (24|23|105|12)\)/;

function outOfResources(error: unknown): boolean {
  return OUT_OF_RESOURCES.test(error instanceof Error ? error.message : String(error));
}

export async function listen(options: ListenOptions): Promise<Listening> {
  const library = libc();
  const internals = (Deno as unknown as Record<symbol, Record<string, unknown>>)[
    (Deno as unknown as { internal: symbol }).internal
  ];
  const serveOnConnection = internals?.serveHttpOnConnection as ServeOnConnection | undefined;
  if (!library || !serveOnConnection) {
    throw new Error("the connection layer needs Linux (glibc) and Deno 2.9.6's serveHttpOnConnection");
  }
  const descriptors = raiseDescriptorLimit(library);
  const maxConnections = options.maxConnections ?? defaultMaxConnections(descriptors?.soft ?? 1024);
  const ridSymbol = resourceIdSymbol();
  const ridOf = (conn: Deno.Conn) => (conn as unknown as Record<symbol, number>)[ridSymbol];
  const TcpHandle = await tcpHandleClass();
  const events = options.events ?? {};
  const sweep = new DeadlineSweep();
  const webSockets = new WebSocketFront({
    fetch: options.fetch,
    ...options.webSocket,
    onDropped: (reason) => events.closed?.(reason),
  });
  /** Each open connection's ends: `graceful` once the listener closes, `drop` when the drain's deadline passes. */
  const open = new Map<object, { graceful(): void; drop(): void }>();
  const lookBuffer = new Uint8Array(MAX_HANDSHAKE_HEAD_BYTES);
  const listener = Deno.listen({ hostname: options.hostname, port: options.port });
  /** The second descriptor of each WebSocket (see serveWebSocket). */
  let webSocketDescriptors = 0;
  let closed = false;

  const serveHttp = (conn: Deno.Conn, key: object, done: () => void) => {
    const abort = new AbortController();
    const deadline = new HttpConnectionDeadline(sweep, options.timeouts, (phase) => {
      events.closed?.(phase);
      abort.abort();
    });
    // Made once per connection, not per request: a request allocates no closure for its deadline.
    const ended = () => deadline.completed();
    const answeredWith = (response: Response) => {
      deadline.answered();
      return response;
    };
    const handler = (request: Request, info: Deno.ServeHandlerInfo) => {
      deadline.requestStarted();
      info.completed.then(ended, ended);
      const answer = options.fetch(request, info);
      return answer instanceof Response ? answeredWith(answer) : answer.then(answeredWith);
    };
    const onError = (error: unknown) => {
      events.failed?.("answer", error);
      return new Response(null, { status: 500 });
    };
    sweep.add(deadline);
    const served = serveOnConnection(conn, abort.signal, handler, onError, () => {});
    open.set(key, { graceful: () => void served.shutdown().catch(() => {}), drop: () => abort.abort() });
    served.finished.catch(() => {}).finally(() => {
      sweep.delete(deadline);
      done();
    });
  };

  const serveWebSocket = (conn: Deno.Conn, head: HandshakeHead, key: object, done: () => void) => {
    // node:net's socket over a copy of the connection (`ws` needs one). The original stays open beside it (closing
    // it would end the connection) until the socket closes: a WebSocket holds two descriptors, so counts twice.
    const handle = new TcpHandle(0);
    handle.openFromRid(ridOf(conn));
    const socket = new net.Socket({ handle, readable: true, writable: true } as unknown as net.SocketConstructorOpts);
    socket.pause();
    // Until `ws` has the socket, its errors (a reset) only end it.
    socket.on("error", () => socket.destroy());
    webSocketDescriptors++;
    socket.once("close", () => {
      webSocketDescriptors--;
      closeQuietly(conn);
      done();
    });
    // A WebSocket closes with its stream (the hubs close theirs first at shutdown), so graceful leaves it be.
    open.set(key, { graceful: () => {}, drop: () => socket.destroy() });
    webSockets.serve(socket, head, conn.remoteAddr as Deno.NetAddr).catch((error) => {
      // A client that leaves during its handshake is no failure of ours (and must not fill the logs).
      if (!(error instanceof HandshakeAbandoned)) events.failed?.("handshake", error);
      socket.destroy();
    });
  };

  /**
   * The connection's unread bytes, left unread. node:net's handle is the only way to a descriptor in Deno 2.9.6: it
   * adopts a copy of the connection (a dup) and lends a copy of that; both are closed at once, so a silent
   * connection holds one descriptor between looks, not three.
   */
  const lookAt = (rid: number) => {
    const handle = new TcpHandle(0);
    handle.openFromRid(rid);
    const fd = handle.fdForIpc();
    try {
      return peek(library, fd, lookBuffer);
    } finally {
      closeDescriptor(library, fd);
      handle.close();
    }
  };

  const accepted = (conn: Deno.Conn) => {
    if (open.size + webSocketDescriptors >= maxConnections) {
      events.refused?.();
      return closeQuietly(conn);
    }
    const key = {};
    let counted = true;
    const done = () => {
      if (!counted) return;
      counted = false;
      open.delete(key);
    };
    const rid = ridOf(conn);
    const drop = () => {
      closeQuietly(conn);
      done();
    };
    open.set(key, { graceful: () => {}, drop });
    const giveUpAt = Date.now() + options.timeouts.headersMs;
    let attempt = 0;
    const next = () => {
      if (!counted) return;
      try {
        look();
      } catch (error) {
        // A connection that failed while looked at (reset, or refused by Deno's server): it only ends.
        events.failed?.("look", error);
        drop();
      }
    };
    const look = () => {
      const seen = lookAt(rid);
      const kind = seen.kind === "bytes" ? classifyFirstBytes(lookBuffer.subarray(0, seen.length)) : undefined;
      if (seen.kind !== "ended" && (kind === undefined || kind.kind === "undecided")) {
        if (Date.now() < giveUpAt) {
          const wait = LOOK_DELAYS_MS[Math.min(attempt++, LOOK_DELAYS_MS.length - 1)];
          return void setTimeout(next, wait);
        }
        events.closed?.("headers");
      }
      if (kind === undefined || kind.kind === "undecided") return drop();
      if (kind.kind === "h2c") {
        events.closed?.("h2c");
        return drop();
      }
      if (kind.kind === "websocket") return serveWebSocket(conn, kind.head, key, done);
      serveHttp(conn, key, done);
    };
    next();
  };

  const acceptLoop = async () => {
    while (!closed) {
      let conn: Deno.Conn;
      try {
        conn = await listener.accept();
      } catch (error) {
        if (closed) return;
        // A connection its peer reset before it was accepted fails alone (ENOTCONN, ECONNABORTED): the next one is
        // accepted at once, or a burst of resets would stall every client behind it.
        if (!outOfResources(error)) continue;
        // Out of descriptors or memory: the listener stays; accept again once the deadlines have freed some.
        events.failed?.("accept", error);
        await new Promise((resolve) => setTimeout(resolve, ACCEPT_RETRY_MS));
        continue;
      }
      try {
        accepted(conn);
      } catch (error) {
        events.failed?.("hand-over", error);
        closeQuietly(conn);
      }
    }
  };
  void acceptLoop();

  const address = listener.addr as Deno.NetAddr;
  return {
    hostname: address.hostname,
    port: address.port,
    get open() {
      return open.size;
    },
    maxConnections,
    close: () => {
      closed = true;
      listener.close();
      for (const connection of [...open.values()]) connection.graceful();
    },
    drain: async (deadlineMs) => {
      const until = Date.now() + deadlineMs;
      while (open.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      for (const connection of [...open.values()]) connection.drop();
      open.clear();
      sweep.stop();
    },
  };
}
