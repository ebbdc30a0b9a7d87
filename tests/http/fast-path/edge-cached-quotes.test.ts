/**
 * Cached quote answers at the edge (src/http/fast-path/edge.ts, src/http/fast-path/answer-cache.ts): a POST whose
 * method, URL and body have an answer cached for the current moment is answered without the app, exactly as the app
 * answered it; any other POST reaches the app with its body intact. On the running service the two paths are compared
 * (status, headers, body, rate-limit buckets, metrics and log lines), every answer checked against the YAML by `call`.
 */
import assert from "node:assert/strict";
import { echoOrigin } from "../../helpers/cors-labels.ts";
import { type Exchange, serviceEdge } from "../../../src/http/fast-path/edge.ts";
import type { AnswerCache, CachedAnswer, StateStamp } from "../../../src/http/fast-path/answer-cache.ts";
import { createLogger } from "../../../src/http/logger.ts";
import { VirtualClock } from "../../../src/state/clock.ts";
import { startedReadService } from "../../helpers/app.ts";
import { call, type CheckedResponse, comparableHeaders } from "../../helpers/contract.ts";
import { scrape } from "../../helpers/metrics.ts";

const MOMENT: StateStamp = {};
const CACHED: CachedAnswer = { text: '{"quoted":true}', route: "/quote" };
const BODY = '{"amount":"1"}';

/** A cache holding one answer (`POST http://host/quote` with BODY) for MOMENT. */
const oneCachedAnswer: AnswerCache = {
  stamp: () => MOMENT,
  caches: (target, stamp) => stamp === MOMENT && target === "POST http://host/quote",
  find: (target, body, stamp) => (oneCachedAnswer.caches(target, stamp) && body === BODY ? CACHED : undefined),
  cache: () => {},
};

function edgeOverEchoingApp() {
  const reached: { request: Request; body: string; readAtEdge: boolean }[] = [];
  const recorded: string[] = [];
  const edge = serviceEdge(async (request, exchange) => {
    // As the request validator does: the body the edge read, else the request's own.
    const readAtEdge = (exchange as Exchange).body;
    reached.push({ request, body: readAtEdge ?? await request.text(), readAtEdge: readAtEdge !== undefined });
    return new Response("from the app");
  }, {
    reads: new Map(),
    preflight: () => new Response(null, { status: 204 }),
    record: (id, method, path, route, status) => recorded.push(`${id} ${method} ${path} ${route} ${status}`),
    labelCors: echoOrigin,
    trustProxy: false,
    quotes: oneCachedAnswer,
  });
  // A request built in-process has no declared length (Deno.serve's requests carry the client's): declare it.
  const post = (path: string, body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    edge(
      new Request(`http://host${path}`, {
        method: "POST",
        body,
        headers: typeof body === "string" ? { ...headers, "content-length": String(body.length) } : headers,
      }),
    );
  return { edge, reached, recorded, post };
}

const JSON_TYPE = { "content-type": "application/json", "x-request-id": "trace-3" };

Deno.test("edge: a POST with a cached answer for its body is answered without the app", async () => {
  const { reached, recorded, post } = edgeOverEchoingApp();
  const response = await post("/quote", BODY, JSON_TYPE);
  assert.equal(response.status, 200);
  assert.equal(await response.text(), CACHED.text);
  assert.equal(response.headers.get("content-type"), "application/json");
  assert.equal(response.headers.get("x-request-id"), "trace-3");
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.deepEqual(reached, []);
  assert.deepEqual(recorded, ["trace-3 POST /quote /quote 200"]);
});

Deno.test("edge: any other POST reaches the app with its body intact", async () => {
  const { reached, post } = edgeOverEchoingApp();
  const chunked = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(BODY));
      controller.close();
    },
  });
  const cases: [string, string | ReadableStream<Uint8Array>, Record<string, string>][] = [
    ["/quote", '{"amount":"2"}', JSON_TYPE], // another body: read here, handed on
    ["/other", BODY, JSON_TYPE], // nothing cached for the target: not read here
    ["/quote", BODY, { "content-type": "text/plain" }], // not JSON: the app's 415
    ["/quote", chunked, JSON_TYPE], // no declared length
    ["/quote", BODY + " ".repeat(4096), JSON_TYPE], // longer than anything cached
  ];
  for (const [path, body, headers] of cases) {
    const response = await post(path, body, headers);
    assert.equal(await response.text(), "from the app", path);
  }
  assert.deepEqual(reached.map((r) => r.body), [
    '{"amount":"2"}',
    BODY,
    BODY,
    BODY,
    BODY + " ".repeat(4096),
  ]);
  assert.deepEqual(reached.map((r) => r.readAtEdge), [true, false, false, false, false]);
  assert.equal(reached[0].request.headers.get("content-type"), "application/json");
  assert.equal(reached[0].request.method, "POST");
});

/** Headers of an answer that must be equal on both paths: not the rate limit's count (each request takes a token). */
const comparable = (response: CheckedResponse) => comparableHeaders(response, "ratelimit-remaining", "ratelimit-reset");

const OPEN_PREVIEW = {
  inputTokenSymbol: "SOL",
  outputTokenSymbol: "SOL",
  inputAmountUi: "3",
  leverage: 3,
  tradeType: "LONG",
};

Deno.test("service: a cached quote at the edge is the app's answer, with its buckets, metrics and log lines", async () => {
  const lines: string[] = [];
  const service = await startedReadService({ RATE_LIMIT_RPS: "1", RATE_LIMIT_BURST: "3", CORS_ORIGINS: "*" }, {
    limitsClock: new VirtualClock(0),
    logger: createLogger({ level: "info", write: (line) => lines.push(line) }),
  });
  const { quotes } = service.services;
  const body = JSON.stringify(OPEN_PREVIEW);
  const post = (headers: Record<string, string> = {}) =>
    call(service.app, "POST", "/v2/transaction-builder/open-position", body, {
      headers: { "content-length": String(body.length), ...headers },
    });
  try {
    const computed = await post({ origin: "http://app.test" });
    assert.equal(computed.status, 200);
    assert.equal(computed.body.transactionBase64, null);
    assert.equal(quotes.cached, 1);
    const cached = await post({ origin: "http://app.test" });
    assert.equal(quotes.hits, 1);
    assert.equal(cached.text, computed.text);
    assert.deepEqual(comparable(cached), comparable(computed));
    assert.equal(computed.headers.get("ratelimit-remaining"), "2");
    assert.equal(cached.headers.get("ratelimit-remaining"), "1", "the edge took the next token of the same bucket");
    // Another body while answers are cached for the route: read at the edge, then computed by the app from that text.
    const other = JSON.stringify({ ...OPEN_PREVIEW, inputAmountUi: "4" });
    let lookups = 0;
    const find = quotes.find.bind(quotes);
    quotes.find = (...args) => (lookups++, find(...args));
    const computedAgain = await call(service.app, "POST", "/v2/transaction-builder/open-position", other, {
      headers: { "content-length": String(other.length) },
    });
    assert.equal(computedAgain.status, 200);
    assert.notEqual(computedAgain.body.outputAmount, computed.body.outputAmount);
    assert.equal(lookups, 1, "looked up once, at the edge: the validator does not look up the body the edge missed");
    assert.equal(quotes.cached, 2);
    const refused = await post();
    assert.equal(refused.status, 429, "the burst of 3 is spent");
    assert.equal(refused.body.code, "RATE_LIMITED");

    const route = "/v2/transaction-builder/open-position";
    const requestLines = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === "request");
    assert.deepEqual(
      requestLines.map(({ method, path, route, status }) => ({ method, path, route, status })),
      [200, 200, 200, 429].map((status) => ({ method: "POST", path: route, route, status })),
    );
    const metrics = await scrape(service.services);
    assert.match(
      metrics,
      /^http_requests_total\{method="POST",route="\/v2\/transaction-builder\/open-position",status="200"\} 3$/m,
    );
  } finally {
    await service.stop();
  }
});
