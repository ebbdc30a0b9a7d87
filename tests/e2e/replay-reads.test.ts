/**
 * End to end through the real protocols: the bundled recording is served by the loopback replay servers (JSON-RPC
 * HTTP + WS for the base chain and the ER, and the oracle stream), ingested by the unmodified live sources, and read
 * back through the HTTP API. The replay runs on a virtual clock, so the test moves time itself.
 * Every response is validated against the OpenAPI contract by `call`.
 */
import type { ProgramVersion } from "../../src/protocol/vocabulary.ts";
import assert from "node:assert/strict";
import { loadConfig } from "../../src/config/env.ts";
import { createServiceApp } from "../../src/server.ts";
import { readRecording } from "../../src/replay/format.ts";
import { ACCOUNT_CODECS, DISCRIMINATORS } from "../../src/protocol/accounts/mod.ts";
import { toRawJson } from "../../src/protocol/raw-json.ts";
import { hex } from "../../src/protocol/codec/bytes.ts";
import { call } from "../helpers/contract.ts";
import { eventually } from "../helpers/eventually.ts";
import { scrape } from "../helpers/metrics.ts";

const WORLD = "fixtures/world";

function hasDiscriminator(data: Uint8Array, discriminatorHex: string) {
  return hex(data.subarray(0, 8)) === discriminatorHex;
}

Deno.test("replay end to end: recorded state, a recorded update and an oracle frame reach the read endpoints", async (t) => {
  const recording = await readRecording(WORLD);
  const service = await createServiceApp(loadConfig({ RATE_LIMIT_RPS: "0" }), { replayMode: "virtual" });
  const { app, services } = service;
  try {
    await service.start();
    const v2 = services.deployments.v2;
    const programOf = (version: ProgramVersion) => services.deployments[version].accounts.programId;

    await t.step("raw pools are the recorded accounts, decoded as JSON", async () => {
      const pools = [...recording.chains.er.initialAccounts, ...recording.chains.base.initialAccounts]
        .filter((a) => a.owner === programOf("v2") && hasDiscriminator(a.data, DISCRIMINATORS.Pool.hex));
      assert.ok(pools.length >= 3, "the world has at least three v2 pools");
      const response = await call(app, "GET", "/v2/raw/pools");
      assert.equal(response.status, 200);
      const served = new Map(response.body.map((e: { pubkey: string; account: unknown }) => [e.pubkey, e.account]));
      for (const pool of pools) {
        const expected = toRawJson(ACCOUNT_CODECS.v2.Pool!.decode(pool.data));
        assert.deepEqual(served.get(pool.pubkey), expected);
        const single = (await call(app, "GET", `/v2/raw/pools/${pool.pubkey}`)).body;
        assert.deepEqual(single, { ...expected as object, pubkey: pool.pubkey, account: expected });
      }
    });

    await t.step("health counts what was ingested", async () => {
      const health = await call(app, "GET", "/v2/health");
      assert.equal(health.body.accounts.pools, v2.accounts.count("Pool"));
      assert.equal(health.body.accounts.baskets, v2.accounts.count("Basket"));
      assert.ok(health.body.accounts.baskets > 0);
      assert.equal(health.body.config.pools, v2.index.pools.length);
      const earlier = await call(app, "GET", "/health");
      assert.ok(earlier.body.accounts.positions > 0);
    });

    await t.step("unknown accounts are 404 with the documented texts", async () => {
      const unknown = "11111111111111111111111111111112";
      assert.deepEqual((await call(app, "GET", `/v2/raw/pools/${unknown}`)).body, {
        error: `pool ${unknown} not found`,
        code: "NOT_FOUND",
      });
      assert.equal((await call(app, "GET", `/v2/raw/baskets/${unknown}`)).body.error, `basket ${unknown} not found`);
      assert.equal(
        (await call(app, "GET", `/raw/positions/${unknown}`)).body.error,
        `position account ${unknown} not found`,
      );
      assert.equal((await call(app, "GET", "/raw/pools/not-a-key")).body.code, "INVALID_PUBKEY");
    });

    await t.step("a recorded basket update shows up in the next read", async () => {
      const update = recording.chains.er.updates.find((u) =>
        u.account && u.account.owner === programOf("v2") && hasDiscriminator(u.account.data, DISCRIMINATORS.Basket.hex)
      );
      assert.ok(update?.account, "the recording changes a basket");
      const expected = toRawJson(ACCOUNT_CODECS.v2.Basket!.decode(update.account.data));
      service.replay!.replayer.advanceTo(update.atMs);
      await eventually(async () => {
        const response = await call(app, "GET", `/v2/raw/baskets/${update.pubkey}`);
        return JSON.stringify(response.body.account) === JSON.stringify(expected) ? true : undefined;
      }, "the basket update");
    });

    await t.step("an oracle frame updates /v2/prices and /prices", async () => {
      const frame = recording.oracle.find((f) => f.atMs > service.replay!.replayer.position) ??
        recording.oracle.at(-1)!;
      service.replay!.replayer.advanceTo(frame.atMs);
      const feed = frame.feeds.find((f) => f.price !== null)!;
      const token = v2.index.tokensOfFeed(feed.feedId)[0];
      const price = await eventually(async () => {
        const response = await call(app, "GET", `/v2/prices/${token.symbol.toLowerCase()}`);
        return response.status === 200 && response.body.price === Number(feed.price) ? response.body : undefined;
      }, `the price of ${token.symbol}`);
      assert.equal(price.exponent, feed.exponent);
      const map = await call(app, "GET", "/prices");
      assert.equal(map.status, 200);
      assert.ok(Object.keys(map.body).length > 0);
    });

    await t.step("tokens: v2 dedupes by symbol, the earlier interface by mint", async () => {
      const v2Tokens = (await call(app, "GET", "/v2/tokens")).body as { symbol: string; mintKey: string }[];
      assert.equal(new Set(v2Tokens.map((t) => t.symbol)).size, v2Tokens.length);
      const earlierTokens = (await call(app, "GET", "/tokens")).body as { symbol: string; mintKey: string }[];
      assert.equal(new Set(earlierTokens.map((t) => t.mintKey)).size, earlierTokens.length);
    });

    await t.step("pool statistics: empty before the first computation, then one entry per pool", async () => {
      const before = await call(app, "GET", "/pool-data/status/initialized");
      assert.equal(typeof before.body.initialized, "boolean");
      v2.poolStats.refresh();
      services.deployments.earlier.poolStats.refresh();
      const data = await call(app, "GET", "/v2/pool-data");
      assert.equal(data.body.pools.length, v2.index.pools.length);
      const first = data.body.pools[0];
      assert.deepEqual((await call(app, "GET", `/v2/pool-data/${first.poolAddress}`)).body, first);
      assert.ok(first.marketStats.length > 0);
      const earlier = await call(app, "GET", "/pool-data");
      assert.ok(earlier.body.pools.length > 0);
      assert.equal("marketStats" in earlier.body.pools[0], false);
      assert.deepEqual((await call(app, "GET", "/pool-data/status/initialized")).body, { initialized: true });
    });

    await t.step("/metrics exposes request, ingest and oracle figures", async () => {
      const metrics = await scrape(services);
      for (const name of ["http_requests_total", "ingest_slot", "oracle_last_frame_age_seconds", "rpc_errors"]) {
        assert.match(metrics, new RegExp(`^# TYPE ${name} `, "m"));
      }
    });
  } finally {
    await service.stop();
  }
});
