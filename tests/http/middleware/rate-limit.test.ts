/** The REST rate limit (DECISIONS 4.1): token bucket per client, 429 with headers, exempt paths, 0 disables. */
import type { AppEnv } from "../../../src/services.ts";
import assert from "node:assert/strict";
import { Hono } from "hono";
import { rateLimit } from "../../../src/http/middleware/rate-limit.ts";
import { VirtualClock } from "../../../src/state/clock.ts";
import { loadConfig } from "../../../src/config/env.ts";
import { createServiceApp } from "../../../src/server.ts";
import { createLogger } from "../../../src/http/logger.ts";
import { call } from "../../helpers/contract.ts";
import { HAS_REDIS, startRedisServer } from "../../helpers/redis-server.ts";
import { freePort } from "../../helpers/ports.ts";
import { scrape } from "../../helpers/metrics.ts";

function appWith(ratePerSecond: number, burst: number, clock: VirtualClock, trustProxy = false) {
  const app = new Hono<AppEnv>();
  app.use("*", rateLimit({ ratePerSecond, burst, trustProxy, clock }));
  app.get("/v2/tokens", (c) => c.text("ok"));
  app.get("/metrics", (c) => c.text("metrics"));
  return app;
}

Deno.test("rate limit: a burst of 10 passes, the 11th gets 429 RATE_LIMITED with Retry-After and RateLimit-*", async () => {
  const clock = new VirtualClock(1_000_000);
  const app = appWith(10, 10, clock);
  for (let i = 0; i < 10; i++) {
    const ok = await app.request("/v2/tokens");
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get("RateLimit-Remaining"), String(9 - i));
  }
  const limited = await app.request("/v2/tokens");
  assert.equal(limited.status, 429);
  assert.deepEqual(await limited.json(), { error: "too many requests, slow down", code: "RATE_LIMITED" });
  assert.equal(limited.headers.get("Retry-After"), "1");
  assert.equal(limited.headers.get("RateLimit-Limit"), "10");
  assert.equal(limited.headers.get("RateLimit-Remaining"), "0");
});

Deno.test("rate limit: tokens refill at the configured rate", async () => {
  const clock = new VirtualClock(0);
  const app = appWith(10, 10, clock);
  for (let i = 0; i < 10; i++) await app.request("/v2/tokens");
  assert.equal((await app.request("/v2/tokens")).status, 429);
  clock.advance(100); // 10 per second: one token every 100 ms
  assert.equal((await app.request("/v2/tokens")).status, 200);
  assert.equal((await app.request("/v2/tokens")).status, 429);
});

Deno.test("rate limit: no path is exempt unless told (the documents were), and 0 disables the limit", async () => {
  const clock = new VirtualClock(0);
  const limited = appWith(1, 1, clock);
  await limited.request("/v2/tokens");
  assert.equal((await limited.request("/v2/tokens")).status, 429);
  assert.equal((await limited.request("/metrics")).status, 429);
  const exempting = new Hono<AppEnv>();
  exempting.use("*", rateLimit({ ratePerSecond: 1, burst: 1, trustProxy: false, clock, isExempt: (p) => p === "/x" }));
  exempting.get("/x", (c) => c.text("ok"));
  for (let i = 0; i < 5; i++) assert.equal((await exempting.request("/x")).status, 200);
  const open = appWith(0, 10, clock);
  for (let i = 0; i < 50; i++) assert.equal((await open.request("/v2/tokens")).status, 200);
});

Deno.test("rate limit: clients are told apart by X-Forwarded-For only when the proxy is trusted", async () => {
  const clock = new VirtualClock(0);
  const trusted = appWith(1, 1, clock, true);
  const a = { headers: { "x-forwarded-for": "203.0.113.1" } };
  const b = { headers: { "x-forwarded-for": "203.0.113.2, 10.0.0.1" } };
  assert.equal((await trusted.request("/v2/tokens", a)).status, 200);
  assert.equal((await trusted.request("/v2/tokens", b)).status, 200);
  assert.equal((await trusted.request("/v2/tokens", a)).status, 429);
  const untrusted = appWith(1, 1, clock, false);
  assert.equal((await untrusted.request("/v2/tokens", a)).status, 200);
  assert.equal((await untrusted.request("/v2/tokens", b)).status, 429);
});

// ---- the whole service: exactness, TRUST_PROXY, replicas sharing the limit through Redis ----

async function serviceApp(env: Record<string, string>, clock: VirtualClock) {
  const config = loadConfig({ LOG_LEVEL: "silent", RATE_LIMIT_RPS: "10", RATE_LIMIT_BURST: "10", ...env });
  return await createServiceApp(config, { limitsClock: clock });
}

const from = (address: string) => ({ headers: { "x-forwarded-for": address } });

Deno.test("service: the 11th request inside one second from one client gets 429; another client is unaffected", async () => {
  const clock = new VirtualClock(1_700_000_000_000);
  const service = await serviceApp({ TRUST_PROXY: "true" }, clock);
  try {
    for (let i = 0; i < 10; i++) {
      assert.equal((await call(service.app, "GET", "/v2/tokens", undefined, from("198.51.100.7"))).status, 200);
      clock.advance(9); // ten requests over 90 ms: less than one token refilled
    }
    const refused = await call(service.app, "GET", "/v2/tokens", undefined, from("198.51.100.7"));
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, "RATE_LIMITED");
    assert.equal((await call(service.app, "GET", "/v2/tokens", undefined, from("198.51.100.8"))).status, 200);
    // The documents and the docs page are limited too (their answers are the largest): nothing is exempt.
    for (const path of ["/v2/api-docs/openapi.json", "/api-docs/openapi.json", "/docs/"]) {
      const answer = await call(service.app, "GET", path, undefined, from("198.51.100.7"));
      assert.equal(answer.status, 429, path);
    }
    const script = await service.app.request("/docs/scalar.js", from("198.51.100.7")); // an asset: no operation
    assert.equal(script.status, 429);
    await script.body?.cancel();
    const metrics = await scrape(service.services);
    assert.match(metrics, /rate_limit_rejections_total\{store="memory"\} 5/);
    assert.match(metrics, /http_requests_total\{method="GET",route="\/v2\/tokens",status="429"\} 1/);
  } finally {
    await service.stop();
  }
});

Deno.test("service: TRUST_PROXY decides whether X-Forwarded-For tells clients apart (its last entry)", async () => {
  const clock = new VirtualClock(1_700_000_000_000);
  const untrusted = await serviceApp({ TRUST_PROXY: "false" }, clock);
  const trusted = await serviceApp({ TRUST_PROXY: "true" }, clock);
  try {
    // Untrusted: every request is the connection's client, whatever the header says.
    for (let i = 0; i < 10; i++) await untrusted.app.request("/v2/tokens", from(`203.0.113.${i}`));
    assert.equal((await untrusted.app.request("/v2/tokens", from("203.0.113.99"))).status, 429);
    // Trusted: the proxy's view (the last entry) is the client; what the client itself prepended is not.
    for (let i = 0; i < 10; i++) await trusted.app.request("/v2/tokens", from(`10.9.9.${i}, 203.0.113.5`));
    assert.equal((await trusted.app.request("/v2/tokens", from("1.1.1.1, 203.0.113.5"))).status, 429);
    assert.equal((await trusted.app.request("/v2/tokens", from("203.0.113.6"))).status, 200);
  } finally {
    await untrusted.stop();
    await trusted.stop();
  }
});

Deno.test({
  name: "service: two replicas sharing Redis refuse the 11th request of one client inside one second",
  ignore: !HAS_REDIS,
  async fn() {
    const redis = await startRedisServer();
    const clock = new VirtualClock(1_700_000_000_000);
    const env = { TRUST_PROXY: "true", REDIS_URL: redis.url };
    const replicas = [await serviceApp(env, clock), await serviceApp(env, clock)];
    try {
      for (let i = 0; i < 10; i++) {
        const response = await call(replicas[i % 2].app, "GET", "/v2/tokens", undefined, from("198.51.100.20"));
        assert.equal(response.status, 200, `request ${i + 1}`);
        clock.advance(9);
      }
      for (const replica of replicas) {
        const refused = await call(replica.app, "GET", "/v2/tokens", undefined, from("198.51.100.20"));
        assert.equal(refused.status, 429);
      }
      assert.equal((await call(replicas[1].app, "GET", "/v2/tokens", undefined, from("198.51.100.21"))).status, 200);
      const metrics = await scrape(replicas[0].services);
      assert.match(metrics, /rate_limit_rejections_total\{store="redis"\} 1/);
    } finally {
      for (const replica of replicas) await replica.stop();
      await redis.stop();
    }
  },
});

Deno.test({
  name: "service: with Redis down the limit fails open to this replica's memory, with a warning and a metric",
  ignore: !HAS_REDIS,
  async fn() {
    const lines: string[] = [];
    const config = loadConfig({
      RATE_LIMIT_RPS: "10",
      TRUST_PROXY: "true",
      REDIS_URL: `redis://127.0.0.1:${freePort()}`,
    });
    const service = await createServiceApp(config, {
      limitsClock: new VirtualClock(1_700_000_000_000),
      logger: createLogger({ level: "warn", write: (line) => lines.push(line) }),
    });
    try {
      for (let i = 0; i < 10; i++) {
        assert.equal((await call(service.app, "GET", "/v2/tokens", undefined, from("198.51.100.30"))).status, 200);
      }
      // Still limited, by this replica's own buckets; never a 500.
      assert.equal((await call(service.app, "GET", "/v2/tokens", undefined, from("198.51.100.30"))).status, 429);
      const metrics = await scrape(service.services);
      assert.match(metrics, /limit_store_errors_total\{store="redis",operation="rate-limit"\} 11/);
      assert.match(metrics, /rate_limit_rejections_total\{store="memory"\} 1/);
      assert.ok(lines.some((line) => JSON.parse(line).level === "warn" && /redis/.test(JSON.parse(line).msg)));
    } finally {
      await service.stop();
    }
  },
});
