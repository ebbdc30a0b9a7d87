/**
 * The live service's layout (DECISIONS 1.1): `V2_BASE_PATH=/ EARLIER_BASE_PATH=/v1` on the embedded world, end to
 * end. Reads (plain, cached and parameter reads of both interfaces), a builder, both streams over a real socket, CORS,
 * the metrics' route labels, both documents and the docs page, all where the mounts put them; the default paths
 * answer nothing. Every answer is checked against the operation it is the mounted form of.
 */
import assert from "node:assert/strict";
import { assertMessageMatchesContract, mountedCall } from "../helpers/contract.ts";
import { serveOnLoopback } from "../helpers/streams.ts";
import { readTransaction } from "../helpers/read-transaction.ts";
import { startFundsWorld } from "./_world.ts";
import { scrape } from "../helpers/metrics.ts";

const call = mountedCall({ v2: "", earlier: "/v1" });

/** The first message of a stream at `path`, checked against the documented stream route `documented`. */
async function firstMessage(base: string, path: string, documented: string) {
  const socket = new WebSocket(base.replace(/^http/, "ws") + path);
  try {
    const text = await new Promise<string>((resolve, reject) => {
      socket.onmessage = (event) => resolve(String(event.data));
      socket.onerror = () => reject(new Error(`${path}: no message`));
    });
    return assertMessageMatchesContract(documented, text);
  } finally {
    socket.close();
  }
}

Deno.test("the live service's layout: v2 at the root, the earlier interface under /v1", async (t) => {
  const w = await startFundsWorld({ V2_BASE_PATH: "/", EARLIER_BASE_PATH: "/v1" });
  const { rich } = w.cases;
  const loopback = await serveOnLoopback(w.app.fetch);
  try {
    await t.step("reads of both interfaces at their mounts; the default paths are not routes", async () => {
      const tokens = await call(w.app, "GET", "/tokens");
      assert.equal(tokens.status, 200);
      assert.ok(Array.isArray(tokens.body.tokens ?? tokens.body), "v2's token list");
      assert.equal((await call(w.app, "GET", "/prices")).status, 200);
      assert.equal((await call(w.app, "GET", "/health")).status, 200);
      assert.equal((await call(w.app, "GET", "/v1/health")).status, 200);
      assert.equal((await call(w.app, "GET", "/v1/tokens")).status, 200);
      // An owner view twice: computed by the app, then answered from the cache at the edge.
      for (let i = 0; i < 2; i++) {
        const owner = await call(w.app, "GET", `/owner/${rich}`);
        assert.equal(owner.status, 200);
        assert.equal(owner.body.owner, rich);
      }
      const pools = await call(w.app, "GET", "/v1/pool-data");
      assert.equal(pools.status, 200);
      for (const gone of ["/v2/tokens", `/v2/owner/${rich}`, "/v1/v2/tokens"]) {
        const r = await w.app.request(gone);
        assert.equal(r.status, 404, gone);
        await r.body?.cancel();
      }
    });

    await t.step("CORS follows: a mounted route answers a browser's origin and its preflight", async () => {
      const r = await w.app.request("/tokens", { headers: { origin: "https://app.example" } });
      assert.equal(r.headers.get("access-control-allow-origin"), "*");
      await r.body?.cancel();
      const preflight = await w.app.request("/transaction-builder/open-position", {
        method: "OPTIONS",
        headers: { origin: "https://app.example", "access-control-request-method": "POST" },
      });
      assert.equal(preflight.status, 204);
    });

    await t.step("a builder at the root: request-withdrawal variant A", async () => {
      const r = await call(w.app, "POST", "/transaction-builder/request-withdrawal", {
        owner: rich,
        tokenMint: w.mints.USDC,
        amount: "1",
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const tx = readTransaction(r.body.transactionBase64, w.lookupTables());
      assert.deepEqual(tx.signers, [rich, r.body.feePayer]);
    });

    await t.step("both streams at their mounts", async () => {
      const basket = await firstMessage(loopback.base, `/owner/${rich}/ws`, `/v2/owner/${rich}/ws`);
      assert.equal(basket.type, "basket");
      const positions = await firstMessage(loopback.base, `/v1/owner/${rich}/ws`, `/owner/${rich}/ws`);
      assert.ok(["positions", "orders"].includes(positions.type), positions.type);
    });

    await t.step(
      "documents, docs page and its script at the earlier mount; documents name the mounted paths",
      async () => {
        const v2 = await call(w.app, "GET", "/api-docs/openapi.json");
        assert.equal(v2.status, 200);
        assert.ok("/owner/{owner}" in v2.body.paths && !("/v2/owner/{owner}" in v2.body.paths));
        const earlier = await call(w.app, "GET", "/v1/api-docs/openapi.json");
        assert.ok("/v1/positions/owner/{owner}" in earlier.body.paths);
        const page = await call(w.app, "GET", "/v1/docs/");
        assert.equal(page.status, 200);
        assert.match(page.text, /"url":"\/api-docs\/openapi.json"/);
        assert.match(page.text, /"url":"\/v1\/api-docs\/openapi.json"/);
        const script = await w.app.request("/v1/docs/scalar.js");
        assert.equal(script.status, 200);
        assert.match(script.headers.get("content-type") ?? "", /javascript/);
        await script.body?.cancel();
      },
    );

    await t.step("metrics (their own listener) label requests by the mounted route templates", async () => {
      const onApi = await w.app.request("/v1/metrics");
      assert.equal(onApi.status, 404, "not on the API port, whatever the mount");
      await onApi.body?.cancel();
      const metrics = { text: await scrape(w.services) };
      const labelled = (route: string) =>
        new RegExp(`http_requests_total\\{[^}]*route="${route.replace(/[/.]/g, "\\$&")}"`);
      for (const route of ["/tokens", "/owner/:owner", "/v1/health", "/transaction-builder/request-withdrawal"]) {
        assert.match(metrics.text, labelled(route), route);
      }
      assert.doesNotMatch(metrics.text, /route="\/v2\//);
    });
  } finally {
    await loopback.server.shutdown();
    await w.service.stop();
  }
});
