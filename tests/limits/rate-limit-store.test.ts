/** The token-bucket stores: exact counting, refill, bounded memory, and the Redis store shared by two replicas. */
import assert from "node:assert/strict";
import { MemoryRateLimitStore, RedisRateLimitStore } from "../../src/limits/rate-limit-store.ts";
import { SharedRedis } from "../../src/limits/redis.ts";
import { silentLogger } from "../../src/http/logger.ts";
import { HAS_REDIS, rawCommand, startRedisServer } from "../helpers/redis-server.ts";

const LIMIT = { ratePerSecond: 10, burst: 10 };

Deno.test("memory store: 10 pass, the 11th in the same instant is refused, another client is unaffected", () => {
  const store = new MemoryRateLimitStore(LIMIT);
  for (let i = 0; i < 10; i++) {
    const result = store.take("a", 1_000);
    assert.equal(result.allowed, true);
    assert.equal(result.remaining, 9 - i);
  }
  const refused = store.take("a", 1_000);
  assert.equal(refused.allowed, false);
  assert.equal(refused.retryAfterSeconds, 1);
  assert.equal(store.take("b", 1_000).allowed, true);
});

Deno.test("memory store: a spent bucket gets one token back every 100 ms (10 per second)", () => {
  const store = new MemoryRateLimitStore(LIMIT);
  for (let i = 0; i < 10; i++) assert.equal(store.take("a", 1_000).allowed, true);
  assert.equal(store.take("a", 1_099).allowed, false); // 0.99 of a token
  assert.equal(store.take("a", 1_100).allowed, true);
  assert.equal(store.take("a", 1_100).allowed, false);
});

Deno.test("memory store: memory stays bounded under 1,000,000 distinct clients", () => {
  const store = new MemoryRateLimitStore({ ...LIMIT, maxClients: 50_000 });
  let peak = 0;
  for (let i = 0; i < 1_000_000; i++) {
    store.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}:${i}`, 1_000 + Math.floor(i / 1000));
    if ((i & 4095) === 0) peak = Math.max(peak, store.size);
  }
  peak = Math.max(peak, store.size);
  assert.ok(peak <= 50_000 && peak >= 25_000, `peak ${peak}`);
  // The most recent clients are the ones kept: the last one still has its bucket (one token spent).
  assert.equal(store.take(`10.15.66.63:999999`, 2_000).remaining, 8);
});

Deno.test("memory store: a recently seen client is kept when the store is full (least recently used goes)", () => {
  const store = new MemoryRateLimitStore({ ...LIMIT, maxClients: 3 });
  for (let i = 0; i < 10; i++) store.take("busy", 0);
  store.take("x", 0);
  store.take("y", 0);
  store.take("busy", 0); // refused, but touched: now most recent
  store.take("z", 0); // evicts x
  assert.equal(store.size, 3);
  assert.equal(store.take("busy", 0).allowed, false);
});

Deno.test({
  name: "redis store: two replicas share one bucket per client; the key expires when the bucket would be full",
  ignore: !HAS_REDIS,
  async fn() {
    const server = await startRedisServer();
    const connections = [0, 1].map(() =>
      new SharedRedis({ url: server.url, keyPrefix: "test:", logger: silentLogger })
    );
    try {
      await Promise.all(connections.map((c) => c.connect()));
      const [a, b] = connections.map((c) => new RedisRateLimitStore(c, LIMIT));
      for (let i = 0; i < 10; i++) {
        const result = await (i % 2 ? b : a).take("client", 5_000);
        assert.equal(result.allowed, true, `request ${i + 1}`);
        assert.equal(result.remaining, 9 - i);
      }
      assert.equal((await a.take("client", 5_000)).allowed, false);
      assert.equal((await b.take("client", 5_000)).allowed, false);
      assert.equal((await b.take("other", 5_000)).allowed, true);
      assert.equal((await a.take("client", 5_100)).allowed, true); // one token after 100 ms
      const ttl = await rawCommand(server.port, ["PTTL", "test:rl:client"]);
      assert.ok(Number(ttl) > 0 && Number(ttl) <= 2_000, `ttl ${ttl}`);
    } finally {
      await Promise.all(connections.map((c) => c.close()));
      await server.stop();
    }
  },
});
