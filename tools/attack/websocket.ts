/**
 * WebSocket clients for the scenarios: a normal one (Deno's `WebSocket`, as an application opens it), and a raw one
 * on a TCP connection, which shows the refusal's status and code when there is no 101, and can write a frame of any
 * declared length a piece at a time (RFC 6455 §5.2) and read the server's close code.
 */
import { ascii, concat } from "./bytes.ts";
import { connect, LOOPBACK, type SocketSet, writeAll } from "./sockets.ts";
import { errorCode, indexOfHeadEnd, parseAnswer } from "./probe.ts";

export const OPCODE = { text: 1, binary: 2, close: 8, ping: 9, pong: 10 } as const;

/** The upgrade request for `path` (a fresh key each time, as a browser sends). */
export function upgradeRequest(port: number, path: string): string {
  const key = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  return `GET ${path} HTTP/1.1\r\nHost: ${LOOPBACK}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
    `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`;
}

/** How an attempt to open a WebSocket ended: opened, refused (an error or close before opening), or not answered. */
export type OpenAttempt = "open" | "refused" | "no answer";

/**
 * Opens a WebSocket the way an application does and closes it again (1000) once open; says whether it opened within
 * `timeoutMs`, was refused, or got no answer in that time.
 */
export function openAttempt(port: number, path: string, timeoutMs: number): Promise<OpenAttempt> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://${LOOPBACK}:${port}${path}`);
    let settled = false;
    const finish = (outcome: OpenAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (outcome === "open") {
        // Wait for the close handshake (bounded) so the slot is given back before the next check.
        const closeTimer = setTimeout(() => resolve(outcome), 2_000);
        socket.onclose = () => {
          clearTimeout(closeTimer);
          resolve(outcome);
        };
        socket.close(1000);
      } else {
        socket.onclose = null;
        if (socket.readyState !== WebSocket.CLOSED) socket.close();
        resolve(outcome);
      }
    };
    const timer = setTimeout(() => finish("no answer"), timeoutMs);
    socket.onopen = () => finish("open");
    socket.onerror = () => finish("refused");
    socket.onclose = () => finish("refused");
  });
}

export interface RawUpgrade {
  /** 101, the refusal's status, or 0 when there was no answer. */
  status: number;
  /** The refusal's error code (`WS_OWNER_LIMIT`, …). */
  code?: string;
  /** The open connection after a 101 (in the caller's socket set). */
  conn?: Deno.Conn;
  /** Bytes read past the 101's head (the first frames). */
  rest?: Uint8Array;
  error?: string;
}

/** Sends the upgrade request on a new TCP connection and reads the answer's head (and a refusal's body). */
export async function rawUpgrade(
  sockets: SocketSet,
  port: number,
  path: string,
  timeoutMs: number,
): Promise<RawUpgrade> {
  const conn = await connect(sockets, port, timeoutMs);
  if ("error" in conn) return { status: 0, error: conn.error };
  const timer = setTimeout(() => sockets.close(conn), timeoutMs);
  try {
    await writeAll(conn, ascii(upgradeRequest(port, path)));
    const parts: Uint8Array[] = [];
    const buffer = new Uint8Array(16 * 1024);
    while (true) {
      const n = await conn.read(buffer);
      if (n === null) break;
      parts.push(buffer.slice(0, n));
      const bytes = concat(parts);
      const end = indexOfHeadEnd(bytes);
      if (end < 0) continue;
      const answer = parseAnswer(bytes);
      if (answer?.status === 101) return { status: 101, conn, rest: bytes.subarray(end + 4) };
      const length = Number(answer?.headers["content-length"] ?? 0);
      if (answer && answer.body.length >= length) {
        sockets.close(conn);
        return { status: answer.status, code: errorCode(answer.body) };
      }
    }
    sockets.close(conn);
    const answer = parseAnswer(concat(parts));
    return answer ? { status: answer.status, code: errorCode(answer.body) } : { status: 0, error: "closed" };
  } catch (error) {
    sockets.close(conn);
    return { status: 0, error: (error as Error).name };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The header of a client frame (FIN set, masked with the all-zero key, so the payload bytes go out as they are; any
 * key is valid, RFC 6455 §5.3) declaring `length` payload bytes.
 */
export function clientFrameHeader(opcode: number, length: number): Uint8Array {
  const header = new Uint8Array(14);
  const view = new DataView(header.buffer);
  header[0] = 0x80 | opcode;
  if (length < 126) {
    header[1] = 0x80 | length;
    return header.subarray(0, 2 + 4);
  }
  if (length < 65536) {
    header[1] = 0x80 | 126;
    view.setUint16(2, length);
    return header.subarray(0, 4 + 4);
  }
  header[1] = 0x80 | 127;
  view.setBigUint64(2, BigInt(length));
  return header; // 2 + 8 + the 4-byte zero key
}

/** A client close frame with `code` (masked with the zero key). */
export function clientCloseFrame(code: number): Uint8Array {
  const payload = new Uint8Array([code >> 8, code & 0xff]);
  return concat([clientFrameHeader(OPCODE.close, 2), payload]);
}

/** What the server sent on a raw WebSocket until it closed or the read ended. */
export interface ServerFrames {
  frames: number;
  /** The server's close frame's code (1009, 1001, …), if one came. */
  closeCode?: number;
  /** How the connection ended: `close-frame`, `eof`, `reset`, `error`, or `open` when the caller stopped reading. */
  end: "close-frame" | "eof" | "reset" | "error" | "open";
  /** performance.now() at the end. */
  at: number;
}

/**
 * Reads the server's frames (server frames are never masked) from `conn`, starting with `rest`, until a close frame,
 * the end of the connection, or `signal`. Only frame headers and close payloads are kept.
 */
export async function readServerFrames(conn: Deno.Conn, rest: Uint8Array, signal: AbortSignal): Promise<ServerFrames> {
  let pending = rest;
  let frames = 0;
  const buffer = new Uint8Array(64 * 1024);
  const done = (end: ServerFrames["end"], closeCode?: number): ServerFrames => ({
    frames,
    closeCode,
    end,
    at: performance.now(),
  });
  while (!signal.aborted) {
    // Parse every whole frame held.
    while (pending.length >= 2) {
      const opcode = pending[0] & 0x0f;
      let length = pending[1] & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (pending.length < 4) break;
        length = (pending[2] << 8) | pending[3];
        offset = 4;
      } else if (length === 127) {
        if (pending.length < 10) break;
        length = Number(new DataView(pending.buffer, pending.byteOffset + 2, 8).getBigUint64(0));
        offset = 10;
      }
      if (pending.length < offset + length) break;
      frames++;
      if (opcode === OPCODE.close) {
        const code = length >= 2 ? (pending[offset] << 8) | pending[offset + 1] : undefined;
        return done("close-frame", code);
      }
      pending = pending.slice(offset + length);
    }
    let n: number | null;
    try {
      n = await conn.read(buffer);
    } catch (error) {
      return done((error as Error).name === "ConnectionReset" ? "reset" : "error");
    }
    if (n === null) return done("eof");
    pending = concat([pending, buffer.subarray(0, n)]);
  }
  return done("open");
}
