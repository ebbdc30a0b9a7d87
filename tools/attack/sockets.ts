/**
 * Raw loopback TCP for the scenarios: connections with a time limit, a set that closes every socket it was given
 * (whatever happened), a watch that says when and how the server ended a connection, and a reset (RST) right after
 * a write.
 *
 * The reset: Deno's own `Deno.Conn` cannot set SO_LINGER, but Deno 2.9.6's `node:net` implements Node's
 * `socket.resetAndDestroy()`, which closes the descriptor with a zero linger so the kernel sends RST instead of FIN
 * (checked: the server's next read fails with ECONNRESET, "Connection reset by peer").
 */
import net from "node:net";

export const LOOPBACK = "127.0.0.1";

/** A loopback port nobody listens on right now. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: LOOPBACK, port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** Every socket a scenario opened, closed together at its end (also after a failure). */
export class SocketSet {
  readonly #conns = new Set<Deno.Conn>();
  readonly #nodeSockets = new Set<net.Socket>();

  add(conn: Deno.Conn): Deno.Conn {
    this.#conns.add(conn);
    return conn;
  }

  addNode(socket: net.Socket): net.Socket {
    this.#nodeSockets.add(socket);
    socket.once("close", () => this.#nodeSockets.delete(socket));
    return socket;
  }

  /** Closes one connection (at most once) and forgets it. */
  close(conn: Deno.Conn): void {
    if (!this.#conns.delete(conn)) return;
    try {
      conn.close();
    } catch {
      // already closed
    }
  }

  get size(): number {
    return this.#conns.size + this.#nodeSockets.size;
  }

  closeAll(): void {
    for (const conn of [...this.#conns]) this.close(conn);
    for (const socket of this.#nodeSockets) socket.destroy();
    this.#nodeSockets.clear();
  }
}

/** A TCP connection to the loopback port, or why there is none within `timeoutMs`. */
export async function connect(
  sockets: SocketSet,
  port: number,
  timeoutMs: number,
): Promise<Deno.TcpConn | { error: string }> {
  try {
    const conn = await Deno.connect({ hostname: LOOPBACK, port, signal: AbortSignal.timeout(timeoutMs) });
    sockets.add(conn);
    return conn;
  } catch (error) {
    return { error: errorName(error) };
  }
}

export async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let written = 0;
  while (written < bytes.length) written += await conn.write(bytes.subarray(written));
}

/** Writes, reporting failure as a value (the server may have closed the connection). */
export async function tryWrite(conn: Deno.Conn, bytes: Uint8Array): Promise<boolean> {
  try {
    await writeAll(conn, bytes);
    return true;
  } catch {
    return false;
  }
}

/** How a connection the client keeps open ended, seen from the client. */
export interface ConnectionEnd {
  /** `data`: the server answered (its first bytes are in `first`); `eof`: it closed; `reset`: it reset. */
  kind: "data" | "eof" | "reset" | "error";
  /** performance.now() when it was seen. */
  at: number;
  first?: string;
}

/**
 * Resolves when the server first answers on `conn`, closes or resets it. A read the client ends itself (closing the
 * socket) resolves as `error` and is not counted by the scenarios, which stop watching first.
 */
export async function watchEnd(conn: Deno.Conn): Promise<ConnectionEnd> {
  const buffer = new Uint8Array(512);
  try {
    const n = await conn.read(buffer);
    if (n === null) return { kind: "eof", at: performance.now() };
    return { kind: "data", at: performance.now(), first: new TextDecoder().decode(buffer.subarray(0, n)) };
  } catch (error) {
    return { kind: errorName(error) === "ConnectionReset" ? "reset" : "error", at: performance.now() };
  }
}

/**
 * Connects with `node:net`, writes `text` and resets the connection (RST) as soon as the write has been handed to the
 * kernel, or `delayMs` after. Resolves when the socket is gone; false when it could not connect within `timeoutMs`.
 */
export function resetAfterWrite(
  sockets: SocketSet,
  port: number,
  text: string | Uint8Array,
  timeoutMs: number,
  delayMs = 0,
): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = sockets.addNode(net.connect({ host: LOOPBACK, port }));
    let connected = false;
    const timer = setTimeout(() => socket.destroy(), timeoutMs + delayMs);
    socket.on("error", () => {});
    socket.once("connect", () => {
      connected = true;
      socket.write(
        text,
        () => delayMs ? setTimeout(() => socket.resetAndDestroy(), delayMs) : socket.resetAndDestroy(),
      );
    });
    socket.once("close", () => {
      clearTimeout(timer);
      resolve(connected);
    });
  });
}

/** Runs `task` over `items` with at most `limit` at a time; results in order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function errorName(error: unknown): string {
  return error instanceof Error ? error.name : String(error);
}
