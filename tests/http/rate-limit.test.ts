/** The REST rate limit (DECISIONS 4.1): token bucket per client, 429 with headers, exempt paths, 0 disables. */
import type { AppEnv } from "../../src/services.ts";
import assert from "node:assert/strict";
import { Hono } from "hono";
import { rateLimit } from "../../src/http/middleware/rate-limit.ts";
import { VirtualClock } from "../../src/state/clock.ts";

function appWith(ratePerSecond: number, burst: number, clock: VirtualClock, trustProxy = false) {
  const app = new Hono<AppEnv>();
  app.use("*", rateLimit({ ratePerSecond, burst, trustProxy, clock }));
  app.get("/v2/prices", (c) => c.text("ok"));
  app.get("/metrics", (c) => c.text("metrics"));
  return app;
}

Deno.test("rate limit: a burst of 10 passes, the 11th gets 429 RATE_LIMITED with Retry-After and RateLimit-*", async () => {
  const clock = new VirtualClock(1_000_000);
  const app = appWith(10, 10, clock);
  for (let i = 0; i < 10; i++) {
    const ok = await app.request("/v2/prices");
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get("RateLimit-Remaining"), String(9 - i));
  }
  const limited = await app.request("/v2/prices");
  assert.equal(limited.status, 429);
  assert.deepEqual(await limited.json(), { error: "too many requests, slow down", code: "RATE_LIMITED" });
  assert.equal(limited.headers.get("Retry-After"), "1");
  assert.equal(limited.headers.get("RateLimit-Limit"), "10");
  assert.equal(limited.headers.get("RateLimit-Remaining"), "0");
});

Deno.test("rate limit: tokens refill at the configured rate", async () => {
  const clock = new VirtualClock(0);
  const app = appWith(10, 10, clock);
  for (let i = 0; i < 10; i++) await app.request("/v2/prices");
  assert.equal((await app.request("/v2/prices")).status, 429);
  clock.advance(100); // 10 per second: one token every 100 ms
  assert.equal((await app.request("/v2/prices")).status, 200);
  assert.equal((await app.request("/v2/prices")).status, 429);
});

Deno.test("rate limit: /metrics is exempt and 0 disables the limit", async () => {
  const clock = new VirtualClock(0);
  const limited = appWith(1, 1, clock);
  await limited.request("/v2/prices");
  assert.equal((await limited.request("/v2/prices")).status, 429);
  for (let i = 0; i < 5; i++) assert.equal((await limited.request("/metrics")).status, 200);
  const open = appWith(0, 10, clock);
  for (let i = 0; i < 50; i++) assert.equal((await open.request("/v2/prices")).status, 200);
});

Deno.test("rate limit: clients are told apart by X-Forwarded-For only when the proxy is trusted", async () => {
  const clock = new VirtualClock(0);
  const trusted = appWith(1, 1, clock, true);
  const a = { headers: { "x-forwarded-for": "203.0.113.1" } };
  const b = { headers: { "x-forwarded-for": "203.0.113.2, 10.0.0.1" } };
  assert.equal((await trusted.request("/v2/prices", a)).status, 200);
  assert.equal((await trusted.request("/v2/prices", b)).status, 200);
  assert.equal((await trusted.request("/v2/prices", a)).status, 429);
  const untrusted = appWith(1, 1, clock, false);
  assert.equal((await untrusted.request("/v2/prices", a)).status, 200);
  assert.equal((await untrusted.request("/v2/prices", b)).status, 429);
});
