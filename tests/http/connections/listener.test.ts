/**
 * The listener against real sockets on loopback, with a small app and short deadlines: every bound of issue 43's
 * connection layer, as a client meets it. (The full-size scenarios, memory and descriptor figures included, are
 * `deno task attack`'s.)
 */
import assert from "node:assert/strict";
import { type ConnectionEvents, listen, type ListenOptions } from "../../../src/http/connections/listener.ts";
import { socketUpgradeOf } from "../../../src/http/connections/socket-upgrade.ts";
import { eventually } from "../../helpers/eventually.ts";

const TIMEOUTS = { headersMs: 300, requestMs: 300, writeMs: 300, keepAliveMs: 300 };

/** An app: `/` answers, `/big` streams 16 MiB, `/echo` reads its body, `/ws` switches to a WebSocket. */
function app(request: Request, info: unknown): Response | Promise<Response> {
  const path = new URL(request.url).pathname;
  if (path === "/big") {
    let sent = 0;
    return new Response(
      new ReadableStream({
        pull(controller) {
          controller.enqueue(new Uint8Array(64 * 1024));
          if ((sent += 64 * 1024) >= 16 * 1024 * 1024) controller.close();
        },
      }),
    );
  }
  if (path === "/echo") return request.text().then((text) => new Response(text));
  if (path === "/ws") {
    const upgrade = socketUpgradeOf(info);
    if (!upgrade) return new Response("no switch offered", { status: 500 });
    return upgrade({ onOpen: (socket) => socket.send("hello"), onClose: () => {} });
  }
  return new Response("ok");
}

async function started(options: Partial<ListenOptions> = {}) {
  const ended: string[] = [];
  let refused = 0;
  const events: ConnectionEvents = { closed: (reason) => ended.push(reason), refused: () => refused++ };
  const listener = await listen({
    hostname: "127.0.0.1",
    port: 0,
    fetch: app,
    timeouts: TIMEOUTS,
    webSocket: { maxMessageBytes: 1024, pongTimeoutMs: 10_000 },
    events,
    ...options,
  });
  return {
    listener,
    ended,
    refused: () => refused,
    base: `http://127.0.0.1:${listener.port}`,
    connect: () => Deno.connect({ hostname: "127.0.0.1", port: listener.port }),
    async stop() {
      listener.close();
      await listener.drain(500);
    },
  };
}

/** Resolves when the server closes `conn` (a read of 0 bytes or a reset), reading and dropping what comes first. */
async function closedByServer(conn: Deno.Conn, withinMs = 3_000): Promise<boolean> {
  const buffer = new Uint8Array(64 * 1024);
  const timeout = setTimeout(() => conn.close(), withinMs);
  try {
    while ((await conn.read(buffer)) !== null);
    return true;
  } catch (error) {
    return !(error instanceof Deno.errors.BadResource);
  } finally {
    clearTimeout(timeout);
  }
}

const write = (conn: Deno.Conn, text: string) => conn.write(new TextEncoder().encode(text));

Deno.test("listener: answers HTTP/1.1 through Deno's server, and counts its connections", async () => {
  const s = await started();
  try {
    const answer = await fetch(`${s.base}/`);
    assert.equal(await answer.text(), "ok");
    const echoed = await fetch(`${s.base}/echo`, { method: "POST", body: "payload" });
    assert.equal(await echoed.text(), "payload");
    assert.ok(s.listener.open >= 1, "the kept-alive connection is counted");
  } finally {
    await s.stop();
  }
});

Deno.test("listener: a connection that sends nothing, or its headers slowly, is closed at the headers deadline", async () => {
  const s = await started();
  try {
    const silent = await s.connect();
    const slow = await s.connect();
    await write(slow, "POST /echo HTTP/1.1\r\nHost: x\r\n");
    const began = Date.now();
    assert.ok(await closedByServer(silent));
    assert.ok(await closedByServer(slow));
    assert.ok(Date.now() - began < 2_000);
    assert.deepEqual(s.ended.sort(), ["headers", "headers"]);
    await eventually(() => s.listener.open === 0 ? true : undefined, "no connection left");
  } finally {
    await s.stop();
  }
});

Deno.test("listener: a body sent slowly is closed at the request deadline; an idle kept-alive one at its own", async () => {
  const s = await started();
  try {
    const slowBody = await s.connect();
    await write(slowBody, "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 60000\r\n\r\na");
    assert.ok(await closedByServer(slowBody));
    const idle = await s.connect();
    await write(idle, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    assert.ok(await closedByServer(idle));
    assert.deepEqual(s.ended.sort(), ["keepAlive", "request"]);
  } finally {
    await s.stop();
  }
});

Deno.test("listener: a client that stops reading an answer is closed at the write deadline", async () => {
  const s = await started();
  try {
    const reader = await s.connect();
    await write(reader, "GET /big HTTP/1.1\r\nHost: x\r\n\r\n");
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // never reads meanwhile
    await eventually(() => s.ended.includes("write") ? true : undefined, "the write deadline");
    assert.ok(await closedByServer(reader));
  } finally {
    await s.stop();
  }
});

Deno.test("listener: HTTP/2 cleartext is refused (closed before any frame is answered)", async () => {
  const s = await started();
  try {
    const h2 = await s.connect();
    await write(h2, "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");
    const buffer = new Uint8Array(1024);
    assert.equal(await h2.read(buffer).catch(() => null), null, "no SETTINGS frame: the connection is closed");
    h2.close();
    assert.deepEqual(s.ended, ["h2c"]);
  } finally {
    await s.stop();
  }
});

Deno.test("listener: past maxConnections a new connection is closed at once; a freed place serves again", async () => {
  const s = await started({ maxConnections: 2, timeouts: { ...TIMEOUTS, headersMs: 10_000 } });
  try {
    const held = [await s.connect(), await s.connect()];
    await eventually(() => s.listener.open === 2 ? true : undefined, "two held");
    const third = await s.connect();
    assert.ok(await closedByServer(third, 1_000));
    assert.equal(s.refused(), 1);
    held[0].close();
    await eventually(() => s.listener.open === 1 ? true : undefined, "one freed");
    assert.equal(await (await fetch(`${s.base}/`)).text(), "ok");
    held[1].close();
  } finally {
    await s.stop();
  }
});

Deno.test("listener: a WebSocket handshake is switched by the stream front; a client message past the bound is 1009", async () => {
  const s = await started();
  try {
    const socket = new WebSocket(`${s.base.replace("http", "ws")}/ws`);
    const first = await new Promise<string>((resolve, reject) => {
      socket.onmessage = (event) => resolve(String(event.data));
      socket.onerror = () => reject(new Error("the upgrade failed"));
    });
    assert.equal(first, "hello");
    const closed = new Promise<number>((resolve) => socket.onclose = (event) => resolve(event.code));
    socket.send("x".repeat(1025));
    assert.equal(await closed, 1009);
    assert.deepEqual(s.ended, ["message-too-big"]);
    await eventually(() => s.listener.open === 0 ? true : undefined, "the socket's connection closed");
  } finally {
    await s.stop();
  }
});

Deno.test("listener: drain drops what is still open at its deadline, and the port stops accepting", async () => {
  const s = await started({ timeouts: { ...TIMEOUTS, headersMs: 60_000 } });
  const lingering = await s.connect();
  await eventually(() => s.listener.open === 1 ? true : undefined, "one open");
  s.listener.close();
  await s.listener.drain(200);
  assert.equal(s.listener.open, 0);
  assert.ok(await closedByServer(lingering, 1_000));
  await assert.rejects(s.connect());
});
