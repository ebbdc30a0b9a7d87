/**
 * WebSocket handshakes, served here instead of by Deno's server, because Deno's WebSocket takes a client message of
 * up to 64 MiB whole and has no setting to lower that, while the streams read no client message at all. A handshake
 * (a connection whose first request asks to upgrade: first-bytes.ts) is answered by the app like any request, so
 * validation, CORS, the rate limit, admission and the log line are the app's; when the stream route admits the
 * socket it answers 101 through `switchingProtocols`, and this module switches the connection with the `ws` package,
 * whose `maxPayload` closes a socket sending a larger message with 1009 (RFC 6455 §7.4.1) before buffering it.
 * Liveness: a ping every `pongTimeoutMs`, and a socket whose pong has not come by the next one is dropped.
 */
import type { Socket } from "node:net";
import { Buffer } from "node:buffer";
import { STATUS_CODES } from "node:http";
import { WebSocketServer } from "ws";
import type { HandshakeHead } from "./first-bytes.ts";
import { type SocketEvents, switchingProtocols, type UpgradedSocket, upgradeInfo } from "./socket-upgrade.ts";

export type AppFetch = (request: Request, info: unknown) => Response | Promise<Response>;

export interface WebSocketFrontOptions {
  fetch: AppFetch;
  maxMessageBytes: number;
  pongTimeoutMs: number;
  /** Told of each socket dropped for a missing pong or an oversized message (metrics, logs). */
  onDropped?: (reason: "pong" | "message-too-big" | "error") => void;
}

/** What `ws` calls a socket: the `UpgradedSocket` the streams use, plus what liveness needs. */
interface WsSocket extends UpgradedSocket {
  ping(): void;
  terminate(): void;
  on(event: "pong" | "close", listener: () => void): void;
  on(event: "error", listener: (error: Error & { code?: string }) => void): void;
}

interface WsServer {
  handleUpgrade(request: object, socket: Socket, head: Buffer, done: (socket: WsSocket) => void): void;
}

/** RFC 6455 §7.4.1: the endpoint is going away (what Deno's own socket sends a silent client too). */
const CLOSE_GOING_AWAY = 1001;

/** A handshake's key: 16 bytes in base64 (RFC 6455 §4.2.1). */
const KEY = /^[A-Za-z0-9+/]{22}==$/;

export class WebSocketFront {
  readonly #server: WsServer;

  constructor(private readonly options: WebSocketFrontOptions) {
    this.#server = new WebSocketServer({
      noServer: true,
      maxPayload: options.maxMessageBytes,
      perMessageDeflate: false,
      clientTracking: false,
    }) as unknown as WsServer;
  }

  /** Serves the handshake whose head `head` is at the front of `socket` (unread), then the socket if it switches. */
  async serve(socket: Socket, head: HandshakeHead, peer: Deno.NetAddr): Promise<void> {
    const rest = await takeBytes(socket, head.length);
    const remoteAddr = { transport: "tcp" as const, hostname: peer.hostname, port: peer.port };
    let request: Request;
    try {
      request = new Request(`http://${head.headers["host"] || "localhost"}${head.target}`, {
        method: head.method,
        headers: Object.entries(head.headers),
      });
    } catch {
      return writeResponse(
        socket,
        Response.json({ error: "malformed request", code: "VALIDATION_FAILED" }, { status: 400 }),
      );
    }
    let switched: SocketEvents | undefined;
    const upgrade = (events: SocketEvents) => {
      if (!KEY.test(head.headers["sec-websocket-key"] ?? "") || head.headers["sec-websocket-version"] !== "13") {
        throw new TypeError("invalid WebSocket handshake");
      }
      switched = events;
      return switchingProtocols();
    };
    const response = await this.options.fetch(request, upgradeInfo(remoteAddr, upgrade));
    const events = switched;
    if (!events || response.status !== 101) {
      events?.onClose();
      return writeResponse(socket, response);
    }
    this.#server.handleUpgrade({ method: head.method, headers: head.headers }, socket, rest, (ws) => {
      this.#keepAlive(ws, events);
      ws.on("close", () => events.onClose());
      ws.on("error", (error) => {
        this.options.onDropped?.(error.code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH" ? "message-too-big" : "error");
        events.onClose();
      });
      events.onOpen(ws);
      socket.resume();
    });
  }

  /**
   * A ping every `pongTimeoutMs`; a socket whose pong has not come by the next one leaves its stream at once (its
   * slot freed) and is closed with 1001 (going away), then dropped if the close is not answered either.
   */
  #keepAlive(ws: WsSocket, events: SocketEvents): void {
    let answered = true;
    ws.on("pong", () => answered = true);
    const timer = setInterval(() => {
      if (answered) {
        answered = false;
        return ws.ping();
      }
      clearInterval(timer);
      this.options.onDropped?.("pong");
      events.onClose();
      ws.close(CLOSE_GOING_AWAY, "no pong");
      setTimeout(() => ws.terminate(), this.options.pongTimeoutMs);
    }, this.options.pongTimeoutMs);
    ws.on("close", () => clearInterval(timer));
  }
}

/** The client closed its connection before its handshake's head was read. */
export class HandshakeAbandoned extends Error {
  override name = "HandshakeAbandoned";
  constructor() {
    super("the client closed its connection during the handshake");
  }
}

/** Reads exactly `length` bytes off the (paused) socket; resolves with what arrived beyond them, the socket paused. */
function takeBytes(socket: Socket, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let taken = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      taken += chunk.length;
      if (taken < length) return;
      socket.pause();
      socket.off("data", onData);
      socket.off("close", onClose);
      resolve(Buffer.concat(chunks).subarray(length));
    };
    const onClose = () => reject(new HandshakeAbandoned());
    socket.on("data", onData);
    socket.once("close", onClose);
    socket.resume();
  });
}

/** Sends the app's (non-101) answer to a handshake and closes the connection: one request per handshake connection. */
async function writeResponse(socket: Socket, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ""}`];
  for (const [name, value] of response.headers) {
    if (name !== "content-length" && name !== "connection" && name !== "transfer-encoding") {
      lines.push(`${name}: ${value}`);
    }
  }
  lines.push(`content-length: ${body.length}`, "connection: close", "", "");
  socket.end(Buffer.concat([Buffer.from(lines.join("\r\n"), "latin1"), body]));
}
