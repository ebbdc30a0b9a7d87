import assert from "node:assert/strict";
import { PythLazerClient } from "@pythnetwork/pyth-lazer-sdk";
import { ReplayOracleServer } from "../../src/replay/oracle-server.ts";
import type { OracleFrame } from "../../src/replay/format.ts";
import { waitFor } from "./_helpers.ts";

interface Update {
  subscriptionId: number;
  parsed: { timestampUs: string; priceFeeds: Record<string, unknown>[] };
}

function frame(atMs: number, price: bigint): OracleFrame {
  return {
    atMs,
    feeds: [
      {
        feedId: 1,
        price,
        exponent: -8,
        confidence: 3n,
        marketSession: "regular",
        feedUpdateTimestampUs: 1_000_000n + BigInt(atMs),
      },
      {
        feedId: 2,
        price: 7n,
        exponent: -10,
        confidence: 0n,
        marketSession: "closed",
        feedUpdateTimestampUs: 2_000_000n,
      },
      {
        feedId: 3,
        price: null,
        exponent: -8,
        confidence: 0n,
        marketSession: "regular",
        feedUpdateTimestampUs: 3_000_000n,
      },
    ],
  };
}

Deno.test("ReplayOracleServer speaks the Lazer protocol to an unmodified PythLazerClient", async () => {
  const server = await ReplayOracleServer.start({ token: "test-token", pingIntervalSec: 1 });
  let client: PythLazerClient | undefined;
  try {
    client = await PythLazerClient.create({
      token: "test-token",
      webSocketPoolConfig: { urls: [server.url], numConnections: 3, rwsConfig: { heartbeatTimeoutDurationMs: 2500 } },
    });
    const updates: Update[] = [];
    const acks: unknown[] = [];
    client.addMessageListener((m) => {
      if (m.type !== "json") return;
      if (m.value.type === "streamUpdated") updates.push(m.value as unknown as Update);
      else acks.push(m.value);
    });
    client.subscribe({
      type: "subscribe",
      subscriptionId: 7,
      priceFeedIds: [2, 1],
      properties: ["price", "exponent", "marketSession", "feedUpdateTimestamp"],
      formats: [],
      deliveryFormat: "json",
      parsed: true,
      channel: "fixed_rate@200ms",
    });
    await waitFor(() => server.subscriptionCount === 3, "subscriptions on every socket");
    assert.equal(server.lastAuthorization, "Bearer test-token");
    assert.deepEqual(acks, [{ type: "subscribed", subscriptionId: 7 }]); // identical acks deduped by the SDK

    server.publish(frame(100, 150n), 5_000_000n);
    await waitFor(() => updates.length === 1, "first frame");
    assert.equal(updates[0].subscriptionId, 7);
    assert.equal(updates[0].parsed.timestampUs, "5000000");
    // Only its feeds, in its order, only its properties; a feed without a price has no price property.
    assert.deepEqual(updates[0].parsed.priceFeeds, [
      { priceFeedId: 2, price: "7", exponent: -10, marketSession: "closed", feedUpdateTimestamp: 2_000_000 },
      { priceFeedId: 1, price: "150", exponent: -8, marketSession: "regular", feedUpdateTimestamp: 1_000_100 },
    ]);

    // The same frame again: the server bumps timestampUs so the SDK's 10 s dedupe does not drop it.
    server.publish(frame(100, 150n), 5_000_000n);
    await waitFor(() => updates.length === 2, "repeated frame");
    assert.equal(updates[1].parsed.timestampUs, "5000001");

    // Sockets dropped: the SDK reconnects, resubscribes, and frames flow again.
    const accepted = server.connectionsAccepted;
    server.dropConnections();
    await waitFor(() => server.connectionsAccepted >= accepted + 3 && server.subscriptionCount === 3, "resubscribed");
    const n = updates.length; // the values resent on resubscribe may add one
    server.publish(frame(300, 160n));
    await waitFor(
      () => updates.slice(n).some((u) => u.parsed.priceFeeds.some((f) => f.price === "160")),
      "after reconnect",
    );
  } finally {
    client?.shutdown();
    await server.stop();
    // let the SDK's terminated sockets and timers settle
    await new Promise((r) => setTimeout(r, 20));
  }
});

Deno.test("ReplayOracleServer refuses a wrong token and bad subscriptions", async () => {
  const server = await ReplayOracleServer.start({ token: "right" });
  try {
    const res = await fetch(server.url.replace("ws:", "http:"), { headers: { upgrade: "websocket" } });
    await res.body?.cancel();
    assert.equal(res.status, 401);
    const ws = new WebSocket(`${server.url}?ACCESS_TOKEN=right`);
    await new Promise((r) => ws.onopen = r);
    const replies: unknown[] = [];
    ws.onmessage = (e) => replies.push(JSON.parse(e.data));
    ws.send(
      JSON.stringify({
        type: "subscribe",
        subscriptionId: 1,
        priceFeedIds: [1],
        properties: [],
        formats: [],
        channel: "weekly",
      }),
    );
    ws.send(
      JSON.stringify({
        type: "subscribe",
        subscriptionId: 2,
        symbols: ["Crypto.SOL/USD"],
        properties: [],
        formats: [],
        channel: "real_time",
      }),
    );
    ws.send(JSON.stringify({ type: "unsubscribe", subscriptionId: 9 }));
    ws.send(
      JSON.stringify({
        type: "subscribe",
        subscriptionId: 3,
        priceFeedIds: [1],
        properties: ["price"],
        formats: [],
        channel: "real_time",
      }),
    );
    ws.send(JSON.stringify({ type: "unsubscribe", subscriptionId: 3 }));
    await waitFor(() => replies.length === 5, "replies");
    assert.deepEqual(replies.map((r) => (r as { type: string }).type), [
      "subscriptionError",
      "subscriptionError",
      "subscriptionError",
      "subscribed",
      "unsubscribed",
    ]);
    const closed = new Promise((r) => ws.onclose = r);
    ws.close();
    await closed;
  } finally {
    await server.stop();
  }
});

Deno.test("ReplayOracleServer keeps a silent stream alive with pings (no SDK heartbeat reconnects)", async () => {
  const server = await ReplayOracleServer.start({ pingIntervalSec: 1 });
  let client: PythLazerClient | undefined;
  try {
    client = await PythLazerClient.create({
      token: "t",
      webSocketPoolConfig: { urls: [server.url], numConnections: 1, rwsConfig: { heartbeatTimeoutDurationMs: 2500 } },
    });
    const accepted = server.connectionsAccepted;
    // No frames at all for longer than the SDK heartbeat timeout: only the pings keep the socket up.
    await new Promise((r) => setTimeout(r, 4000));
    assert.equal(server.connectionsAccepted, accepted);
    assert.equal(server.connectionCount, 1);
  } finally {
    client?.shutdown();
    await server.stop();
    await new Promise((r) => setTimeout(r, 20));
  }
});

Deno.test("ReplayOracleServer silence: a silent stream keeps its latest values and sends them when it speaks again", async () => {
  const server = await ReplayOracleServer.start();
  const ws = new WebSocket(server.url);
  const messages: { type: string; parsed?: Update["parsed"] }[] = [];
  try {
    await new Promise((r) => ws.onopen = r);
    ws.onmessage = (e) => messages.push(JSON.parse(e.data));
    ws.send(JSON.stringify({
      type: "subscribe",
      subscriptionId: 1,
      priceFeedIds: [1],
      channel: "fixed_rate@200ms",
      properties: ["price", "feedUpdateTimestamp"],
    }));
    await waitFor(() => messages.length === 1, "subscribed");
    server.publish(frame(100, 10n), 5_000n);
    await waitFor(() => messages.length === 2, "a frame");
    server.silence(true);
    server.publish(frame(200, 11n), 6_000n);
    server.publish(frame(300, 12n), 7_000n);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(messages.length, 2, "nothing is sent while silent");
    assert.equal(server.latest().get(1)?.price, 12n, "the latest value is still tracked");
    server.silence(false);
    await waitFor(() => messages.length === 3, "the latest values at once");
    assert.equal(messages[2].parsed?.priceFeeds[0].price, "12");
    // Frame timestamps increase strictly (the SDK drops byte-identical frames).
    server.publish(frame(400, 13n), 1_000n);
    await waitFor(() => messages.length === 4, "a frame");
    assert.ok(BigInt(messages[3].parsed!.timestampUs) > 7_000n);
  } finally {
    ws.close();
    await server.stop();
  }
});
