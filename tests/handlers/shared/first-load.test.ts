import assert from "node:assert/strict";
import { loadConfig } from "../../../src/config/env.ts";
import { createServiceApp } from "../../../src/server.ts";
import { READ_NO_CHAIN } from "../../../src/handlers/shared/first-load.ts";
import { handlers } from "../../../src/handlers/mod.ts";
import { call } from "../../helpers/contract.ts";
import { scrape } from "../../helpers/metrics.ts";

type Document = {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
};

async function operationsOf(file: string): Promise<{ operationId: string; codes: string[] }[]> {
  const document: Document = JSON.parse(await Deno.readTextFile(file));
  return Object.values(document.paths).flatMap((item) =>
    Object.values(item).flatMap((operation) =>
      operation.operationId
        ? [{ operationId: operation.operationId, codes: Object.keys(operation.responses ?? {}) }]
        : []
    )
  );
}

Deno.test("first load: every chain-reading operation documents its 503; the exempt ones exist", async () => {
  const v2 = await operationsOf("gen/v2/openapi.json");
  const earlier = await operationsOf("gen/earlier/openapi.json");
  const all = [...v2, ...earlier];
  const undocumented = all.filter((o) => !READ_NO_CHAIN.has(o.operationId) && !o.codes.includes("503"));
  assert.deepEqual(undocumented.map((o) => o.operationId), []);
  const ids = new Set(all.map((o) => o.operationId));
  assert.deepEqual([...READ_NO_CHAIN].filter((id) => !ids.has(id)), []);
  // Every chain-reading operation has a handler, so none of them escapes the guard as a 501.
  assert.deepEqual(all.filter((o) => !(o.operationId in handlers)).map((o) => o.operationId), []);
});

const OWNER = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

Deno.test("first load: with the RPC down since boot, chain reads answer 503 STALE_DATA, the rest as before", async () => {
  const service = await createServiceApp(loadConfig({ RPC_URL: "http://127.0.0.1:9", RATE_LIMIT_RPS: "0" }), {
    firstLoadTimeoutMs: 100,
    warn: () => {},
  });
  try {
    await service.start();
    const app = service.app;
    for (
      const [method, url, body] of [
        ["GET", `/v2/owner/${OWNER}`],
        ["GET", "/v2/pool-data"],
        ["GET", "/v2/raw/pools"],
        ["GET", `/positions/owner/${OWNER}?includePnlInLeverageDisplay=false`],
        ["GET", "/pool-data"],
        ["GET", "/pools"],
        ["POST", "/v2/preview/margin", {
          owner: OWNER,
          marketSymbol: "SOL",
          side: "LONG",
          marginDeltaUsdUi: "50",
          action: "ADD",
        }],
        ["POST", "/transaction-builder/cancel-all-trigger-orders", { owner: OWNER, marketSymbol: "SOL", side: "LONG" }],
      ] as const
    ) {
      const answer = await call(app, method, url, body);
      assert.equal(answer.status, 503, `${method} ${url}: ${answer.text}`);
      assert.equal(answer.body.code, "STALE_DATA", `${method} ${url}`);
    }
    // The streams refuse a handshake before the upgrade, once it is one (426 first otherwise).
    const handshake = { headers: { upgrade: "websocket", connection: "Upgrade", "sec-websocket-version": "13" } };
    for (const url of [`/v2/owner/${OWNER}/ws`, `/owner/${OWNER}/ws`]) {
      assert.equal((await call(app, "GET", url)).status, 426, url);
      const refused = await call(app, "GET", url, undefined, handshake);
      assert.equal(refused.status, 503, url);
      assert.equal(refused.body.code, "STALE_DATA", url);
    }
    // The earlier trigger-order builders keep their `{err, code}` shape (checked against their 503 by `call`).
    const trigger = await call(app, "POST", "/transaction-builder/cancel-all-trigger-orders", {
      owner: OWNER,
      marketSymbol: "SOL",
      side: "LONG",
    });
    assert.match(trigger.body.err, /not been loaded yet/);
    // Validation still comes first.
    assert.equal((await call(app, "GET", "/v2/owner/not-a-key")).body.code, "INVALID_PUBKEY");
    // What reads no chain account answers as it did: health degraded, tokens from the configuration, no prices.
    assert.equal((await call(app, "GET", "/v2/health")).status, 503);
    assert.equal((await call(app, "GET", "/health")).body.status, "degraded");
    assert.equal((await call(app, "GET", "/v2/tokens")).status, 200);
    assert.equal((await call(app, "GET", "/tokens")).status, 200);
    assert.equal((await call(app, "GET", "/v2/prices")).body.code, "PRICE_UNAVAILABLE");
    // /metrics says why: nothing connected, no first load.
    const metrics = await scrape(service.services);
    assert.match(metrics, /^ingest_first_load_done\{chain="base"\} 0$/m);
    assert.match(metrics, /^ingest_connected\{upstream="rpc-base"\} 0$/m);
  } finally {
    await service.stop();
  }
});

Deno.test("first load: once loaded, the same reads answer (the replay's first load)", async () => {
  const service = await createServiceApp(loadConfig({ RATE_LIMIT_RPS: "0" }), { replayMode: "virtual" });
  try {
    await service.start();
    assert.equal((await call(service.app, "GET", "/v2/pool-data")).status, 200);
    assert.equal((await call(service.app, "GET", "/pools")).status, 200);
    const metrics = await scrape(service.services);
    assert.match(metrics, /^ingest_first_load_done\{chain="base"\} 1$/m);
    assert.match(metrics, /^ingest_first_load_done\{chain="er"\} 1$/m);
    assert.match(metrics, /^ingest_connected\{upstream="rpc-base"\} 1$/m);
    assert.equal(
      (await call(service.app, "GET", `/positions/owner/${OWNER}?includePnlInLeverageDisplay=false`)).status,
      200,
    );
  } finally {
    await service.stop();
  }
});
