/**
 * The service's edge (src/http/fast-path/edge.ts): which requests it answers itself (plain reads, unknown methods),
 * which it hands to the preflight answerer or the app, and, on the running service, that a plain read's answer at the
 * edge is the app's answer (status, headers, body; the same rate-limit buckets, CORS headers, entity tags), checked
 * against the YAML by `call`.
 */
import assert from "node:assert/strict";
import { echoOrigin } from "../../helpers/cors-labels.ts";
import {
  type CachedRead,
  type Exchange,
  type PlainAnswer,
  type PlainRead,
  serviceEdge,
} from "../../../src/http/fast-path/edge.ts";
import { requestLimiter } from "../../../src/http/middleware/rate-limit.ts";
import { VirtualClock } from "../../../src/state/clock.ts";
import { plainReadsOf } from "../../../src/http/fast-path/plain-reads.ts";
import { earlierHealthBody, v2HealthBody } from "../../../src/handlers/shared/health.ts";
import { createLogger } from "../../../src/http/logger.ts";
import { startedReadService, testApp } from "../../helpers/app.ts";
import { call, type CheckedResponse, comparableHeaders, mountedCall } from "../../helpers/contract.ts";
import { scrape } from "../../helpers/metrics.ts";

const APP_ORIGIN = "http://app.test:5173";
const STRANGER = "https://stranger.example";

/** An edge over a fake app that counts what reaches it, with one plain read (a cached answer) and one that has none. */
function edgeOverCountingApp(options: { limit?: boolean; cachedReads?: CachedRead } = {}) {
  const reachedApp: string[] = [];
  const recorded: string[] = [];
  const cached: PlainAnswer = { json: '{"a":1}', etag: '"7-0123456789abcdef"', identity: {} };
  const edge = serviceEdge((request, exchange) => {
    reachedApp.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`);
    assert.ok((exchange as Exchange).requestId, "the app is handed the request id");
    return new Response("from the app");
  }, {
    reads: new Map<string, PlainRead>([["/plain", () => cached], ["/not-plain", () => undefined]]),
    cachedReads: options.cachedReads,
    preflight: (request) => {
      reachedApp.push(`preflight ${new URL(request.url).pathname}`);
      return new Response(null, { status: 204 });
    },
    record: (id, method, path, route, status) => recorded.push(`${id} ${method} ${path} ${route} ${status}`),
    labelCors: echoOrigin,
    limiter: options.limit
      ? requestLimiter({ ratePerSecond: 1, burst: 1, trustProxy: false, clock: new VirtualClock(0) })
      : undefined,
    trustProxy: false,
  });
  return { edge, reachedApp, recorded, cached };
}

Deno.test("edge: a plain read's GET is answered without the app, with the headers every answer carries", async () => {
  const { edge, reachedApp, recorded } = edgeOverCountingApp();
  const response = await edge(new Request("http://host:8080/plain", { headers: { "x-request-id": "trace-7" } }));
  assert.equal(response.status, 200);
  assert.equal(await response.text(), '{"a":1}');
  assert.equal(response.headers.get("content-type"), "application/json");
  assert.equal(response.headers.get("etag"), '"7-0123456789abcdef"');
  assert.equal(response.headers.get("x-request-id"), "trace-7");
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.deepEqual(reachedApp, []);
  assert.deepEqual(recorded, ["trace-7 GET /plain /plain 200"]);
});

Deno.test("edge: a cached read's GET is answered without the app, recorded under its route", async () => {
  const cachedReads: CachedRead = (pathAndQuery) =>
    pathAndQuery === "/owner/abc?x=1" ? { json: '{"cached":1}', identity: {}, route: "/owner/:owner" } : undefined;
  const { edge, reachedApp, recorded } = edgeOverCountingApp({ cachedReads });
  const response = await edge(new Request("http://host/owner/abc?x=1", { headers: { "x-request-id": "trace-8" } }));
  assert.equal(await response.text(), '{"cached":1}');
  assert.equal(response.headers.get("content-type"), "application/json");
  assert.equal(response.headers.get("etag"), null);
  await (await edge(new Request("http://host/owner/abd?x=1"))).text();
  assert.deepEqual(reachedApp, ["GET /owner/abd?x=1"]);
  assert.equal(recorded[0], "trace-8 GET /owner/abc /owner/:owner 200");
});

Deno.test("edge: an answer sent again is built once, and each request still gets its own headers", async () => {
  let view = { json: '{"v":1}' };
  const cachedReads: CachedRead = (pathAndQuery) =>
    pathAndQuery === "/owner/abc" ? { json: view.json, identity: view, route: "/owner/:owner" } : undefined;
  const { edge } = edgeOverCountingApp({ cachedReads });
  const get = async (headers: Record<string, string>) => {
    const response = await edge(new Request("http://host/owner/abc", { headers }));
    return { headers: response.headers, text: await response.text() };
  };
  const first = await get({ origin: "https://one.example", "x-request-id": "first" });
  const second = await get({ "x-request-id": "second" });
  const third = await get({ origin: "https://three.example" });
  assert.deepEqual([first.text, second.text, third.text], ['{"v":1}', '{"v":1}', '{"v":1}']);
  // Nothing of an earlier request stays in the answer built for the first: not its id, not its origin's label.
  assert.equal(first.headers.get("x-request-id"), "first");
  assert.equal(second.headers.get("x-request-id"), "second");
  assert.ok(third.headers.get("x-request-id") && third.headers.get("x-request-id") !== "first");
  assert.equal(first.headers.get("access-control-allow-origin"), "https://one.example");
  assert.equal(second.headers.get("access-control-allow-origin"), "*");
  assert.equal(third.headers.get("access-control-allow-origin"), "https://three.example");
  for (const answer of [first, second, third]) {
    assert.deepEqual([...answer.headers.keys()].sort(), [
      "access-control-allow-origin",
      "content-type",
      "x-request-id",
    ]);
  }
  // A changed answer is a new object: its own text, never the text built for the old one.
  view = { json: '{"v":2}' };
  assert.equal((await get({})).text, '{"v":2}');
});

Deno.test("edge: with CORS labels the same for every origin, answers built once carry them, and a 429 too", async () => {
  const cached: PlainAnswer = { json: '{"a":1}', etag: '"7-0123456789abcdef"', identity: {} };
  const labelled: string[] = [];
  const edge = serviceEdge(() => new Response("from the app"), {
    reads: new Map<string, PlainRead>([["/plain", () => cached]]),
    preflight: () => new Response(null, { status: 204 }),
    record: () => {},
    labelCors: Object.assign((headers: Headers, origin: string | undefined) => {
      labelled.push(origin ?? "none");
      headers.set("Access-Control-Allow-Origin", "*");
    }, { sameForEveryOrigin: true }),
    limiter: requestLimiter({ ratePerSecond: 1, burst: 2, trustProxy: false, clock: new VirtualClock(0) }),
    trustProxy: false,
  });
  const answers = [];
  for (const origin of ["https://a.example", "https://b.example", "https://c.example"]) {
    const response = await edge(new Request("http://host/plain", { headers: { origin } }));
    answers.push({ status: response.status, headers: response.headers, text: await response.text() });
  }
  assert.deepEqual(answers.map((a) => a.status), [200, 200, 429]);
  for (const answer of answers) assert.equal(answer.headers.get("access-control-allow-origin"), "*");
  assert.equal(answers[1].headers.get("etag"), '"7-0123456789abcdef"');
  assert.equal(answers[1].headers.get("ratelimit-remaining"), "0");
  assert.equal(answers[1].text, '{"a":1}');
  // Labelled once for the template, and once for the refusal (not built from it); never per 200.
  assert.deepEqual(labelled, ["none", "https://c.example"]);
});

Deno.test("edge: If-None-Match holding the tag is a 304 without a body", async () => {
  const { edge, recorded } = edgeOverCountingApp();
  const response = await edge(
    new Request("http://host/plain", { headers: { "if-none-match": 'W/"7-0123456789abcdef"' } }),
  );
  assert.equal(response.status, 304);
  assert.equal(await response.text(), "");
  assert.equal(response.headers.get("etag"), '"7-0123456789abcdef"');
  assert.match(recorded[0], / 304$/);
});

Deno.test("edge: every other request goes to the app, and its answer is labelled and recorded", async () => {
  const { edge, reachedApp, recorded } = edgeOverCountingApp();
  for (
    const request of [
      new Request("http://host/plain", { method: "POST", body: "{}" }),
      new Request("http://host/plain?x=1"),
      new Request("http://host/plain/"),
      new Request("http://host/other"),
      new Request("http://host/not-plain", { headers: { "x-request-id": "trace-9" } }),
    ]
  ) {
    const response = await edge(request);
    assert.equal(await response.text(), "from the app");
    assert.ok(response.headers.get("x-request-id"));
    assert.equal(response.headers.get("access-control-allow-origin"), "*");
  }
  assert.deepEqual(reachedApp, [
    "POST /plain",
    "GET /plain?x=1",
    "GET /plain/",
    "GET /other",
    "GET /not-plain",
  ]);
  // Without the app's context (this fake app has none) the route is OTHER.
  assert.deepEqual(recorded.map((line) => line.split(" ").slice(1).join(" ")), [
    "POST /plain other 200",
    "GET /plain other 200",
    "GET /plain/ other 200",
    "GET /other other 200",
    "GET /not-plain other 200",
  ]);
  assert.match(recorded[4], /^trace-9 /);
});

/** The edge over `app` with nothing answered at the edge and nothing recorded. */
function edgeWithoutReads(app: (request: Request) => Response) {
  return serviceEdge(app, {
    reads: new Map(),
    preflight: () => new Response(null, { status: 204 }),
    record: () => {},
    labelCors: echoOrigin,
    trustProxy: false,
  });
}

Deno.test("edge: a HEAD is the app's GET without its body, with the GET body's length in bytes", async () => {
  const asked: string[] = [];
  const edge = edgeWithoutReads((request) => {
    asked.push(request.method);
    if (new URL(request.url).pathname === "/gone") return new Response(null, { status: 304 });
    const answer = new Response('{"name":"é"}', { status: 201 });
    answer.headers.set("content-type", "application/json");
    return answer;
  });
  const head = await edge(new Request("http://host/x", { method: "HEAD", headers: { "x-request-id": "trace-h" } }));
  assert.deepEqual(asked, ["GET"]);
  assert.equal(head.status, 201);
  assert.equal(await head.text(), "");
  assert.equal(head.headers.get("content-type"), "application/json");
  assert.equal(head.headers.get("content-length"), "13"); // "é" is two bytes
  assert.equal(head.headers.get("x-request-id"), "trace-h");
  const notModified = await edge(new Request("http://host/gone", { method: "HEAD" }));
  assert.equal(notModified.status, 304);
  assert.equal(notModified.headers.get("content-length"), null);
});

Deno.test("edge: over the wire, a HEAD's Content-Length is its GET's and no body follows", async () => {
  const edge = edgeWithoutReads(() => {
    const answer = new Response('{"tokens":["SOL","BTC"]}');
    answer.headers.set("content-type", "application/json");
    return answer;
  });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, edge);
  try {
    // Two requests on one connection: a body after the HEAD's head would be read as the next answer's start.
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
    const text = new TextEncoder().encode(
      "HEAD /t HTTP/1.1\r\nHost: x\r\n\r\nGET /t HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    await conn.write(text);
    const received = new TextDecoder().decode(await new Response(conn.readable).bytes());
    const answers = received.split("HTTP/1.1 ").slice(1);
    assert.equal(answers.length, 2);
    const [headAnswer, getAnswer] = answers;
    assert.match(headAnswer, /\r\ncontent-length: 24\r\n/i);
    assert.ok(headAnswer.endsWith("\r\n\r\n"), "nothing follows the HEAD's head");
    assert.match(getAnswer, /\r\ncontent-length: 24\r\n/i);
    assert.ok(getAnswer.endsWith('{"tokens":["SOL","BTC"]}'));
  } finally {
    await server.shutdown();
  }
});

/**
 * Whether `request.headers` was ever made for a served request: Deno 2.9.6 keeps it under the request's `headers cache`
 * symbol, and once it exists copies every header and answers from a promise (src/http/fast-path/request-header.ts).
 */
function headersObjectMade(request: Request): boolean {
  const cache = Object.getOwnPropertySymbols(request).find((key) => key.description === "headers cache");
  assert.ok(cache, "Deno 2.9.6's Request keeps its Headers under a `headers cache` symbol");
  return (request as unknown as Record<symbol, unknown>)[cache] !== undefined;
}

Deno.test("edge: over the wire, what it answers by itself never makes the request's Headers object", async () => {
  const cachedReads: CachedRead = (pathAndQuery) =>
    pathAndQuery === "/owner/abc" ? { json: '{"cached":1}', identity: {}, route: "/owner/:owner" } : undefined;
  const { edge, reachedApp } = edgeOverCountingApp({ cachedReads });
  const made: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request, info) => {
    const answer = await edge(request, info);
    made.push(`${new URL(request.url).pathname} ${headersObjectMade(request)}`);
    return answer;
  });
  try {
    const headers = { "x-request-id": "trace-9", "if-none-match": '"other"', origin: APP_ORIGIN };
    const base = `http://127.0.0.1:${server.addr.port}`;
    const plain = await fetch(`${base}/plain`, { headers });
    assert.equal(plain.headers.get("x-request-id"), "trace-9");
    assert.equal(plain.headers.get("access-control-allow-origin"), APP_ORIGIN);
    await plain.text();
    const notModified = await fetch(`${base}/plain`, { headers: { "if-none-match": '"7-0123456789abcdef"' } });
    assert.equal(notModified.status, 304);
    await notModified.body?.cancel();
    await (await fetch(`${base}/owner/abc`, { headers })).text();
    await (await fetch(`${base}/elsewhere`, { headers })).text();
  } finally {
    await server.shutdown();
  }
  assert.deepEqual(reachedApp, ["GET /elsewhere"]);
  // The counting app reads no header: the edge made none before handing the request over either.
  assert.deepEqual(made, ["/plain false", "/plain false", "/owner/abc false", "/elsewhere false"]);
});

Deno.test("edge: a preflight goes to the preflight answerer and an unknown method is refused, both unrecorded", async () => {
  const { edge, reachedApp, recorded } = edgeOverCountingApp();
  const preflight = await edge(new Request("http://host/anything", { method: "OPTIONS" }));
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get("x-request-id"), null);
  const unknown = await edge(new Request("http://host/plain", { method: "FOOA" }));
  assert.equal(unknown.status, 404);
  assert.deepEqual(await unknown.json(), { error: "unsupported HTTP method", code: "NOT_FOUND" });
  assert.deepEqual(reachedApp, ["preflight /anything"]);
  assert.deepEqual(recorded, []);
});

Deno.test("edge: the rate limit takes a token per plain read and refuses with the limit's 429", async () => {
  const { edge, reachedApp } = edgeOverCountingApp({ limit: true });
  const allowed = await edge(new Request("http://host/plain"));
  assert.equal(allowed.status, 200);
  assert.equal(allowed.headers.get("ratelimit-remaining"), "0");
  const refused = await edge(new Request("http://host/plain"));
  assert.equal(refused.status, 429);
  assert.deepEqual(await refused.json(), { error: "too many requests, slow down", code: "RATE_LIMITED" });
  assert.equal(refused.headers.get("retry-after"), "1");
  assert.ok(refused.headers.get("x-request-id"));
  assert.deepEqual(reachedApp, []);
});

/** Headers of an answer that must be equal on both paths. */
const comparable = (response: CheckedResponse) => comparableHeaders(response);

async function assertSameAnswers(
  app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> },
  path: string,
  headers: Record<string, string>,
) {
  // A query string sends the request through the app (the edge takes exact paths only); the route is the same.
  const atEdge = await call(app, "GET", path, undefined, { headers });
  const inApp = await call(app, "GET", `${path}?`, undefined, { headers });
  const what = `${path} with ${JSON.stringify(headers)}`;
  assert.equal(atEdge.status, inApp.status, what);
  assert.deepEqual(comparable(atEdge), comparable(inApp), what);
  assert.equal(atEdge.text, inApp.text, what);
  if (headers["x-request-id"]) assert.equal(atEdge.headers.get("x-request-id"), headers["x-request-id"], what);
  else assert.match(atEdge.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/, what);
  return atEdge;
}

Deno.test("service: every plain read answers at the edge exactly as the app answers it", async (t) => {
  for (const corsOrigins of ["*", APP_ORIGIN]) {
    const service = await startedReadService({ CORS_ORIGINS: corsOrigins });
    try {
      const paths = [...plainReadsOf(service.services).keys()];
      assert.equal(paths.length, 8);
      for (const path of paths) {
        await t.step(`CORS_ORIGINS=${corsOrigins}: ${path}`, async () => {
          const first = await assertSameAnswers(service.app, path, {});
          assert.equal(first.status, 200);
          await assertSameAnswers(service.app, path, { origin: APP_ORIGIN, "x-request-id": "trace-1" });
          await assertSameAnswers(service.app, path, { origin: STRANGER });
          const tag = first.headers.get("etag");
          if (tag) assert.equal((await assertSameAnswers(service.app, path, { "if-none-match": tag })).status, 304);
        });
      }
    } finally {
      await service.stop();
    }
  }
});

Deno.test("service: a health read is the same answer while its text is, and a new one once the clock moves", async () => {
  const service = await startedReadService();
  try {
    for (const path of ["/v2/health", "/health"]) {
      const read = plainReadsOf(service.services).get(path)!;
      const first = read();
      assert.ok(first);
      // The replay clock stands still here: the same text, so the same answer (the edge reuses its Response).
      assert.equal(read(), first);
      service.replay!.replayer.advanceTo(service.services.clock.replayPosition()!.positionMs + 1);
      const later = read();
      assert.ok(later);
      assert.notEqual(later.json, first.json);
      assert.notEqual(later.identity, first.identity);
      assert.equal(JSON.parse(later.json).clockUnixMs, JSON.parse(first.json).clockUnixMs + 1);
      assert.equal(read(), later, "read again at the same instant: the same answer");
    }
  } finally {
    await service.stop();
  }
});

Deno.test("service: a health read answers anew when an account count moves within the same millisecond", async () => {
  const service = await startedReadService();
  try {
    const { services } = service;
    const bodies = { "/v2/health": () => v2HealthBody(services), "/health": () => earlierHealthBody(services) };
    // A pool of each program leaves the store (the replay clock stands still): both bodies count one pool less.
    const pools = [services.deployments.v2, services.deployments.earlier].map((d) => d.index.pools[0].poolAddress);
    const reads = plainReadsOf(services);
    const before = Object.keys(bodies).map((path) => reads.get(path)!()!);
    for (const pubkey of pools) {
      for (const chain of ["er", "base"] as const) {
        services.accounts.delete(chain, pubkey, services.accounts.slot(chain));
      }
    }
    for (const [i, [path, body]] of Object.entries(bodies).entries()) {
      const after = reads.get(path)!();
      assert.ok(after, path);
      assert.notEqual(after.identity, before[i].identity, path);
      assert.equal(JSON.parse(after.json).accounts.pools, JSON.parse(before[i].json).accounts.pools - 1, path);
      assert.equal(JSON.parse(after.json).clockUnixMs, JSON.parse(before[i].json).clockUnixMs, path);
      // The text is the app's body at this instant, serialized.
      assert.equal(after.json, JSON.stringify(body()), path);
    }
  } finally {
    await service.stop();
  }
});

Deno.test("service: a health read is made once per moment (clock millisecond, rewinds, counts), its status read each time", async () => {
  const service = await startedReadService();
  try {
    const { services } = service;
    const reads = plainReadsOf(services);
    for (const [path, version] of [["/v2/health", "v2"], ["/health", "earlier"]] as const) {
      const read = reads.get(path)!;
      const counts = services.deployments[version].counts;
      const countsRead = { calls: 0 };
      const of = counts.of.bind(counts);
      counts.of = (kind) => (countsRead.calls++, of(kind));
      const first = read();
      assert.ok(first, path);
      const perBody = countsRead.calls;
      assert.ok(perBody > 0, path);
      for (let i = 0; i < 5; i++) assert.equal(read(), first, path);
      assert.equal(countsRead.calls, perBody, `${path}: five more reads in the same moment made no body`);

      // The clock jumped back (a looping replay's rewind) to the same millisecond: a new moment.
      const clock = services.clock as { rewinds(): number };
      const rewinds = clock.rewinds.bind(clock);
      clock.rewinds = () => rewinds() + 1;
      try {
        const rewound = read();
        assert.ok(rewound, path);
        assert.notEqual(rewound.identity, first.identity, path);
        assert.equal(countsRead.calls, 2 * perBody, path);
      } finally {
        clock.rewinds = rewinds;
      }

      // Ingestion goes stale within the millisecond: the next read has no plain 200 (the app answers the 503).
      const oracle = services.ingest.oracle;
      const lastFrameMs = oracle.lastFrameMs;
      oracle.lastFrameMs = null;
      try {
        assert.equal(read(), undefined, path);
        assert.equal((await call(service.app, "GET", path)).status, 503, path);
      } finally {
        oracle.lastFrameMs = lastFrameMs;
      }
      counts.of = of;
    }
  } finally {
    await service.stop();
  }
});

Deno.test("service: plain reads share the app's rate-limit buckets, metrics and log lines", async () => {
  const lines: string[] = [];
  const service = await startedReadService({ RATE_LIMIT_RPS: "1", RATE_LIMIT_BURST: "2" }, {
    limitsClock: new VirtualClock(0),
    logger: createLogger({ level: "debug", write: (line) => lines.push(line) }),
  });
  try {
    const edge = await call(service.app, "GET", "/v2/tokens");
    assert.equal(edge.headers.get("ratelimit-remaining"), "1");
    const app = await call(service.app, "GET", "/v2/tokens?");
    assert.equal(app.headers.get("ratelimit-remaining"), "0", "the app took the next token of the same bucket");
    const [refusedAtEdge, refusedInApp] = [
      await call(service.app, "GET", "/v2/tokens"),
      await call(service.app, "GET", "/v2/tokens?"),
    ];
    assert.equal(refusedAtEdge.status, 429);
    assert.deepEqual(comparable(refusedAtEdge), comparable(refusedInApp));
    assert.equal(refusedAtEdge.text, refusedInApp.text);

    const requestLines = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === "request");
    assert.deepEqual(
      requestLines.map(({ level, method, path, route, status }) => ({ level, method, path, route, status })),
      [200, 200, 429, 429].map((status) => ({
        level: status === 200 ? "debug" : "info", // a polled read's 200 at debug, either way it is answered
        method: "GET",
        path: "/v2/tokens",
        route: "/v2/tokens",
        status,
      })),
    );
    const metrics = await scrape(service.services);
    assert.match(metrics, /^http_requests_total\{method="GET",route="\/v2\/tokens",status="200"\} 2$/m);
    assert.match(metrics, /^http_requests_total\{method="GET",route="\/v2\/tokens",status="429"\} 2$/m);
  } finally {
    await service.stop();
  }
});

Deno.test("service: a plain read without a plain answer yet is the app's error (no price, not started)", async () => {
  const app = await testApp();
  const prices = await call(app, "GET", "/v2/prices");
  assert.equal(prices.status, 503);
  assert.equal(prices.body.code, "PRICE_UNAVAILABLE");
  const health = await call(app, "GET", "/health");
  assert.equal(health.status, 503);
  assert.equal(health.body.status, "degraded");
});

Deno.test("service: a cached owner view answers at the edge exactly as the app answers it", async (t) => {
  const manifest = JSON.parse(await Deno.readTextFile("fixtures/world/manifest.json"));
  const v2Owner: string = manifest.cases.v2.manyPositionsAndLimitOrder.owner;
  const earlierOwner: string = manifest.cases.earlier.manyPositionsAndLimitOrder.owner;
  const service = await startedReadService({ CORS_ORIGINS: APP_ORIGIN });
  const { v2, earlier } = service.services.deployments;
  const computations = () => v2.owners.computations + earlier.owners.computations;
  try {
    for (
      const path of [
        `/v2/owner/${v2Owner}`,
        `/positions/owner/${earlierOwner}?includePnlInLeverageDisplay=true`,
        `/positions/owner/${earlierOwner}?includePnlInLeverageDisplay=false`,
        `/orders/owner/${earlierOwner}`,
      ]
    ) {
      await t.step(path, async () => {
        const before = computations();
        // The first read computes and caches the view (the app); the next are answered at the edge.
        const first = await call(service.app, "GET", path);
        assert.equal(first.status, 200);
        assert.equal(computations(), before + 1);
        const deployments = service.services.deployments;
        assert.ok(
          deployments.v2.owners.cachedView("basket", v2Owner) ??
            deployments.earlier.owners.cachedView("orders", earlierOwner),
          "cached",
        );
        // An extra `&` sends the same request through the app (the edge takes the exact spellings only).
        const inApp = `${path}${path.includes("?") ? "&" : "?"}`;
        const variants: Record<string, string>[] = [{}, { origin: APP_ORIGIN, "x-request-id": "trace-4" }, {
          origin: STRANGER,
        }];
        for (const headers of variants) {
          const atEdge = await call(service.app, "GET", path, undefined, { headers });
          const viaApp = await call(service.app, "GET", inApp, undefined, { headers });
          assert.equal(atEdge.status, viaApp.status);
          assert.deepEqual(comparable(atEdge), comparable(viaApp));
          assert.equal(atEdge.text, first.text);
          assert.equal(viaApp.text, first.text);
        }
        assert.equal(computations(), before + 1, "every later read was cached");
      });
    }
    await t.step("spellings the edge does not hold go to the app, which answers them", async () => {
      const upper = await call(service.app, "GET", `/positions/owner/${earlierOwner}?includePnlInLeverageDisplay=TRUE`);
      assert.equal(upper.status, 200);
      const invalid = await call(service.app, "GET", "/v2/owner/not-a-key");
      assert.equal(invalid.body.code, "INVALID_PUBKEY");
      const escaped = await call(service.app, "GET", `/v2/owner/%31${v2Owner.slice(1)}`);
      assert.ok(escaped.status === 200 || escaped.status === 400);
    });
    await t.step("a clock second later nothing is cached: the next read computes again", async () => {
      const before = computations();
      service.replay!.replayer.advanceTo(2_500);
      assert.equal(v2.owners.cachedView("basket", v2Owner), undefined);
      await call(service.app, "GET", `/v2/owner/${v2Owner}`);
      assert.equal(computations(), before + 1);
    });
  } finally {
    await service.stop();
  }
});

Deno.test("service: at moved mounts the cached owner views answer at the edge, under the mounted route", async () => {
  // The cached reads' prefixes and templates come from the route table at the mounts, never from a path spelled here.
  const manifest = JSON.parse(await Deno.readTextFile("fixtures/world/manifest.json"));
  const v2Owner: string = manifest.cases.v2.manyPositionsAndLimitOrder.owner;
  const earlierOwner: string = manifest.cases.earlier.manyPositionsAndLimitOrder.owner;
  const service = await startedReadService({ V2_BASE_PATH: "/", EARLIER_BASE_PATH: "/v1" });
  const { v2, earlier } = service.services.deployments;
  const computations = () => v2.owners.computations + earlier.owners.computations;
  const mounted = mountedCall({ v2: "", earlier: "/v1" });
  try {
    for (
      const [path, route] of [[`/owner/${v2Owner}`, "/owner/:owner"], [
        `/v1/orders/owner/${earlierOwner}`,
        "/v1/orders/owner/:owner",
      ]]
    ) {
      const before = computations();
      const first = await mounted(service.app, "GET", path);
      const again = await mounted(service.app, "GET", path);
      assert.equal(first.status, 200);
      assert.equal(again.text, first.text);
      assert.equal(computations(), before + 1, `${path}: the second read is answered from the cache, at the edge`);
      const metrics = await scrape(service.services);
      const series = `http_requests_total{method="GET",route="${route}",status="200"} 2`;
      assert.ok(metrics.split("\n").includes(series), `${path}: both reads recorded under ${route}`);
    }
  } finally {
    await service.stop();
  }
});
