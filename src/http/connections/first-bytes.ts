/**
 * What a connection is, from its first bytes (read without taking them, libc.ts `peek`): an HTTP/2 cleartext
 * preface (refused: the server has no bound per stream, see README.md), a WebSocket handshake (served by the
 * stream front, src/http/connections/websocket.ts, which bounds client messages), or HTTP/1.1 for Deno's server.
 * Pure, so every case is a unit test.
 */

/** The HTTP/2 connection preface (RFC 9113 §3.4): a client speaking HTTP/2 without TLS starts with it. */
const H2_PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
const HEAD_END = "\r\n\r\n";

/** Longest handshake head waited for; a longer one goes to the HTTP server, which refuses it. */
export const MAX_HANDSHAKE_HEAD_BYTES = 8192;

export interface HandshakeHead {
  method: string;
  /** The request target as sent (origin form: `/v2/owner/…/ws?…`). */
  target: string;
  /** Header names lower-cased; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  /** Bytes of the head, the blank line included: what the stream front takes from the socket. */
  length: number;
}

export type FirstBytes =
  | { kind: "undecided" }
  | { kind: "h2c" }
  | { kind: "http" }
  | { kind: "websocket"; head: HandshakeHead };

const decoder = new TextDecoder("latin1");

/** Classifies the bytes seen so far; "undecided" asks for more (the caller waits within its header deadline). */
export function classifyFirstBytes(bytes: Uint8Array): FirstBytes {
  const text = decoder.decode(bytes);
  if (text.startsWith(H2_PREFACE)) return { kind: "h2c" };
  if (H2_PREFACE.startsWith(text)) return { kind: "undecided" };
  if (!text.startsWith("GET ")) return "GET ".startsWith(text) ? { kind: "undecided" } : { kind: "http" };
  const end = text.indexOf(HEAD_END);
  if (end < 0) return bytes.length >= MAX_HANDSHAKE_HEAD_BYTES ? { kind: "http" } : { kind: "undecided" };
  const head = parseHead(text.slice(0, end), end + HEAD_END.length);
  return head && isWebSocketHandshake(head) ? { kind: "websocket", head } : { kind: "http" };
}

function parseHead(text: string, length: number): HandshakeHead | undefined {
  const lines = text.split("\r\n");
  const requestLine = /^([A-Z]+) (\S+) HTTP\/1\.1$/.exec(lines[0]);
  if (!requestLine) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    if (colon <= 0) return undefined;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return { method: requestLine[1], target: requestLine[2], headers, length };
}

/** `Upgrade: websocket` among the upgrade tokens (RFC 6455 §4.2.1); the rest of the handshake is checked later. */
function isWebSocketHandshake(head: HandshakeHead): boolean {
  return (head.headers["upgrade"] ?? "").split(",").some((token) => token.trim().toLowerCase() === "websocket");
}
