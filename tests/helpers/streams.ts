/**
 * WebSocket clients for the stream tests, over a real listening server:
 * - `StreamClient`: Deno's WebSocket (it answers pings by itself); every message it receives is validated against
 *   the contract as it arrives;
 * - `rawUpgrade`: a handshake written by hand over TCP, to read a refused upgrade's status and body (a WebSocket
 *   client only sees "error") and to play a client that never answers a ping.
 */
import { assertMessageMatchesContract } from "./contract.ts";
import { listen } from "../../src/http/connections/listener.ts";
import { connectionBounds } from "../../src/server.ts";
import { type Config, loadConfig } from "../../src/config/env.ts";
import { eventually } from "./eventually.ts";

/**
 * Serves an app on a free loopback port through the service's connection layer (src/http/connections), as
 * `deno task start` does: its streams are switched by the stream front, with the bounds of `config`.
 */
export async function serveOnLoopback(
  fetch: (request: Request, info?: unknown) => Response | Promise<Response>,
  config: Config = loadConfig({}),
) {
  const listener = await listen({ hostname: "127.0.0.1", port: 0, fetch, ...connectionBounds(config) });
  const server = {
    async shutdown() {
      listener.close();
      await listener.drain(1_000);
    },
  };
  return { server, port: listener.port, base: `http://127.0.0.1:${listener.port}` };
}

export interface ReceivedMessage {
  type: string;
  // deno-lint-ignore no-explicit-any
  data: any;
  /** Wall-clock receive time (ms since the epoch). */
  at: number;
}

export class StreamClient {
  readonly messages: ReceivedMessage[] = [];
  readonly socket: WebSocket;
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
  #cursor = 0;
  #violation: unknown;

  /** `base` is the server's http:// address, `path` the stream route with its query. */
  constructor(base: string, readonly path: string) {
    this.socket = new WebSocket(base.replace(/^http/, "ws") + path);
    this.opened = new Promise((resolve, reject) => {
      this.socket.addEventListener("open", () => resolve(), { once: true });
      this.socket.addEventListener("error", () => reject(new Error(`${path}: the upgrade failed`)), { once: true });
    });
    this.closed = new Promise((resolve) =>
      this.socket.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason }), { once: true })
    );
    this.socket.addEventListener("message", (event) => {
      try {
        const message = assertMessageMatchesContract(path, String(event.data));
        this.messages.push({ ...message, at: performance.timeOrigin + performance.now() });
      } catch (error) {
        this.#violation ??= error;
      }
    });
  }

  /** The next message after the last one returned that satisfies `accept`. */
  async next(accept: (m: ReceivedMessage) => boolean = () => true, what = "a message", ms = 15_000) {
    const found = await eventually(
      () => {
        if (this.#violation) throw this.#violation;
        for (let i = this.#cursor; i < this.messages.length; i++) {
          if (accept(this.messages[i])) {
            this.#cursor = i + 1;
            return this.messages[i];
          }
        }
        return undefined;
      },
      `${this.path}: ${what}`,
      ms,
    );
    return found;
  }

  /** Messages received after the last one returned (without moving past them). */
  get unread(): ReceivedMessage[] {
    return this.messages.slice(this.#cursor);
  }

  /** Throws the first contract violation seen, if any. */
  assertValid(): void {
    if (this.#violation) throw this.#violation;
  }

  async close(): Promise<void> {
    if (this.socket.readyState < WebSocket.CLOSING) this.socket.close();
    await this.closed;
    this.assertValid();
  }
}

export interface RawFrame {
  opcode: number;
  payload: Uint8Array;
}

/** A WebSocket spoken by hand: the answer to the handshake, then frames read one by one (never answered). */
export interface RawUpgrade {
  status: number;
  headers: Headers;
  /** The body of a refused upgrade. */
  body: string;
  /** Next frame from the server, or null when the connection ended. */
  readFrame(): Promise<RawFrame | null>;
  close(): void;
}

export async function rawUpgrade(port: number, path: string, extraHeaders: Record<string, string> = {}) {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const key = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const lines = [
    `GET ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    "Upgrade: websocket",
    "Connection: Upgrade",
    `Sec-WebSocket-Key: ${key}`,
    "Sec-WebSocket-Version: 13",
    ...Object.entries(extraHeaders).map(([name, value]) => `${name}: ${value}`),
  ];
  await conn.write(new TextEncoder().encode(lines.join("\r\n") + "\r\n\r\n"));

  let buffered = new Uint8Array(0);
  const fill = async (): Promise<boolean> => {
    const chunk = new Uint8Array(65536);
    const n = await conn.read(chunk).catch(() => null);
    if (n === null) return false;
    const joined = new Uint8Array(buffered.length + n);
    joined.set(buffered);
    joined.set(chunk.subarray(0, n), buffered.length);
    buffered = joined;
    return true;
  };
  const take = async (n: number): Promise<Uint8Array | null> => {
    while (buffered.length < n) if (!await fill()) return null;
    const out = buffered.slice(0, n);
    buffered = buffered.slice(n);
    return out;
  };

  let headEnd = -1;
  while ((headEnd = new TextDecoder().decode(buffered).indexOf("\r\n\r\n")) < 0) {
    if (!await fill()) throw new Error("the server closed before answering the handshake");
  }
  const head = new TextDecoder().decode(buffered.slice(0, headEnd)).split("\r\n");
  buffered = buffered.slice(headEnd + 4);
  const status = Number(head[0].split(" ")[1]);
  const headers = new Headers(
    head.slice(1).map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()] as [string, string];
    }),
  );
  let body = "";
  if (status !== 101) {
    const length = Number(headers.get("content-length") ?? 0);
    body = new TextDecoder().decode((await take(length)) ?? new Uint8Array());
  }

  const readFrame = async (): Promise<RawFrame | null> => {
    const start = await take(2);
    if (!start) return null;
    let length = start[1] & 0x7f;
    if (length === 126) {
      const ext = await take(2);
      if (!ext) return null;
      length = (ext[0] << 8) | ext[1];
    } else if (length === 127) {
      const ext = await take(8);
      if (!ext) return null;
      length = Number(new DataView(ext.buffer).getBigUint64(0));
    }
    const payload = await take(length);
    return payload ? { opcode: start[0] & 0x0f, payload } : null;
  };
  const close = () => {
    try {
      conn.close();
    } catch {
      // already closed by the server
    }
  };
  return { status, headers, body, readFrame, close } satisfies RawUpgrade;
}

/** The close code of a close frame's payload. */
export const closeCodeOf = (frame: RawFrame) => (frame.payload[0] << 8) | frame.payload[1];

export const OPCODE = { text: 0x1, close: 0x8, ping: 0x9, pong: 0xa } as const;
