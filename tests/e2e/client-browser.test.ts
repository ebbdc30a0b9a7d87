/**
 * The generated typed client in a real browser, across origins (issue 12 items 1 and 3): headless Chromium opens a
 * page served by this test on another port than the service, the page imports gen/client.ts bundled for the
 * browser, and reads prices, an owner's basket view (an owner of fixtures/world/manifest.json) and a preview-only quote
 * from the service. The values must equal the service's answers to the same requests made directly, and the
 * page must be able to read the exposed headers. The page loads the module of the packed client (`deno task
 * client:pack`), as an app that installed it would ship it. A page on an origin `CORS_ORIGINS` does not list is blocked.
 *
 * The service replays the embedded world on a virtual clock that stays put, so both paths see the same moment.
 */
import assert from "node:assert/strict";
import { loadConfig } from "../../src/config/env.ts";
import { createServiceApp } from "../../src/server.ts";
import { CORS_READABLE_HEADERS } from "../../src/http/middleware/cors.ts";
import { VirtualClock } from "../../src/state/clock.ts";
import { HAS_CHROMIUM, launchBrowser } from "../helpers/browser.ts";
import { packagedClientModule } from "../helpers/client-bundle.ts";
import { assertMatchesContract, call } from "../helpers/contract.ts";
import { eventually } from "../helpers/eventually.ts";
import type { JsonValue } from "../../src/protocol/codec/json.ts";

const WORLD = "fixtures/world";
const BURST = 50;

/** A page server: `/` loads the bundled client and publishes it as `window.perps`; `/client.js` is the bundle. */
function servePage(bundle: string) {
  const html = `<!doctype html><meta charset="utf-8"><title>typed client</title>
<script type="module">
  import * as perps from "/client.js";
  window.perps = perps;
</script>`;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/") return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
    if (pathname === "/client.js") return new Response(bundle, { headers: { "content-type": "text/javascript" } });
    return new Response("not found", { status: 404 });
  });
  return { server, origin: `http://127.0.0.1:${server.addr.port}` };
}

interface PageAnswer {
  status: number;
  body: JsonValue;
  contentType: string;
  rateLimitRemaining: string | null;
  requestId: string | null;
  entityTag: string | null;
  /** Each of CORS_READABLE_HEADERS as the page reads it (null: absent, or kept from the page). */
  readable: Record<string, string | null>;
}

interface PageResult {
  prices?: PageAnswer;
  owner?: PageAnswer;
  quote?: PageAnswer;
  failures: string[];
}

Deno.test({
  name: "typed client in Chromium from another origin: prices, owner basket view, preview quote; a refused origin",
  ignore: !HAS_CHROMIUM,
  async fn() {
    const manifest = JSON.parse(await Deno.readTextFile(`${WORLD}/manifest.json`));
    const owner: string = manifest.cases.v2.manyPositionsAndLimitOrder.owner;
    const bundle = await packagedClientModule();
    const allowedPage = servePage(bundle);
    const refusedPage = servePage(bundle);

    const service = await createServiceApp(
      loadConfig({
        REPLAY_DIR: WORLD,
        RATE_LIMIT_RPS: "1",
        RATE_LIMIT_BURST: String(BURST),
        CORS_ORIGINS: `${allowedPage.origin},https://another-app.example`,
      }),
      { replayMode: "virtual", limitsClock: new VirtualClock(0) },
    );
    // What reached the service from the network (the browser) and what it answered, in order.
    const exchanges: { request: string; status: number; headers: Headers }[] = [];
    const violations: string[] = [];
    const api = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request, info) => {
      const response = await service.app.fetch(request, info);
      const { pathname } = new URL(request.url);
      exchanges.push({ request: `${request.method} ${pathname}`, status: response.status, headers: response.headers });
      // Status and CORS headers against the YAML here; the bodies are checked as the page read them.
      try {
        const type = response.headers.get("content-type") ?? "";
        assertMatchesContract(request.method, pathname, response.status, type, undefined, response.headers);
      } catch (error) {
        violations.push(String(error));
      }
      return response;
    });
    const seen = () => exchanges.map((e) => `${e.request} ${e.status}`);
    const base = `http://127.0.0.1:${api.addr.port}`;
    // No interception: Playwright would answer the preflights itself (tests/helpers/browser.ts).
    const browser = await launchBrowser({ interceptRequests: false });
    try {
      await service.start();
      service.replay!.replayer.advanceTo(1_000);
      await eventually(() => (service.services.prices.size >= 5 ? true : undefined), "oracle prices");

      const quoteBody = {
        inputTokenSymbol: "SOL",
        outputTokenSymbol: "SOL",
        inputAmountUi: "1",
        leverage: 5,
        tradeType: "LONG",
      };
      const load = async (origin: string): Promise<PageResult> => {
        const page = await browser.context.newPage();
        await page.goto(`${origin}/`);
        await page.waitForFunction(() => "perps" in globalThis);
        return await page.evaluate(async ({ base, owner, quoteBody, readableNames }) => {
          // deno-lint-ignore no-explicit-any
          const { createV2Client } = (globalThis as any).perps;
          const v2 = createV2Client({ baseUrl: `${base}/v2` });
          // deno-lint-ignore no-explicit-any
          const answer = async (call: () => Promise<any>) => {
            const { data, error, response } = await call();
            return {
              status: response.status,
              body: data ?? error,
              contentType: response.headers.get("content-type") ?? "",
              rateLimitRemaining: response.headers.get("ratelimit-remaining"),
              requestId: response.headers.get("x-request-id"),
              entityTag: response.headers.get("etag"),
              readable: Object.fromEntries(readableNames.map((name) => [name, response.headers.get(name)])),
            };
          };
          const result: Record<string, unknown> & { failures: string[] } = { failures: [] };
          const steps: [string, () => Promise<unknown>][] = [
            ["prices", () => v2.GET("/prices")],
            ["owner", () => v2.GET("/owner/{owner}", { params: { path: { owner } } })],
            ["quote", () => v2.POST("/transaction-builder/open-position", { body: quoteBody })],
          ];
          for (const [name, call] of steps) {
            try {
              result[name] = await answer(call);
            } catch (error) {
              result.failures.push(`${name}: ${(error as Error).name}: ${(error as Error).message}`);
            }
          }
          return result;
        }, { base, owner, quoteBody, readableNames: [...CORS_READABLE_HEADERS] }) as PageResult;
      };

      // ---- the allowed origin: every answer readable, equal to the direct answers, valid against the YAML.
      const allowed = await load(allowedPage.origin);
      assert.deepEqual(allowed.failures, []);
      const direct = {
        prices: await call(service.app, "GET", "/v2/prices"),
        owner: await call(service.app, "GET", `/v2/owner/${owner}`),
        quote: await call(service.app, "POST", "/v2/transaction-builder/open-position", quoteBody),
      };
      const urls = {
        prices: "/v2/prices",
        owner: `/v2/owner/${owner}`,
        quote: "/v2/transaction-builder/open-position",
      };
      for (const name of ["prices", "owner", "quote"] as const) {
        const seenByPage = allowed[name]!;
        assertMatchesContract(
          name === "quote" ? "POST" : "GET",
          urls[name],
          seenByPage.status,
          seenByPage.contentType,
          seenByPage.body,
        );
        assert.equal(seenByPage.status, 200, `${name}: ${JSON.stringify(seenByPage.body)}`);
        assert.deepEqual(seenByPage.body, direct[name].body, name);
        assert.match(seenByPage.requestId ?? "", /^[0-9a-f-]{36}$/, "X-Request-Id is exposed");
      }
      // The values themselves, not just their equality: SOL's price, the owner's basket, a quote without a transaction.
      const prices = allowed.prices!.body as Record<string, { priceUi: number }>;
      const basketView = allowed.owner!.body as { owner: string; positionMetrics: Record<string, unknown> };
      const quote = allowed.quote!.body as { transactionBase64: string | null; newLeverage: string };
      assert.ok(prices.SOL.priceUi > 0, JSON.stringify(prices));
      assert.equal(basketView.owner, owner);
      assert.ok(Object.keys(basketView.positionMetrics).length >= 2);
      assert.equal(quote.transactionBase64, null);
      assert.ok(Number(quote.newLeverage) > 0);
      // A cached read's entity tag is exposed too (`Access-Control-Expose-Headers: *`), as the service sent it.
      assert.match(allowed.prices!.entityTag ?? "", /^"[0-9a-f]+-[0-9a-f]{16}"$/, "ETag is exposed");
      assert.equal(allowed.prices!.entityTag, exchanges[0].headers.get("etag"));
      // Every header a page is meant to read reaches it as the service sent it (`*` exposes them all); of those, only
      // Retry-After (a 429's) is absent here.
      const sentHeaders = [exchanges[0], exchanges[1], exchanges[3]].map((e) => e.headers);
      [allowed.prices!, allowed.owner!, allowed.quote!].forEach((answer, i) => {
        for (const name of CORS_READABLE_HEADERS) {
          assert.equal(answer.readable[name], sentHeaders[i].get(name), `${name} as the page reads it`);
          if (name !== "Retry-After" && !(name === "ETag" && i > 0)) assert.notEqual(answer.readable[name], null, name);
        }
      });
      // RateLimit-Remaining is exposed, and the POST's preflight took no token: 49, 48, 47.
      assert.deepEqual(
        [allowed.prices!, allowed.owner!, allowed.quote!].map((a) => a.rateLimitRemaining),
        [BURST - 1, BURST - 2, BURST - 3].map(String),
      );
      assert.deepEqual(seen(), [
        "GET /v2/prices 200",
        `GET /v2/owner/${owner} 200`,
        "OPTIONS /v2/transaction-builder/open-position 204",
        "POST /v2/transaction-builder/open-position 200",
      ]);
      // Every answer named the page's origin; the preflight granted the JSON POST.
      for (const { headers } of exchanges) {
        assert.equal(headers.get("access-control-allow-origin"), allowedPage.origin);
        assert.match(headers.get("vary")!, /Origin/);
      }
      const preflight = exchanges[2].headers;
      assert.equal(preflight.get("access-control-allow-methods"), "GET,HEAD,POST");
      assert.equal(preflight.get("access-control-allow-headers"), "Content-Type,X-Request-Id,If-None-Match");
      assert.equal(exchanges[0].headers.get("access-control-expose-headers"), "*");

      // ---- a page on an origin the list does not name: the browser keeps every answer from it.
      exchanges.length = 0;
      const refused = await load(refusedPage.origin);
      assert.equal(refused.prices, undefined);
      assert.equal(refused.owner, undefined);
      assert.equal(refused.quote, undefined);
      assert.equal(refused.failures.length, 3, refused.failures.join("\n"));
      for (const failure of refused.failures) assert.match(failure, /TypeError: Failed to fetch/);
      // The simple GETs were sent (and answered without Access-Control-Allow-Origin); the POST never left the
      // browser, because its preflight was not granted. The browser may revalidate the prices it holds from the first
      // page with their ETag (304): either way the answer carried no Access-Control-Allow-Origin for this page.
      const sent = seen();
      assert.ok(["GET /v2/prices 200", "GET /v2/prices 304"].includes(sent[0]), sent[0]);
      assert.deepEqual(sent.slice(1), [
        `GET /v2/owner/${owner} 200`,
        "OPTIONS /v2/transaction-builder/open-position 204",
      ]);
      for (const { headers } of exchanges) assert.equal(headers.get("access-control-allow-origin"), null);
      assert.deepEqual(violations, []);
      assert.deepEqual(browser.outsideRequests(), []);
    } finally {
      await browser.close();
      await api.shutdown();
      await allowedPage.server.shutdown();
      await refusedPage.server.shutdown();
      await service.stop();
    }
  },
});
