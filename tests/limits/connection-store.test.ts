/**
 * The WebSocket connection slots (DECISIONS 4.2): per owner and global limits, release, and the Redis store
 * shared by two replicas with expiring leases, a heartbeat and fail-open behaviour when Redis is down.
 */
import assert from "node:assert/strict";
import {
  type AcquireResult,
  type ConnectionSlot,
  MemoryConnectionStore,
  RedisConnectionStore,
} from "../../src/limits/connection-store.ts";
import { SharedRedis } from "../../src/limits/redis.ts";
import { silentLogger } from "../../src/http/logger.ts";
import { VirtualClock } from "../../src/state/clock.ts";
import { HAS_REDIS, rawCommand, startRedisServer } from "../helpers/redis-server.ts";
import { freePort } from "../helpers/ports.ts";

const OWNER = "So11111111111111111111111111111111111111112";
const OTHER = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

function slotOf(result: AcquireResult): ConnectionSlot {
  assert.equal(result.ok, true, JSON.stringify(result));
  return (result as { slot: ConnectionSlot }).slot;
}

Deno.test("memory slots: the 6th socket of an owner is refused, other owners are not, release frees a slot", async () => {
  const store = new MemoryConnectionStore({ perOwner: 5, global: 7 });
  const slots = [];
  for (let i = 0; i < 5; i++) slots.push(slotOf(await store.acquire(OWNER)));
  assert.deepEqual(await store.acquire(OWNER), { ok: false, code: "WS_OWNER_LIMIT" });
  slotOf(await store.acquire(OTHER));
  slotOf(await store.acquire(OTHER));
  assert.deepEqual(await store.acquire(OTHER), { ok: false, code: "WS_GLOBAL_LIMIT" });
  await slots[0].release();
  await slots[0].release(); // idempotent: frees one slot, not two
  assert.equal(store.localCount, 6);
  slotOf(await store.acquire(OWNER));
  assert.deepEqual(await store.acquire(OWNER), { ok: false, code: "WS_OWNER_LIMIT" });
});

async function withRedisStores(
  count: number,
  run: (stores: RedisConnectionStore[], clock: VirtualClock, port: number) => Promise<void>,
  limits = { perOwner: 5, global: 100 },
) {
  const server = await startRedisServer();
  const clock = new VirtualClock(1_000_000);
  const connections = Array.from(
    { length: count },
    () => new SharedRedis({ url: server.url, keyPrefix: "test:", logger: silentLogger }),
  );
  const stores = connections.map((redis) =>
    new RedisConnectionStore(redis, { limits, leaseMs: 30_000, clock, heartbeat: false })
  );
  try {
    await Promise.all(connections.map((c) => c.connect()));
    await run(stores, clock, server.port);
  } finally {
    await Promise.all(stores.map((s) => s.close()));
    await Promise.all(connections.map((c) => c.close()));
    await server.stop();
  }
}

Deno.test({
  name: "redis slots: the 6th socket of an owner across two replicas is refused; release on either frees it",
  ignore: !HAS_REDIS,
  async fn() {
    await withRedisStores(2, async ([a, b], _clock, port) => {
      const held = [];
      for (let i = 0; i < 5; i++) held.push(slotOf(await (i % 2 ? b : a).acquire(OWNER)));
      assert.deepEqual(await a.acquire(OWNER), { ok: false, code: "WS_OWNER_LIMIT" });
      assert.deepEqual(await b.acquire(OWNER), { ok: false, code: "WS_OWNER_LIMIT" });
      slotOf(await b.acquire(OTHER));
      assert.equal(await rawCommand(port, ["ZCARD", `test:ws:owner:${OWNER}`]), "5");
      assert.equal(await rawCommand(port, ["ZCARD", "test:ws:global"]), "6");
      await held[1].release(); // taken through b
      await held[1].release();
      assert.equal(await rawCommand(port, ["ZCARD", "test:ws:global"]), "5");
      slotOf(await a.acquire(OWNER));
      assert.deepEqual(await b.acquire(OWNER), { ok: false, code: "WS_OWNER_LIMIT" });
    });
  },
});

Deno.test({
  name: "redis slots: the global limit holds across replicas (503 code)",
  ignore: !HAS_REDIS,
  async fn() {
    await withRedisStores(2, async ([a, b]) => {
      slotOf(await a.acquire(OWNER));
      slotOf(await b.acquire(OTHER));
      slotOf(await a.acquire(OTHER));
      assert.deepEqual(await b.acquire("9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"), {
        ok: false,
        code: "WS_GLOBAL_LIMIT",
      });
    }, { perOwner: 5, global: 3 });
  },
});

Deno.test({
  name: "redis slots: a crashed replica's slots expire with their lease; a live replica's heartbeat keeps its own",
  ignore: !HAS_REDIS,
  async fn() {
    await withRedisStores(2, async ([live, crashed], clock, port) => {
      for (let i = 0; i < 3; i++) slotOf(await crashed.acquire(OWNER));
      for (let i = 0; i < 2; i++) slotOf(await live.acquire(OWNER));
      assert.deepEqual(await live.acquire(OWNER), { ok: false, code: "WS_OWNER_LIMIT" });
      // 20 s later the live replica renews; the crashed one cannot.
      clock.advance(20_000);
      await live.renewNow();
      clock.advance(15_000); // the crashed replica's leases (30 s) ran out; the live ones run until 50 s
      slotOf(await live.acquire(OWNER));
      slotOf(await live.acquire(OWNER));
      slotOf(await live.acquire(OWNER));
      assert.deepEqual(await live.acquire(OWNER), { ok: false, code: "WS_OWNER_LIMIT" });
      assert.equal(await rawCommand(port, ["ZCARD", `test:ws:owner:${OWNER}`]), "5");
      // Keys carry a TTL, so an owner nobody connects as any more leaves nothing behind.
      const ttl = Number(await rawCommand(port, ["PTTL", `test:ws:owner:${OWNER}`]));
      assert.ok(ttl > 0 && ttl <= 30_000, `ttl ${ttl}`);
    });
  },
});

Deno.test({
  name: "redis slots: the heartbeat re-adds a live slot whose lease ran out during a pause",
  ignore: !HAS_REDIS,
  async fn() {
    await withRedisStores(2, async ([paused, other], clock) => {
      for (let i = 0; i < 5; i++) slotOf(await paused.acquire(OWNER));
      clock.advance(31_000);
      // Another replica's acquire drops the expired members...
      slotOf(await other.acquire(OWNER));
      // ...and when the paused replica renews, its five open sockets count again (6 > 5: nothing more fits).
      await paused.renewNow();
      assert.deepEqual(await other.acquire(OWNER), { ok: false, code: "WS_OWNER_LIMIT" });
    });
  },
});

Deno.test({
  name: "redis slots: Redis down fails open to this replica's memory limits, counted, never thrown",
  ignore: !HAS_REDIS,
  async fn() {
    const failures: string[] = [];
    const redis = new SharedRedis({
      url: `redis://127.0.0.1:${freePort()}`,
      keyPrefix: "test:",
      logger: silentLogger,
      commandTimeoutMs: 100,
    });
    const store = new RedisConnectionStore(redis, {
      limits: { perOwner: 5, global: 100 },
      heartbeat: false,
      onFailure: (operation) => failures.push(operation),
    });
    try {
      await redis.connect(); // logs and returns: nobody listens there
      const slots = [];
      for (let i = 0; i < 5; i++) slots.push(slotOf(await store.acquire(OWNER)));
      assert.deepEqual(await store.acquire(OWNER), { ok: false, code: "WS_OWNER_LIMIT" });
      await slots[0].release();
      slotOf(await store.acquire(OWNER));
      assert.ok(failures.length >= 6 && failures.every((f) => f === "acquire"), failures.join());
    } finally {
      await store.close();
      await redis.close();
    }
  },
});
