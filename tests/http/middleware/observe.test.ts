/** Observability (issue 14 item 4): request ids, one structured log line per request, /metrics instruments. */
import assert from "node:assert/strict";
import { loadConfig } from "../../../src/config/env.ts";
import { createServiceApp } from "../../../src/server.ts";
import { createApp } from "../../../src/http/app.ts";
import { createLogger, type LogLevel } from "../../../src/http/logger.ts";
import {
  answerRecorder,
  millisecondsText,
  requestIdFor,
  requestLevel,
  requestLine,
} from "../../../src/http/middleware/observe.ts";
import { joinExchange, serviceEdge } from "../../../src/http/fast-path/edge.ts";
import { IngestStatus } from "../../../src/ingest/status.ts";
import { ServiceMetrics } from "../../../src/http/metrics.ts";
import { ApiError } from "../../../src/http/errors.ts";
import { PriceStore } from "../../../src/state/price-store.ts";
import { VirtualClock } from "../../../src/state/clock.ts";
import { call } from "../../helpers/contract.ts";
import { scrape } from "../../helpers/metrics.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function loggedService(level: LogLevel) {
  const lines: string[] = [];
  const service = await createServiceApp(loadConfig({ RATE_LIMIT_RPS: "0" }), {
    logger: createLogger({ level, write: (line) => lines.push(line) }),
  });
  return { ...service, lines, entries: () => lines.map((line) => JSON.parse(line)) };
}

Deno.test("request id: generated when absent, echoed when sane, replaced when not", () => {
  assert.match(requestIdFor(undefined), UUID);
  assert.equal(requestIdFor("abc-123_x.y:z"), "abc-123_x.y:z");
  for (const insane of ["", "with space", "x".repeat(129), "new\nline", "émoji"]) {
    assert.match(requestIdFor(insane), UUID, JSON.stringify(insane));
  }
});

Deno.test("request line: a path equal to its route shares its quoting; any other path is escaped and bounded", () => {
  const fields = (path: string, route: string) =>
    JSON.parse(`{${requestLine("id-1", "GET", path, route, 200, 0.0012345)}}`);
  assert.deepEqual(fields("/v2/prices", "/v2/prices"), {
    requestId: "id-1",
    method: "GET",
    path: "/v2/prices",
    route: "/v2/prices",
    status: 200,
    durationMs: 1.235,
  });
  // Same route again (its quoting cached), a path with characters JSON must escape.
  const odd = fields('/v2/owner/a"b\\c\u0001', "/v2/owner/:owner");
  assert.equal(odd.path, '/v2/owner/a"b\\c\u0001');
  assert.equal(fields("/v2/owner/x", "/v2/owner/:owner").route, "/v2/owner/:owner");
  const long = fields("/" + "p".repeat(300), "other");
  assert.equal(long.path, "/" + "p".repeat(255) + "…");
  assert.equal(long.route, "other");
});

Deno.test("request line: durationMs is written as the microsecond-rounded milliseconds print", () => {
  const seconds = [
    0,
    1e-7,
    4e-7,
    5e-7,
    1e-6,
    0.000999,
    0.001,
    0.00123,
    0.0012345,
    0.0123,
    0.1,
    1,
    12.3456789,
    1073.741823,
  ];
  // A fixed sequence spread over short and long durations (the same every run).
  for (let i = 1; i <= 20_000; i++) seconds.push(((i * 7919) % 20_011) / 20_011 * (i % 2 ? 0.01 : 100));
  for (const s of seconds) assert.equal(millisecondsText(s), String(Math.round(s * 1e6) / 1e3), `${s} s`);
});

Deno.test("every answer carries X-Request-Id and one JSON log line with the same id", async () => {
  const service = await loggedService("debug");
  try {
    service.lines.length = 0;
    const generated = await call(service.app, "GET", "/v2/tokens");
    const id = generated.headers.get("x-request-id")!;
    assert.match(id, UUID);
    const echoed = await call(service.app, "GET", "/v2/raw/pools/not-a-key", undefined, {
      headers: { "x-request-id": "trace-42" },
    });
    assert.equal(echoed.status, 400);
    assert.equal(echoed.headers.get("x-request-id"), "trace-42");
    const entries = service.entries().filter((entry) => entry.msg === "request");
    assert.equal(entries.length, 2);
    assert.deepEqual(
      { ...entries[0], time: undefined, durationMs: undefined },
      {
        time: undefined,
        level: "debug", // a polled read answered 200
        msg: "request",
        requestId: id,
        method: "GET",
        path: "/v2/tokens",
        route: "/v2/tokens",
        status: 200,
        durationMs: undefined,
      },
    );
    assert.equal(typeof entries[0].durationMs, "number");
    assert.ok(!Number.isNaN(Date.parse(entries[0].time)));
    assert.equal(entries[1].requestId, "trace-42");
    assert.equal(entries[1].level, "info");
    assert.equal(entries[1].route, "/v2/raw/pools/:pubkey");
    assert.equal(entries[1].status, 400);
  } finally {
    await service.stop();
  }
});

Deno.test("at info, a polled read answered 200 or 304 writes no line; its errors and every other route do", async () => {
  const service = await loggedService("info");
  try {
    service.lines.length = 0;
    const tokens = await call(service.app, "GET", "/v2/tokens");
    const etag = tokens.headers.get("etag");
    assert.ok(etag);
    assert.equal(
      (await call(service.app, "GET", "/v2/tokens", undefined, { headers: { "if-none-match": etag } })).status,
      304,
    );
    await call(service.app, "GET", "/v2/tokens?"); // the same route, answered by the app
    assert.deepEqual(service.entries(), [], "no line for the polled reads");
    await call(service.app, "GET", "/health"); // degraded: the service was not started
    await call(service.app, "GET", "/v2/api-docs/openapi.json");
    await call(service.app, "GET", "/v2/raw/pools/not-a-key");
    assert.deepEqual(
      service.entries().map(({ level, route, status }) => ({ level, route, status })),
      [
        { level: "error", route: "/health", status: 503 },
        { level: "info", route: "/v2/api-docs/openapi.json", status: 200 },
        { level: "info", route: "/v2/raw/pools/:pubkey", status: 400 },
      ],
    );
  } finally {
    await service.stop();
  }
});

Deno.test("requestLevel: 5xx error, polled 200 and 304 debug, any other info", () => {
  assert.equal(requestLevel(200, true), "debug");
  assert.equal(requestLevel(304, true), "debug");
  assert.equal(requestLevel(429, true), "info");
  assert.equal(requestLevel(404, true), "info");
  assert.equal(requestLevel(503, true), "error");
  assert.equal(requestLevel(200, false), "info");
  assert.equal(requestLevel(500, false), "error");
});

Deno.test("LOG_LEVEL filters: at warn no request lines are written", async () => {
  const service = await loggedService("warn");
  try {
    service.lines.length = 0;
    await service.app.request("/v2/tokens");
    assert.deepEqual(service.lines, []);
  } finally {
    await service.stop();
  }
});

/** A bare app whose v2ListTokens handler throws `error`, with the service's edge; the log lines it writes. */
async function failingRequest(error: unknown) {
  const lines: string[] = [];
  const logger = createLogger({ level: "warn", write: (line) => lines.push(line) });
  const metrics = new ServiceMetrics({
    ingest: new IngestStatus(),
    prices: new PriceStore(),
    clock: new VirtualClock(),
  });
  const app = createApp({
    handlers: {
      v2ListTokens: () => {
        throw error;
      },
    },
    logger,
    middleware: [(c, next) => (joinExchange(c), next())],
  });
  const edge = serviceEdge(app.fetch, {
    reads: new Map(),
    preflight: () => new Response(null, { status: 204 }),
    record: answerRecorder({ metrics, logger }),
    labelCors: Object.assign(() => {}, { sameForEveryOrigin: true }),
    trustProxy: false,
  });
  const response = await edge(new Request("http://localhost/v2/tokens", { headers: { "x-request-id": "r-1" } }));
  return { status: response.status, body: await response.json(), entries: lines.map((line) => JSON.parse(line)) };
}

Deno.test("an unexpected failure is a 500 INTERNAL and an error line with the request id", async () => {
  const { status, body, entries } = await failingRequest(new Error("boom"));
  assert.equal(status, 500);
  assert.deepEqual(body, { error: "internal error", code: "INTERNAL" });
  const entry = entries[0];
  assert.equal(entry.level, "error");
  assert.equal(entry.msg, "unhandled error");
  assert.equal(entry.error.message, "boom");
  assert.match(entry.error.stack, /boom/);
  assert.equal(entry.requestId, "r-1");
  assert.equal(entries[1].msg, "request"); // the request's own line, at error level for a 500
  assert.equal(entries[1].level, "error");
});

Deno.test("a registry 500 (BLOCKHASH_UNAVAILABLE) is a warn line with its code, not an unhandled error", async () => {
  const { status, body, entries } = await failingRequest(
    new ApiError(500, "BLOCKHASH_UNAVAILABLE", "blockhash fetch failed"),
  );
  assert.equal(status, 500);
  assert.deepEqual(body, { error: "blockhash fetch failed", code: "BLOCKHASH_UNAVAILABLE" });
  assert.deepEqual(entries.map((e) => [e.level, e.msg]), [["warn", "answered with a server error"], [
    "error",
    "request",
  ]]);
  assert.equal(entries[0].code, "BLOCKHASH_UNAVAILABLE");
  assert.equal(entries[0].error, "blockhash fetch failed");
  assert.equal(entries[0].requestId, "r-1");
  assert.equal(entries[0].path, "/v2/tokens");
});

Deno.test("/metrics: request histogram by route template and status, and the staleness figures", async () => {
  const service = await loggedService("silent");
  try {
    await service.app.request("/v2/tokens");
    await service.app.request("/v2/raw/pools/not-a-key");
    const text = await scrape(service.services);
    assert.match(text, /http_request_duration_seconds_count\{method="GET",route="\/v2\/tokens",status="200"\} 1/);
    assert.match(
      text,
      /http_request_duration_seconds_bucket\{le="1",method="GET",route="\/v2\/raw\/pools\/:pubkey",status="400"\} 1/,
    );
    for (
      const name of [
        "ingest_slot_lag_seconds",
        "oracle_price_age_seconds",
        "upstream_errors_total",
        "rate_limit_rejections_total",
        "ws_connections",
        "builder_failures_total",
        "limit_store_errors_total",
      ]
    ) {
      assert.match(text, new RegExp(`^# TYPE ${name} `, "m"), name);
    }
    assert.match(text, /ingest_slot_lag_seconds\{chain="base"\} /);
    assert.match(text, /upstream_errors_total\{upstream="oracle"\} 0/);
  } finally {
    await service.stop();
  }
});

Deno.test("metric instruments for streams and builders: ws_connections, builder_failures_total, oracle age per feed", async () => {
  const clock = new VirtualClock(10_000);
  const prices = new PriceStore();
  const metrics = new ServiceMetrics({ ingest: new IngestStatus(), prices, clock });
  metrics.wsOpened("v2");
  metrics.wsOpened("v2");
  metrics.wsOpened("earlier");
  metrics.wsClosed("v2");
  metrics.builderFailed("v2ClosePosition", "POSITION_NOT_FOUND");
  metrics.builderFailed("v2ClosePosition", "POSITION_NOT_FOUND");
  prices.set({
    feedId: 6,
    price: 1n,
    exponent: -8,
    confidence: 0n,
    // Published at 7.5 s (its feed timestamp), received at 9 s: the age is the feed's, as quotes judge it.
    timestampUs: 7_500_000n,
    marketSession: "regular",
    receivedAtMs: 9_000,
  });
  const text = (await metrics.exposition()).body;
  assert.match(text, /ws_connections\{stream="v2"\} 1/);
  assert.match(text, /ws_connections\{stream="earlier"\} 1/);
  assert.match(text, /builder_failures_total\{operation="v2ClosePosition",code="POSITION_NOT_FOUND"\} 2/);
  assert.match(text, /oracle_price_age_seconds\{feed="6"\} 2.5/);
});

Deno.test("observe: a client that leaves mid-upload is a client abort at info, not a 500 with a stack", async () => {
  // Before: `BadResource … Cannot read body` was logged at error with its stack and counted as status="500".
  const service = await loggedService("debug");
  try {
    for (const path of ["/v2/transaction-builder/open-position", "/v2/preview/open-position"]) {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"owner":"'));
          controller.error(new Deno.errors.BadResource("Cannot read request body as underlying resource unavailable"));
        },
      });
      const request = new Request(`http://127.0.0.1${path}`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
      });
      await (await service.app.fetch(request)).body?.cancel();
    }
    const entries = service.entries();
    assert.deepEqual(entries.filter((e) => e.level === "error" || e.level === "warn"), []);
    const aborts = entries.filter((e) => e.msg === "client aborted its request");
    assert.equal(aborts.length, 2);
    assert.equal(aborts[0].level, "info");
    assert.equal(aborts[0].error, undefined, "no error object, so no stack");
    const metrics = await scrape(service.services);
    assert.match(metrics, /^http_client_aborts_total 2$/m);
    assert.doesNotMatch(metrics, /status="5\d\d"/);
    assert.doesNotMatch(metrics, /status="499"/);
  } finally {
    await service.stop();
  }
});
