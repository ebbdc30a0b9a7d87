/**
 * CORS for browser apps (issue 12, DECISIONS 5.14) over HTTP, on both interfaces: preflights and simple requests
 * from allowed and refused origins, with `CORS_ORIGINS` at its default (`*`) and as a list. Every answer goes
 * through `call`, which validates the status, body and CORS headers against the YAML (`x-cors`).
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { parseCorsOrigins } from "../../../src/config/cors-origins.ts";
import {
  CORS_ALLOWED_HEADERS,
  CORS_ALLOWED_METHODS,
  CORS_EXPOSED_HEADERS,
  CORS_MAX_AGE_SECONDS,
  corsAnswerLabel,
  corsPreflights,
} from "../../../src/http/middleware/cors.ts";
import { type CachedReadAnswer, type PlainAnswer, serviceEdge } from "../../../src/http/fast-path/edge.ts";
import type { AppEnv } from "../../../src/services.ts";
import { loadConfig } from "../../../src/config/env.ts";
import { createServiceApp } from "../../../src/server.ts";
import { createLogger } from "../../../src/http/logger.ts";
import { VirtualClock } from "../../../src/state/clock.ts";
import { call } from "../../helpers/contract.ts";
import { DOCUMENTS, operationsOf } from "../../helpers/openapi.ts";
import { sampleUrl } from "../../helpers/samples.ts";
import { scrape } from "../../helpers/metrics.ts";

const EXPOSED = "*";
const APP = "http://app.test:5173";
const WALLET = "https://wallet.example";
const STRANGER = "https://stranger.example";

/** One concrete URL and method per documented operation of both interfaces. */
const OPERATIONS = Object.entries(DOCUMENTS).flatMap(([iface, doc]) =>
  operationsOf(doc).map(({ path, method, operation }) => ({
    iface,
    method: method.toUpperCase(),
    url: sampleUrl(doc, path, operation),
  }))
);

/** A service whose rate limit is one request per client, on a clock that never refills it. */
async function service(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const built = await createServiceApp(loadConfig({ RATE_LIMIT_RPS: "1", RATE_LIMIT_BURST: "1", ...env }), {
    limitsClock: new VirtualClock(0),
    logger: createLogger({ level: "info", write: (line) => lines.push(line) }),
  });
  return { ...built, lines };
}

const preflight = (origin: string, method = "POST") => ({
  headers: { origin, "access-control-request-method": method, "access-control-request-headers": "content-type" },
});

Deno.test("CORS, default `*`: a preflight on every route of both interfaces is 204 and spends no rate-limit token", async () => {
  const { app, lines } = await service();
  assert.ok(OPERATIONS.some((op) => op.iface === "earlier") && OPERATIONS.some((op) => op.iface === "v2"));
  // Valid and invalid paths alike: a preflight never reaches routing or validation (no 400, 404 or 501).
  const urls = [
    ...OPERATIONS.map((op) => ({ method: op.method, url: op.url })),
    { method: "GET", url: "/v2/owner/not-a-key" },
    { method: "GET", url: "/owner/not-a-key/ws" },
    { method: "POST", url: "/no/such/route" },
  ];
  for (const { method, url } of urls) {
    const r = await call(app, "OPTIONS", url, undefined, preflight(STRANGER, method));
    assert.equal(r.status, 204, `${method} ${url}`);
    assert.equal(r.text, "");
    assert.equal(r.headers.get("access-control-allow-origin"), "*");
    assert.equal(r.headers.get("access-control-allow-methods"), "GET,HEAD,POST");
    assert.equal(r.headers.get("access-control-allow-headers"), "Content-Type,X-Request-Id,If-None-Match");
    assert.equal(r.headers.get("access-control-max-age"), "600");
    assert.equal(r.headers.get("ratelimit-remaining"), null, "a preflight is not rate-limited");
  }
  // Preflights are answered before observation: no log line for any of them.
  const requestLines = lines.filter((line) => JSON.parse(line).msg === "request");
  assert.deepEqual(requestLines, []);

  // The single token of this client is still there after all those preflights.
  const first = await call(app, "GET", "/v2/tokens", undefined, { headers: { origin: STRANGER } });
  assert.equal(first.status, 200);
  assert.equal(first.headers.get("ratelimit-remaining"), "0");
  assert.equal(first.headers.get("access-control-allow-origin"), "*");
  assert.equal(first.headers.get("access-control-expose-headers"), EXPOSED);
  assert.equal(first.headers.get("vary"), null, "`*` does not depend on the origin");

  // The next one is limited, and a page can read why and for how long.
  const limited = await call(app, "GET", "/tokens", undefined, { headers: { origin: STRANGER } });
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get("access-control-allow-origin"), "*");
  assert.equal(limited.headers.get("access-control-expose-headers"), EXPOSED);
  assert.equal(limited.headers.get("retry-after"), "1");
});

Deno.test("CORS, a list: allowed origins get their own origin back, others get no Access-Control-Allow-Origin", async (t) => {
  const { app, services } = await service({ CORS_ORIGINS: `${APP}, ${WALLET}/`, RATE_LIMIT_RPS: "0" });
  assert.deepEqual(services.config.CORS_ORIGINS, [APP, WALLET]);

  for (
    const [iface, get, post] of [
      ["v2", "/v2/tokens", "/v2/preview/limit-order-fees"],
      ["earlier", "/tokens", "/preview/limit-order-fees"],
    ]
  ) {
    await t.step(`${iface}: preflight from an allowed origin`, async () => {
      for (const origin of [APP, WALLET]) {
        const r = await call(app, "OPTIONS", post, undefined, preflight(origin));
        assert.equal(r.status, 204);
        assert.equal(r.headers.get("access-control-allow-origin"), origin);
        assert.equal(r.headers.get("access-control-allow-methods"), "GET,HEAD,POST");
        assert.equal(r.headers.get("access-control-allow-headers"), "Content-Type,X-Request-Id,If-None-Match");
        assert.match(r.headers.get("vary")!, /\bOrigin\b/);
      }
    });
    await t.step(`${iface}: preflight from a refused origin`, async () => {
      for (const origin of [STRANGER, "null", `${APP}/`, "http://app.test:5174", APP.toUpperCase()]) {
        const r = await call(app, "OPTIONS", post, undefined, preflight(origin));
        assert.equal(r.status, 204, "still answered (the browser does the refusing)");
        assert.equal(r.headers.get("access-control-allow-origin"), null, origin);
        assert.match(r.headers.get("vary")!, /\bOrigin\b/);
      }
    });
    await t.step(`${iface}: simple requests`, async () => {
      const allowed = await call(app, "GET", get, undefined, { headers: { origin: APP } });
      assert.equal(allowed.status, 200);
      assert.equal(allowed.headers.get("access-control-allow-origin"), APP);
      assert.equal(allowed.headers.get("access-control-expose-headers"), EXPOSED);
      assert.match(allowed.headers.get("vary")!, /\bOrigin\b/);
      assert.ok(allowed.headers.get("x-request-id"));

      const refused = await call(app, "GET", get, undefined, { headers: { origin: STRANGER } });
      assert.equal(refused.status, 200, "answered; the browser withholds it from the page");
      assert.equal(refused.headers.get("access-control-allow-origin"), null);
      assert.match(refused.headers.get("vary")!, /\bOrigin\b/);
      assert.deepEqual(refused.body, allowed.body);

      // No Origin at all (a server, curl): nothing CORS-specific to say.
      const plain = await call(app, "GET", get);
      assert.equal(plain.headers.get("access-control-allow-origin"), null);
    });
    await t.step(`${iface}: an error answer carries the headers too, so a page can read it`, async () => {
      const r = await call(app, "POST", post, { marketSymbol: "SOL" }, { headers: { origin: WALLET } });
      assert.equal(r.status, 400);
      assert.equal(r.body.code, "VALIDATION_FAILED");
      assert.equal(r.headers.get("access-control-allow-origin"), WALLET);
      assert.equal(r.headers.get("access-control-expose-headers"), EXPOSED);
    });
  }
});

Deno.test("CORS: preflights are counted in /metrics by outcome, and nowhere else", async () => {
  const { app, services } = await service({ CORS_ORIGINS: APP, RATE_LIMIT_RPS: "0" });
  for (const origin of [APP, APP, STRANGER]) await call(app, "OPTIONS", "/v2/prices", undefined, preflight(origin));
  const metrics = await scrape(services);
  assert.match(metrics, /^cors_preflights_total\{origin="allowed"\} 2$/m);
  assert.match(metrics, /^cors_preflights_total\{origin="refused"\} 1$/m);
  assert.doesNotMatch(metrics, /http_requests_total\{method="OPTIONS"/);
});

/** A plain read's cached answer and a cached view, answered by the edge from templates. */
const PLAIN: PlainAnswer = { json: '{"plain":true}', etag: '"d-0123456789abcdef"', identity: {} };
const CACHED: CachedReadAnswer = { json: '{"cached":true}', identity: {}, route: "/cached/:id" };

Deno.test("CORS: every answer carries exactly the headers hono's cors middleware would give it", async () => {
  for (const setting of ["*", `${APP},${WALLET}`]) {
    const origins = parseCorsOrigins(setting);
    const withMiddleware = (middleware: ReturnType<typeof cors>) => {
      const app = new Hono<AppEnv>();
      app.use("*", middleware);
      app.get("/x", (c) => c.json({ ok: true }));
      app.get("/plain", (c) => c.body(PLAIN.json, 200, { "content-type": "application/json", etag: PLAIN.etag! }));
      app.get("/cached/one", (c) => c.body(CACHED.json, 200, { "content-type": "application/json" }));
      app.post("/x", (c) => c.json({ error: "bad", code: "VALIDATION_FAILED" }, 400));
      app.get("/throws", () => {
        throw new Error("boom");
      });
      app.onError((_error, c) => c.json({ error: "internal error", code: "INTERNAL" }, 500));
      return app;
    };
    // The service's edge over the same app, with the CORS preflights and labels the service uses. It answers `/plain`
    // and `/cached/one` itself, from templates built at the first request (whose origin must not stay in them).
    const edge = serviceEdge(withMiddleware((_c, next) => next()).fetch, {
      reads: new Map([["/plain", () => PLAIN]]),
      cachedReads: (pathAndQuery) => pathAndQuery === "/cached/one" ? CACHED : undefined,
      preflight: corsPreflights({ origins }),
      record: () => {},
      labelCors: corsAnswerLabel(origins),
      trustProxy: false,
    });
    const ours = { request: (path: string, init: RequestInit) => edge(new Request(`http://localhost${path}`, init)) };
    const hono = withMiddleware(cors({
      origin: origins === "*" ? "*" : [...origins],
      allowMethods: [...CORS_ALLOWED_METHODS],
      allowHeaders: [...CORS_ALLOWED_HEADERS],
      exposeHeaders: [...CORS_EXPOSED_HEADERS],
      maxAge: CORS_MAX_AGE_SECONDS,
    }));
    for (const origin of [APP, WALLET, STRANGER, undefined]) {
      for (
        const [method, path] of [
          ["GET", "/plain"],
          ["GET", "/cached/one"],
          ["GET", "/x"],
          ["POST", "/x"],
          ["GET", "/throws"],
          ["GET", "/none"],
          ["OPTIONS", "/x"],
        ]
      ) {
        const headers: Record<string, string> = origin ? { origin, "access-control-request-method": "POST" } : {};
        const init = { method, headers };
        const [a, b] = [await ours.request(path, init), await hono.request(path, init)];
        const what = `${setting}: ${method} ${path} from ${origin}`;
        assert.equal(a.status, b.status, what);
        // The edge adds the request id to every answer but a preflight's; the rest is hono's.
        assert.equal(a.headers.has("x-request-id"), method !== "OPTIONS", what);
        assert.deepEqual(
          [...a.headers].filter(([name]) => name !== "x-request-id").sort(),
          [...b.headers].sort(),
          what,
        );
        assert.equal(await a.text(), await b.text(), what);
      }
    }
  }
});
