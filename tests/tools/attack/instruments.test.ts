/**
 * The harness's instruments, each against a small loopback server whose behaviour is known, so a scenario's verdict
 * rests on readings that are right: the reset really is a reset, a refusal's code is read, a server close code is
 * read, HTTP/2 frames and HPACK blocks are what RFC 9113 / RFC 7541 say, a chunked answer is decoded, and the runner
 * reports a service that stops well as ok.
 */
import assert from "node:assert/strict";
import { concat } from "../../../tools/attack/bytes.ts";
import {
  encodeFrame,
  FRAME,
  FrameReader,
  getRequestBlock,
  readSettings,
  settingsFrame,
} from "../../../tools/attack/h2.ts";
import { parseAnswer } from "../../../tools/attack/probe.ts";
import { runScenario } from "../../../tools/attack/runner.ts";
import { resetAfterWrite, SocketSet, writeAll } from "../../../tools/attack/sockets.ts";
import { clientFrameHeader, OPCODE, rawUpgrade, readServerFrames } from "../../../tools/attack/websocket.ts";

const ascii = (text: string) => new TextEncoder().encode(text);

Deno.test("resetAfterWrite: the server reads the bytes, then its next read fails with a reset (RST, not FIN)", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const sockets = new SocketSet();
  try {
    const accepted = listener.accept();
    assert.ok(await resetAfterWrite(sockets, (listener.addr as Deno.NetAddr).port, "hello", 2_000));
    const conn = await accepted;
    await new Promise((r) => setTimeout(r, 50));
    const buffer = new Uint8Array(16);
    let error: unknown;
    try {
      while (await conn.read(buffer) !== null);
    } catch (e) {
      error = e;
    }
    conn.close();
    assert.ok(error instanceof Deno.errors.ConnectionReset, `got ${error}`);
  } finally {
    sockets.closeAll();
    listener.close();
  }
});

Deno.test("rawUpgrade and readServerFrames: a refusal's status and code; a 101, then the server's close code", async () => {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
    if (new URL(request.url).pathname === "/full") {
      return Response.json({ error: "too many", code: "WS_OWNER_LIMIT" }, { status: 429 });
    }
    const { socket, response } = Deno.upgradeWebSocket(request);
    socket.onmessage = () => socket.close(1009, "message too big");
    return response;
  });
  const sockets = new SocketSet();
  try {
    const refused = await rawUpgrade(sockets, server.addr.port, "/full", 2_000);
    assert.deepEqual({ status: refused.status, code: refused.code }, { status: 429, code: "WS_OWNER_LIMIT" });
    const open = await rawUpgrade(sockets, server.addr.port, "/ws", 2_000);
    assert.equal(open.status, 101);
    assert.ok(open.conn);
    await writeAll(open.conn, concat([clientFrameHeader(OPCODE.binary, 3), ascii("abc")]));
    const frames = await readServerFrames(open.conn, open.rest ?? new Uint8Array(), AbortSignal.timeout(5_000));
    assert.deepEqual({ end: frames.end, code: frames.closeCode }, { end: "close-frame", code: 1009 });
  } finally {
    sockets.closeAll();
    await server.shutdown();
  }
});

Deno.test("clientFrameHeader: the three length forms of RFC 6455 §5.2, masked, with a zero key", () => {
  assert.deepEqual([...clientFrameHeader(OPCODE.binary, 5)], [0x82, 0x85, 0, 0, 0, 0]);
  assert.deepEqual([...clientFrameHeader(OPCODE.binary, 300)], [0x82, 0xfe, 1, 44, 0, 0, 0, 0]);
  const big = clientFrameHeader(OPCODE.binary, 60 * 1024 * 1024);
  assert.deepEqual([...big.subarray(0, 2)], [0x82, 0xff]);
  assert.equal(new DataView(big.buffer, big.byteOffset + 2, 8).getBigUint64(0), 60n * 1024n * 1024n);
  assert.equal(big.length, 14);
});

Deno.test("HTTP/2: a GET's HPACK block, SETTINGS round trip and frames read back whole from a byte stream", async () => {
  // :method GET (2), :scheme http (6), :path literal with indexed name 4, :authority literal with indexed name 1.
  assert.deepEqual([...getRequestBlock("/a", "h:1")], [0x82, 0x86, 0x04, 2, 0x2f, 0x61, 0x01, 3, 0x68, 0x3a, 0x31]);
  const long = getRequestBlock(`/${"x".repeat(199)}`, "h");
  assert.deepEqual([...long.subarray(2, 5)], [0x04, 0x7f, 200 - 127], "a 200-byte value's length, 7-bit prefix");
  const settings = settingsFrame([[4, 0], [3, 200]]);
  assert.deepEqual([...settings.subarray(0, 9)], [0, 0, 12, FRAME.settings, 0, 0, 0, 0, 0]);
  assert.deepEqual([...readSettings(settings.subarray(9))], [[4, 0], [3, 200]]);
  // Frames split across reads come back whole.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const client = await Deno.connect({ hostname: "127.0.0.1", port: (listener.addr as Deno.NetAddr).port });
  const conn = await listener.accept();
  try {
    const bytes = concat([settings, encodeFrame(FRAME.headers, 5, 3, getRequestBlock("/", "h"))]);
    await writeAll(client, bytes.subarray(0, 7));
    const reader = new FrameReader(conn);
    const first = reader.next();
    await new Promise((r) => setTimeout(r, 20));
    await writeAll(client, bytes.subarray(7));
    assert.equal((await first)?.type, FRAME.settings);
    const second = await reader.next();
    assert.deepEqual([second?.type, second?.flags, second?.streamId], [FRAME.headers, 5, 3]);
    client.close();
    assert.equal(await reader.next(), null);
  } finally {
    conn.close();
    listener.close();
  }
});

Deno.test("parseAnswer: status, headers and a chunked body decoded", () => {
  const raw = ascii("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-A: b\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n");
  const answer = parseAnswer(raw);
  assert.equal(answer?.status, 200);
  assert.equal(answer?.headers["x-a"], "b");
  assert.equal(new TextDecoder().decode(answer?.body), "abcde");
  assert.equal(parseAnswer(ascii("HTTP/1.1 200 OK\r\n")), undefined, "no answer before the head ends");
});

Deno.test("runScenario: a service left alone is ok, exits 0 on SIGTERM, and its line has the runner's figures", async () => {
  const line = await runScenario({
    name: "idle",
    service: () => ({ env: {} }),
    timeLimitMs: () => 5_000,
    run: () => Promise.resolve({ figures: { idle: true }, failures: [] }),
  }, { bounded: true });
  assert.equal(line.ok, true, JSON.stringify(line));
  assert.equal(line.idle, true);
  assert.equal(line.exit_code, 0);
  assert.equal(line.died_before_sigterm, false);
  assert.equal(typeof line.sigterm_exit_ms, "number");
  assert.ok((line.rss_before_mib as number) > 0);
});

Deno.test("runScenario: a failed check and an attack past its time limit make the line not ok, with the reasons", async () => {
  const line = await runScenario({
    name: "slow",
    service: () => ({ env: {} }),
    timeLimitMs: () => 200,
    run: () => new Promise(() => {}),
  }, { bounded: true });
  assert.equal(line.ok, false);
  assert.deepEqual(line.failures, ["the attack did not end within 200 ms"]);
  assert.equal(line.exit_code, 0, "the service still stopped");
});
