import assert from "node:assert/strict";
import { classifyFirstBytes, MAX_HANDSHAKE_HEAD_BYTES } from "../../../src/http/connections/first-bytes.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const kind = (text: string) => classifyFirstBytes(bytes(text)).kind;

const HANDSHAKE = "GET /v2/owner/abc/ws?updateIntervalMs=500 HTTP/1.1\r\nHost: api.example\r\nUpgrade: websocket\r\n" +
  "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";

Deno.test("first bytes: nothing yet, or a prefix of a preface or of GET, waits for more", () => {
  for (const text of ["", "G", "GE", "GET", "P", "PRI * HTTP/2.0\r\n"]) assert.equal(kind(text), "undecided", text);
});

Deno.test("first bytes: the HTTP/2 cleartext preface is h2c", () => {
  assert.equal(kind("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"), "h2c");
  assert.equal(kind("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\u0000\u0000\u0012\u0004"), "h2c");
});

Deno.test("first bytes: any other method is HTTP/1.1 at once, without waiting for the head", () => {
  for (const text of ["POST /v2/transaction-builder/open-position HTTP/1.1\r\n", "PO", "HEAD / HTTP/1.1", "OPTIONS"]) {
    assert.equal(kind(text), "http", text);
  }
});

Deno.test("first bytes: a GET waits for its whole head, then is a handshake only with Upgrade: websocket", () => {
  assert.equal(kind(HANDSHAKE.slice(0, 60)), "undecided");
  assert.equal(kind("GET /v2/health HTTP/1.1\r\nHost: x\r\n\r\n"), "http");
  assert.equal(kind("GET / HTTP/1.1\r\nUpgrade: h2c\r\nConnection: Upgrade\r\n\r\n"), "http");
  assert.equal(kind("GET / HTTP/1.1\r\nUpgrade: foo, WebSocket\r\n\r\n"), "websocket");
  assert.equal(kind("GET / HTTP/1.0\r\nUpgrade: websocket\r\n\r\n"), "http", "not HTTP/1.1");
  assert.equal(kind("GET / HTTP/1.1\r\nno colon here\r\nUpgrade: websocket\r\n\r\n"), "http", "malformed: Deno says");
});

Deno.test("first bytes: a handshake's head, parsed: target, lower-cased headers, repeated ones joined, length", () => {
  const seen = classifyFirstBytes(bytes(HANDSHAKE + "\u0081\u0085frame"));
  assert.equal(seen.kind, "websocket");
  if (seen.kind !== "websocket") return;
  assert.equal(seen.head.method, "GET");
  assert.equal(seen.head.target, "/v2/owner/abc/ws?updateIntervalMs=500");
  assert.equal(seen.head.headers["sec-websocket-key"], "dGhlIHNhbXBsZSBub25jZQ==");
  assert.equal(seen.head.headers["host"], "api.example");
  assert.equal(seen.head.length, HANDSHAKE.length, "the head only: what follows is the socket's");
  const repeated = classifyFirstBytes(bytes("GET / HTTP/1.1\r\nUpgrade: websocket\r\nX-A: 1\r\nx-a: 2\r\n\r\n"));
  assert.equal(repeated.kind === "websocket" && repeated.head.headers["x-a"], "1, 2");
});

Deno.test("first bytes: a GET head longer than the look's buffer goes to Deno's server (which refuses it)", () => {
  const long = "GET / HTTP/1.1\r\nX-Pad: " + "a".repeat(MAX_HANDSHAKE_HEAD_BYTES);
  assert.equal(classifyFirstBytes(bytes(long).subarray(0, MAX_HANDSHAKE_HEAD_BYTES)).kind, "http");
});
