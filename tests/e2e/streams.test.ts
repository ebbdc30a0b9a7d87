/**
 * Both WebSocket streams end to end on the embedded world: the recording is served by the loopback replay servers,
 * ingested by the live sources, and streamed to real WebSocket clients of a listening server. The replay runs on a
 * virtual clock, so the test moves the recording itself; every message a client receives is validated against the
 * contract (the 101 content of its route) as it arrives, every HTTP answer by `call` / `assertMatchesContract`.
 */
import assert from "node:assert/strict";
import { readRecording } from "../../src/replay/format.ts";
import { walletOwning } from "../../src/protocol/accounts/owner-wallet.ts";
import { base64 } from "../../src/protocol/codec/bytes.ts";
import { assertMatchesContract, call } from "../helpers/contract.ts";
import { eventually } from "../helpers/eventually.ts";
import { closeCodeOf, OPCODE, rawUpgrade } from "../helpers/streams.ts";
import { streamingService } from "./_streaming-service.ts";
import { scrape } from "../helpers/metrics.ts";

const WORLD = "fixtures/world";

interface ManifestEvent {
  atMs: number;
  interface: "v2" | "earlier";
  kind: string;
  owner?: string;
  market?: string;
}

const manifest = JSON.parse(await Deno.readTextFile(`${WORLD}/manifest.json`));
const events: ManifestEvent[] = manifest.recording.events;
const STABLE_OWNER: string = manifest.cases.v2.manyPositionsAndLimitOrder.owner;
const NO_BASKET_OWNER: string = manifest.cases.v2.withoutBasket.owner;

/** Market keys of a message's position metrics (`basket` data or `metrics` data). */
const marketsOf = (message: { type: string; data: Record<string, unknown> }) =>
  Object.keys(message.type === "basket" ? message.data.positionMetrics as object : message.data).sort();

Deno.test("v2 basket stream on the embedded world", async (t) => {
  const s = await streamingService();
  try {
    await t.step("connect: `basket` (the REST payload) first, then `metrics` at the interval", async () => {
      const client = await s.open(`/v2/owner/${STABLE_OWNER}/ws?updateIntervalMs=100`);
      const first = await client.next();
      assert.equal(first.type, "basket");
      const rest = await call(s.service.app, "GET", `/v2/owner/${STABLE_OWNER}`);
      assert.deepEqual(first.data, rest.body);
      assert.ok(Object.keys(first.data.positionMetrics).length >= 3);
      const metrics = await client.next((m) => m.type === "metrics", "metrics");
      assert.deepEqual(marketsOf(metrics), marketsOf(first));
      await client.next((m) => m.type === "metrics", "a second metrics message");
      await client.close();
    });

    await t.step("a recorded basket change produces a new `basket` message with the recorded bytes", async () => {
      const programId = s.service.services.deployments.v2.accounts.programId;
      const recording = await readRecording(WORLD);
      const update = recording.chains.er.updates.find((u) =>
        u.atMs > s.replay.position && walletOwning(u.account, programId, ["Basket"]) !== undefined
      );
      assert.ok(update?.account, "the recording changes a basket");
      const owner = walletOwning(update.account, programId, ["Basket"])!;
      const client = await s.open(`/v2/owner/${owner}/ws`);
      await client.next((m) => m.type === "basket", "the first basket");
      s.replay.advanceTo(update.atMs);
      const changed = await client.next((m) => m.type === "basket", "the changed basket");
      assert.equal(changed.data.basketData, base64(update.account.data));
      await client.close();
    });

    await t.step("a recorded close removes the position from later `metrics` messages", async () => {
      const close = events.find((e) => e.interface === "v2" && e.kind === "close" && e.atMs > s.replay.position);
      assert.ok(close?.owner && close.market, "the recording closes a v2 position");
      const client = await s.open(`/v2/owner/${close.owner}/ws?updateIntervalMs=100`);
      const first = await client.next((m) => m.type === "basket");
      assert.ok(marketsOf(first).includes(close.market), "open before the close");
      const before = await client.next((m) => m.type === "metrics", "metrics before the close");
      assert.ok(marketsOf(before).includes(close.market));
      s.replay.advanceTo(close.atMs);
      const closed = await client.next(
        (m) => m.type === "basket" && !marketsOf(m).includes(close.market!),
        "the basket without the position",
      );
      assert.equal(closed.type, "basket");
      for (let i = 0; i < 3; i++) {
        const later = await client.next((m) => m.type === "metrics", "metrics after the close");
        assert.ok(!marketsOf(later).includes(close.market), "a closed position in a later metrics message");
      }
      await client.close();
    });

    await t.step("an owner without a basket: the nulls, then nothing periodic", async () => {
      const client = await s.open(`/v2/owner/${NO_BASKET_OWNER}/ws?updateIntervalMs=100`);
      const first = await client.next();
      assert.deepEqual(first.data, {
        owner: NO_BASKET_OWNER,
        basketPubkey: null,
        basketData: null,
        positionMetrics: {},
        orderMetrics: {},
      });
      // Another socket at the same interval receives its metrics meanwhile: the ticks ran.
      const witness = await s.open(`/v2/owner/${STABLE_OWNER}/ws?updateIntervalMs=100`);
      for (let i = 0; i < 3; i++) await witness.next((m) => m.type === "metrics");
      assert.deepEqual(client.unread, []);
      await Promise.all([client.close(), witness.close()]);
    });

    await t.step("updateIntervalMs: clamped into 100..10000 and cut to whole ms; non-numeric is 400", async () => {
      const hub = s.service.services.streams.v2;
      for (const [asked, runs] of [["20", 100], ["250.7", 250], ["99999", 10_000], ["-3", 100]] as const) {
        const client = await s.open(`/v2/owner/${STABLE_OWNER}/ws?updateIntervalMs=${asked}`);
        await client.next();
        assert.deepEqual(hub.intervalsInUse, [runs], `asked ${asked}`);
        await client.close();
        await eventually(() => hub.intervalsInUse.length === 0 ? true : undefined, "the schedule to go");
      }
      for (const bad of ["abc", "1e3", "Infinity", ""]) {
        const answer = await call(s.service.app, "GET", `/v2/owner/${STABLE_OWNER}/ws?updateIntervalMs=${bad}`);
        assert.equal(answer.status, 400, `updateIntervalMs=${bad}`);
        // The registry's code for a non-numeric updateIntervalMs; not INVALID_DECIMAL, whose pattern is the same.
        assert.deepEqual(answer.body, {
          error: "query.updateIntervalMs must be a number",
          code: "VALIDATION_FAILED",
          field: "query.updateIntervalMs",
        });
        const earlier = await call(s.service.app, "GET", `/owner/${STABLE_OWNER}/ws?updateIntervalMs=${bad}`);
        assert.deepEqual(earlier.body, answer.body, `earlier stream, updateIntervalMs=${bad}`);
      }
      const upgrade = await rawUpgrade(s.port, `/v2/owner/${STABLE_OWNER}/ws?updateIntervalMs=soon`);
      assert.equal(upgrade.status, 400, "refused before the upgrade");
      upgrade.close();
    });

    await t.step("a request that is not a handshake gets 426", async () => {
      const answer = await call(s.service.app, "GET", `/v2/owner/${STABLE_OWNER}/ws`);
      assert.equal(answer.status, 426);
      assert.equal(answer.body.code, "UPGRADE_REQUIRED");
      assert.equal(answer.headers.get("upgrade"), "websocket"); // RFC 9110 §15.5.22: a 426 names the protocol
    });

    await t.step("the sixth socket of one owner gets 429 WS_OWNER_LIMIT before the upgrade", async () => {
      const path = `/v2/owner/${STABLE_OWNER}/ws`;
      const slots = s.service.services.limits.connections;
      await eventually(() => slots.localCount === 0 ? true : undefined, "earlier steps' slots to come back");
      const five = await Promise.all(Array.from({ length: 5 }, () => s.open(path)));
      const sixth = await rawUpgrade(s.port, path);
      assert.equal(sixth.status, 429);
      const body = JSON.parse(sixth.body);
      assert.deepEqual(body, { error: "per-owner connection limit reached", code: "WS_OWNER_LIMIT" });
      assertMatchesContract("GET", path, 429, sixth.headers.get("content-type") ?? "", body);
      sixth.close();
      // The earlier interface's stream counts the same owner's sockets too (one limit per owner).
      const earlier = await rawUpgrade(s.port, `/owner/${STABLE_OWNER}/ws`);
      assert.equal(earlier.status, 429);
      earlier.close();
      await five[0].close();
      const again = await s.open(path); // a closed socket gives its slot back
      await Promise.all([...five.slice(1), again].map((c) => c.close()));
    });

    await t.step("the gauge follows the sockets", async () => {
      const client = await s.open(`/v2/owner/${STABLE_OWNER}/ws`);
      const gauge = async () => (await scrape(s.service.services)).match(/ws_connections\{stream="v2"\} (\d+)/)?.[1];
      assert.equal(await gauge(), "1");
      await client.close();
      await eventually(async () => await gauge() === "0" ? true : undefined, "the gauge back at 0");
    });

    await t.step("client messages are ignored", async () => {
      const client = await s.open(`/v2/owner/${STABLE_OWNER}/ws?updateIntervalMs=100`);
      await client.next((m) => m.type === "basket");
      client.socket.send("hello");
      client.socket.send(JSON.stringify({ type: "subscribe", owner: NO_BASKET_OWNER }));
      const next = await client.next((m) => m.type === "metrics");
      assert.equal(next.type, "metrics");
      assert.equal(client.socket.readyState, WebSocket.OPEN);
      await client.close();
    });

    await t.step("shutdown closes every socket with 1001", async () => {
      const clients = [
        await s.open(`/v2/owner/${STABLE_OWNER}/ws`),
        await s.open(`/owner/${STABLE_OWNER}/ws`),
      ];
      s.service.closeStreams();
      for (const client of clients) {
        assert.deepEqual(await client.closed, { code: 1001, reason: "server shutting down" });
      }
    });
  } finally {
    await s.close();
  }
});

Deno.test("earlier owner stream on the embedded world", async (t) => {
  const s = await streamingService();
  try {
    await t.step(
      "connect: one `positions` and one `orders`, the REST listings; then `positions` each interval",
      async () => {
        const client = await s.open(`/owner/${STABLE_OWNER}/ws?updateIntervalMs=100`);
        const positions = await client.next();
        const orders = await client.next();
        assert.deepEqual([positions.type, orders.type], ["positions", "orders"]);
        const rest = await call(
          s.service.app,
          "GET",
          `/positions/owner/${STABLE_OWNER}?includePnlInLeverageDisplay=false`,
        );
        assert.deepEqual(positions.data, rest.body);
        assert.deepEqual(orders.data, (await call(s.service.app, "GET", `/orders/owner/${STABLE_OWNER}`)).body);
        assert.ok(positions.data.length >= 2);
        for (let i = 0; i < 2; i++) await client.next((m) => m.type === "positions", "periodic positions");
        await client.close();
      },
    );

    await t.step("includePnlInLeverageDisplay is honoured", async () => {
      const client = await s.open(`/owner/${STABLE_OWNER}/ws?includePnlInLeverageDisplay=true`);
      const positions = await client.next();
      const rest = await call(
        s.service.app,
        "GET",
        `/positions/owner/${STABLE_OWNER}?includePnlInLeverageDisplay=true`,
      );
      assert.deepEqual(positions.data, rest.body);
      await client.close();
      const bad = await call(s.service.app, "GET", `/owner/${STABLE_OWNER}/ws?includePnlInLeverageDisplay=maybe`);
      assert.equal(bad.status, 400);
    });

    await t.step("a recorded order change produces a new `orders` message", async () => {
      const change = events.find((e) =>
        e.interface === "earlier" && /Limit|Trigger/.test(e.kind) && e.atMs > s.replay.position
      );
      assert.ok(change?.owner, "the recording changes an earlier order account");
      const client = await s.open(`/owner/${change.owner}/ws?updateIntervalMs=10000`);
      await client.next((m) => m.type === "orders", "the first orders");
      s.replay.advanceTo(change.atMs);
      const orders = await client.next((m) => m.type === "orders", "the changed orders");
      assert.deepEqual(orders.data, (await call(s.service.app, "GET", `/orders/owner/${change.owner}`)).body);
      await client.close();
    });
  } finally {
    await s.close();
  }
});

Deno.test("a global limit lowered by configuration refuses the next upgrade with 503 WS_GLOBAL_LIMIT", async () => {
  const s = await streamingService({ WS_MAX_GLOBAL: "2" });
  try {
    await s.open(`/v2/owner/${STABLE_OWNER}/ws`);
    await s.open(`/owner/${NO_BASKET_OWNER}/ws`);
    const path = `/v2/owner/${NO_BASKET_OWNER}/ws`;
    const third = await rawUpgrade(s.port, path);
    assert.equal(third.status, 503);
    const body = JSON.parse(third.body);
    assert.deepEqual(body, { error: "global connection limit reached", code: "WS_GLOBAL_LIMIT" });
    assertMatchesContract("GET", path, 503, third.headers.get("content-type") ?? "", body);
    third.close();
  } finally {
    await s.close();
  }
});

Deno.test("a client that stops answering pings is closed, and its slot freed (timings shortened)", async () => {
  const s = await streamingService({ WS_PONG_TIMEOUT_MS: "300", WS_MAX_PER_OWNER: "1" });
  try {
    const path = `/v2/owner/${STABLE_OWNER}/ws?updateIntervalMs=10000`;
    const silent = await rawUpgrade(s.port, path);
    assert.equal(silent.status, 101);
    const seen: number[] = [];
    let closeCode: number | undefined;
    for (;;) {
      const frame = await silent.readFrame();
      if (!frame) break;
      seen.push(frame.opcode);
      if (frame.opcode === OPCODE.close) closeCode = closeCodeOf(frame);
    }
    assert.ok(seen.includes(OPCODE.ping), "the server pinged");
    assert.equal(seen.at(-1), OPCODE.close, "then closed");
    assert.equal(closeCode, 1001);
    silent.close();
    // The slot is back: the owner's single allowed socket can connect again, and a client that answers stays.
    const client = await s.open(path);
    await new Promise((r) => setTimeout(r, 1_000)); // well past the 600 ms a silent client gets
    assert.equal(client.socket.readyState, WebSocket.OPEN, "a client answering pings stays connected");
  } finally {
    await s.close();
  }
});

Deno.test("browser upgrades only from the origins CORS_ORIGINS allows (DECISIONS 5.14), else 403", async () => {
  const s = await streamingService({ CORS_ORIGINS: "https://app.example" });
  try {
    for (const path of [`/v2/owner/${STABLE_OWNER}/ws`, `/owner/${STABLE_OWNER}/ws`]) {
      const foreign = await rawUpgrade(s.port, path, { Origin: "https://elsewhere.example" });
      assert.equal(foreign.status, 403, path);
      const body = JSON.parse(foreign.body);
      assert.deepEqual(body, { error: "origin not allowed", code: "ORIGIN_NOT_ALLOWED" });
      assertMatchesContract("GET", path, 403, foreign.headers.get("content-type") ?? "", body);
      foreign.close();
      const listed = await rawUpgrade(s.port, path, { Origin: "https://app.example" });
      assert.equal(listed.status, 101, "a listed origin");
      listed.close();
      const server = await rawUpgrade(s.port, path);
      assert.equal(server.status, 101, "no Origin: not a browser page");
      server.close();
    }
    assert.equal(s.service.services.limits.connections.localCount <= 4, true, "the refused ones took no slot");
  } finally {
    await s.close();
  }
});
