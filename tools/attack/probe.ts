/**
 * One HTTP/1.1 request on a new loopback connection (`Connection: close`), read to its end within a time limit. Each
 * probe opens its own connection on purpose: `fetch` would reuse a pooled one, and what a scenario asks is whether
 * the server still accepts and answers a new client.
 */
import { ascii, concat } from "./bytes.ts";
import { LOOPBACK, writeAll } from "./sockets.ts";

export interface ProbeAnswer {
  /** The status, or 0 when there was no answer (then `error` says why). */
  status: number;
  /** From the start of the connection to the end of the answer. */
  ms: number;
  headers: Record<string, string>;
  body: Uint8Array;
  error?: string;
}

export interface ProbeOptions {
  timeoutMs: number;
  method?: string;
  /** The answer's body is cut past this many bytes. */
  maxBytes?: number;
}

export async function httpGet(port: number, path: string, options: ProbeOptions): Promise<ProbeAnswer> {
  const started = performance.now();
  const maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
  const request = `${
    options.method ?? "GET"
  } ${path} HTTP/1.1\r\nHost: ${LOOPBACK}:${port}\r\nConnection: close\r\n\r\n`;
  const chunks: Uint8Array[] = [];
  let received = 0;
  let conn: Deno.Conn | undefined;
  const timer = setTimeout(() => conn?.close(), options.timeoutMs);
  let error: string | undefined;
  try {
    conn = await Deno.connect({ hostname: LOOPBACK, port, signal: AbortSignal.timeout(options.timeoutMs) });
    await writeAll(conn, ascii(request));
    const buffer = new Uint8Array(64 * 1024);
    while (received < maxBytes) {
      const n = await conn.read(buffer);
      if (n === null) break;
      chunks.push(buffer.slice(0, n));
      received += n;
    }
  } catch (e) {
    error = e instanceof Error ? e.name : String(e);
  } finally {
    clearTimeout(timer);
    try {
      conn?.close();
    } catch {
      // closed by the timer
    }
  }
  const ms = performance.now() - started;
  const parsed = parseAnswer(concat(chunks));
  if (!parsed) return { status: 0, ms, headers: {}, body: new Uint8Array(), error: error ?? "no answer" };
  return { ...parsed, ms };
}

/** The status, headers and body of a raw HTTP/1.1 answer read to its end (a chunked body is decoded). */
export function parseAnswer(bytes: Uint8Array): Omit<ProbeAnswer, "ms"> | undefined {
  const end = indexOfHeadEnd(bytes);
  if (end < 0) return undefined;
  const head = new TextDecoder().decode(bytes.subarray(0, end)).split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0])?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const raw = bytes.subarray(end + 4);
  const body = headers["transfer-encoding"]?.includes("chunked") ? dechunk(raw) : raw;
  return { status, headers, body };
}

/** Where the head of an answer ends (the index of its blank line's CRLF CRLF), or -1. */
export function indexOfHeadEnd(bytes: Uint8Array): number {
  for (let i = 0; i + 3 < bytes.length; i++) {
    if (bytes[i] === 13 && bytes[i + 1] === 10 && bytes[i + 2] === 13 && bytes[i + 3] === 10) return i;
  }
  return -1;
}

function dechunk(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  let at = 0;
  while (at < bytes.length) {
    let lineEnd = at;
    while (lineEnd + 1 < bytes.length && !(bytes[lineEnd] === 13 && bytes[lineEnd + 1] === 10)) lineEnd++;
    const size = parseInt(new TextDecoder().decode(bytes.subarray(at, lineEnd)), 16);
    if (!(size > 0)) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return concat(parts);
}

/** The `code` of an error answer's JSON body, if it has one. */
export function errorCode(body: Uint8Array): string | undefined {
  try {
    const code = JSON.parse(new TextDecoder().decode(body))?.code;
    return typeof code === "string" ? code : undefined;
  } catch {
    return undefined;
  }
}
