import assert from "node:assert/strict";
import { loadDeploymentConfig, parseDeploymentConfig, PoolConfigError } from "../../src/config/pool-config.ts";
import { DeploymentIndex } from "../../src/config/deployment-index.ts";

const origin = { source: "file" as const, location: "test.json", nowUnix: 1_795_000_000 };

Deno.test("pool config: the bundled world's configurations load, with provenance", async () => {
  const v2 = await loadDeploymentConfig("fixtures/world/pool-config.v2.json", {
    bundled: true,
    nowUnix: 1_795_000_000,
  });
  assert.equal(v2.programId, "FTv2RxXarPfNta45HTTMVaGvjzsGg27FXJ3hEKWBhrzV");
  assert.deepEqual(v2.pools.map((p) => p.poolName), ["Crypto.1", "Virtual.1", "Equity.1"]);
  assert.equal(v2.provenance.source, "bundled");
  assert.equal(v2.provenance.loadedAtUnix, 1_795_000_000);
  const earlier = await loadDeploymentConfig("fixtures/world/pool-config.earlier.json");
  assert.equal(earlier.programId, "FLASH6Lo6h3iasJKWDs2F8TkW2UKf3s15C8PMGuVfgBn");
  assert.equal(earlier.provenance.source, "file");
});

Deno.test("pool config: vendor field names are normalised to the contract's neutral names", async () => {
  const raw = JSON.parse(await Deno.readTextFile("fixtures/world/pool-config.v2.json"));
  for (const pool of raw.pools) {
    for (const token of pool.tokens) {
      token.lazerId = token.feedId ?? token.lazerId;
      token.pythTicker = token.oracleTicker ?? token.pythTicker;
      delete token.feedId;
      delete token.oracleTicker;
    }
  }
  const config = parseDeploymentConfig(raw, origin);
  const sol = new DeploymentIndex(config).token("sol")!;
  assert.equal(sol.feedId, 6);
  assert.equal(sol.oracleTicker, "Crypto.SOL/USD");
});

Deno.test("pool config: lookups resolve symbols case-insensitively, WSOL to the SOL custody, SOL long to two markets", async () => {
  const index = new DeploymentIndex(await loadDeploymentConfig("fixtures/world/pool-config.v2.json"));
  assert.equal(index.custodyOf("WSOL")?.custodyAccount, index.custodyOf("SOL")?.custodyAccount);
  assert.equal(index.marketsFor("sol", "long").length, 2);
  assert.ok(index.marketsFor("SOL", "short").every((m) => m.collateralSymbol === "USDC"));
  assert.deepEqual(index.tokensOfFeed(6).map((t) => t.symbol).sort(), ["SOL", "WSOL"]);
});

Deno.test("pool config: a bad file is rejected with the path of the offending field", async () => {
  const raw = JSON.parse(await Deno.readTextFile("fixtures/world/pool-config.v2.json"));
  raw.pools[0].tokens[0].mintKey = "not a key";
  assert.throws(
    () => parseDeploymentConfig(raw, origin),
    (e: unknown) => e instanceof PoolConfigError && /pools\.0\.tokens\.0\.mintKey/.test(e.message),
  );
  await assert.rejects(loadDeploymentConfig("no/such/file.json"), PoolConfigError);
});

Deno.test("pool config: loads from an http(s) URL", async () => {
  const text = await Deno.readTextFile("fixtures/world/pool-config.v2.json");
  const config = await loadDeploymentConfig("https://config.example/v2.json", {
    fetch: () => Promise.resolve(new Response(text)),
  });
  assert.equal(config.provenance.source, "url");
  assert.equal(config.pools.length, 3);
});

Deno.test("pool config: a URL that never answers fails the load after the time limit", async () => {
  const stalled = (_input: string | URL | Request, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) =>
      init?.signal?.addEventListener("abort", () => reject(init.signal?.reason))
    );
  await assert.rejects(
    loadDeploymentConfig("https://config.example/v2.json", { fetch: stalled as typeof fetch, timeoutMs: 50 }),
    (e: unknown) => e instanceof PoolConfigError && /cannot be read/.test(e.message),
  );
});
