/**
 * The generated client's stream helpers (gen/client.ts) in Deno against the running service on the embedded world:
 * typed messages, and reconnection with backoff after the server closes the socket or refuses the upgrade.
 */
import assert from "node:assert/strict";
import {
  type EarlierStreamMessage,
  openEarlierOwnerStream,
  openV2BasketStream,
  reconnectDelayMs,
  type V2StreamMessage,
} from "../../gen/client.ts";
import { assertMessageMatchesContract } from "../helpers/contract.ts";
import { eventually } from "../helpers/eventually.ts";
import { rawUpgrade } from "../helpers/streams.ts";
import { streamingService } from "./_streaming-service.ts";

const manifest = JSON.parse(await Deno.readTextFile("fixtures/world/manifest.json"));
const OWNER: string = manifest.cases.v2.manyPositionsAndLimitOrder.owner;

Deno.test("reconnectDelayMs: exponential, capped, jittered, and gives up after maxAttempts", () => {
  const mid = () => 0.5; // no jitter at the middle of the range
  const policy = { initialDelayMs: 100, maxDelayMs: 1_000, factor: 2 };
  assert.deepEqual([1, 2, 3, 4, 5, 9].map((n) => reconnectDelayMs(policy, n, mid)), [100, 200, 400, 800, 1000, 1000]);
  assert.equal(reconnectDelayMs({ ...policy, jitter: 0.5 }, 1, () => 0), 50);
  assert.equal(reconnectDelayMs({ ...policy, jitter: 0.5 }, 1, () => 1), 150);
  assert.equal(reconnectDelayMs({ ...policy, maxAttempts: 2 }, 3, mid), undefined);
  assert.equal(reconnectDelayMs({}, 1, mid), 500, "defaults: 500 ms first");
});

Deno.test("generated stream client: typed messages, then a reconnection after the server closed the socket", async () => {
  const s = await streamingService();
  const received: V2StreamMessage[] = [];
  const closes: { code: number; reconnectInMs?: number }[] = [];
  const stream = openV2BasketStream(`${s.base}/v2`, OWNER, {
    updateIntervalMs: 100,
    reconnect: { initialDelayMs: 50, jitter: 0 },
    onMessage: (message) => {
      assertMessageMatchesContract(`/v2/owner/${OWNER}/ws`, JSON.stringify(message));
      received.push(message);
    },
    onClose: (event) => closes.push(event),
  });
  try {
    await eventually(() => received.some((m) => m.type === "metrics") ? true : undefined, "basket then metrics");
    assert.equal(received[0].type, "basket");
    const first = received[0];
    // Type narrowing on `type`: the basket's data is the snapshot, metrics' data the map of position metrics.
    if (first.type === "basket") assert.equal(first.data.owner, OWNER);

    const before = received.length;
    s.service.closeStreams(); // the server goes away (1001) ...
    s.service.services.streams.v2.start(); // ... and comes back
    await eventually(() => closes.length > 0 ? true : undefined, "the close");
    assert.deepEqual(closes[0], { code: 1001, reason: "server shutting down", reconnectInMs: 50 });
    await eventually(
      () => received.slice(before).some((m) => m.type === "basket") ? true : undefined,
      "a new basket message after reconnecting",
    );
    assert.equal(stream.failures, 0, "a delivered message resets the count");
  } finally {
    stream.close();
    await s.close();
  }
});

Deno.test("generated stream client: a refused upgrade is retried with growing delays until a slot is free", async () => {
  const s = await streamingService({ WS_MAX_PER_OWNER: "1" });
  const holder = await rawUpgrade(s.port, `/owner/${OWNER}/ws`); // takes the owner's only slot
  assert.equal(holder.status, 101);
  const delays: number[] = [];
  const received: EarlierStreamMessage[] = [];
  const stream = openEarlierOwnerStream(s.base, OWNER, {
    includePnlInLeverageDisplay: true,
    reconnect: { initialDelayMs: 20, factor: 2, jitter: 0 },
    onMessage: (message) => {
      assertMessageMatchesContract(`/owner/${OWNER}/ws`, JSON.stringify(message));
      received.push(message);
    },
    onClose: (event) => event.reconnectInMs !== undefined && delays.push(event.reconnectInMs),
    onError: () => {}, // the refused upgrades
  });
  try {
    await eventually(() => delays.length >= 3 ? true : undefined, "three refused attempts");
    assert.deepEqual(delays.slice(0, 3), [20, 40, 80]);
    holder.close(); // the slot comes back when the server sees the socket end
    await eventually(() => received.length >= 2 ? true : undefined, "the opening messages");
    assert.deepEqual(received.slice(0, 2).map((m) => m.type), ["positions", "orders"]);
  } finally {
    stream.close();
    await s.close();
  }
});
