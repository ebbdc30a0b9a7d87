import assert from "node:assert/strict";
import {
  DEFAULT_MAX_RETRY_DELAY_MS,
  OracleSource,
  type ReceivedOracleFrame,
  socketPoolSettings,
} from "../../src/ingest/oracle-source.ts";
import { IngestStatus } from "../../src/ingest/status.ts";
import { PriceStore } from "../../src/state/price-store.ts";
import { VirtualClock } from "../../src/state/clock.ts";
import { ReplayOracleServer } from "../../src/replay/oracle-server.ts";
import { START_MS, waitFor } from "../replay/_helpers.ts";

const feed = (feedId: number, price: bigint | null, tsMs: number, marketSession = "regular") => ({
  feedId,
  price,
  exponent: -8,
  confidence: 12n,
  marketSession,
  feedUpdateTimestampUs: BigInt(tsMs) * 1000n,
});

Deno.test("OracleSource: frames to PriceStore, filtering, SDK reconnect, status", async () => {
  const server = await ReplayOracleServer.start({ pingIntervalSec: 1 });
  const clock = new VirtualClock(START_MS);
  const prices = new PriceStore();
  const status = new IngestStatus();
  const source = new OracleSource(
    { urls: [server.url], token: "tok", feedIds: [1, 6], numConnections: 2 },
    { prices, status: status.oracle, clock },
  );
  const frames: ReceivedOracleFrame[] = [];
  source.onFrame((f) => frames.push(f));
  try {
    source.start();
    await source.connected();
    assert.equal(status.oracle.connected, true);
    assert.equal(server.lastAuthorization, "Bearer tok");
    await waitFor(() => server.subscriptionCount === 2, "both sockets subscribed");

    server.publish({ atMs: 0, feeds: [feed(1, 100n, START_MS - 10), feed(6, null, START_MS), feed(9, 5n, START_MS)] });
    await waitFor(() => prices.get(1) !== undefined, "price");
    assert.deepEqual(prices.get(1), {
      feedId: 1,
      price: 100n,
      exponent: -8,
      confidence: 12n,
      timestampUs: BigInt(START_MS - 10) * 1000n,
      marketSession: "regular",
      receivedAtMs: START_MS,
    });
    assert.equal(prices.get(6), undefined); // never had a price
    assert.equal(prices.get(9), undefined); // not configured
    assert.deepEqual(frames[0].feeds.map((f) => f.feedId), [1, 6]);
    assert.equal(status.oracle.lastFrameMs, START_MS);

    // Every socket dropped: the SDK reconnects and resubscribes by itself.
    const accepted = server.connectionsAccepted;
    server.dropConnections();
    await waitFor(() => server.connectionsAccepted >= accepted + 2 && server.subscriptionCount === 2, "reconnected");
    clock.advance(1000);
    server.publish({ atMs: 1000, feeds: [feed(1, 101n, START_MS + 990, "closed")] });
    await waitFor(() => prices.get(1)?.price === 101n, "price after reconnect");
    assert.equal(prices.get(1)?.marketSession, "closed");
    assert.equal(prices.isStale(1, START_MS + 10 * 3600_000, 60_000), false);
    assert.equal(status.oracle.connected, true);
    assert.ok(status.oracle.frames >= 2);

    // The token refused on reconnect: each counted drop names the handshake's answer.
    server.refuseUpgrades(401);
    const errors = status.oracle.errors;
    server.dropConnections();
    await waitFor(() => status.oracle.errors >= errors + 4, "refused reconnects counted");
    assert.match(status.oracle.lastError ?? "", /^oracle websocket: socket closed or silent; reconnecting \(.*401/);
    server.refuseUpgrades(undefined);
  } finally {
    await source.stop();
    await server.stop();
  }
  assert.equal(status.oracle.connected, false);
});

Deno.test("OracleSource: the SDK socket pool's settings, defaults and overrides", () => {
  const urls = ["wss://a.example/v1/stream"];
  // A refused token (401) is retried with the SDK's doubling delay up to 30 s, as the chain sources back off; a 1 s cap
  // asked the provider again every second for as long as the refusal lasted.
  assert.equal(DEFAULT_MAX_RETRY_DELAY_MS, 30_000);
  assert.deepEqual(socketPoolSettings({ urls, token: "t", feedIds: [1] }), {
    urls,
    numConnections: 2,
    rwsConfig: { heartbeatTimeoutDurationMs: 5000, maxRetryDelayMs: 30_000, wsOptions: { handshakeTimeout: 10_000 } },
  });
  const three = ["wss://a", "wss://b", "wss://c"];
  assert.deepEqual(
    socketPoolSettings({
      urls: three,
      token: "t",
      feedIds: [1],
      heartbeatTimeoutMs: 700,
      maxRetryDelayMs: 50,
      handshakeTimeoutMs: 300,
    }),
    {
      urls: three,
      numConnections: 3,
      rwsConfig: { heartbeatTimeoutDurationMs: 700, maxRetryDelayMs: 50, wsOptions: { handshakeTimeout: 300 } },
    },
  );
});
