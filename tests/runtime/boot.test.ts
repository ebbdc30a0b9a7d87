import assert from "node:assert/strict";
import { loadConfig } from "../../src/config/env.ts";
import { boot } from "../../src/runtime/boot.ts";
import { ReplayClock } from "../../src/replay/replay-clock.ts";
import { VirtualClock } from "../../src/state/clock.ts";
import { createServiceApp } from "../../src/server.ts";
import { startReplay } from "../../src/replay/harness.ts";
import { readRecording } from "../../src/replay/format.ts";
import { freePort } from "../helpers/ports.ts";
import { call } from "../helpers/contract.ts";

Deno.test("boot, replay mode: the service computes on the replay's clock, and a loop shifts what it kept", async () => {
  const wall = new VirtualClock(1_000_000);
  const runtime = await boot(loadConfig({ REPLAY_DIR: "fixtures/world" }), { replayWall: wall });
  try {
    const { services } = runtime;
    const clock = services.clock;
    assert.ok(clock instanceof ReplayClock);
    assert.equal(clock, runtime.replay!.replayer.clock);
    const startedAt = runtime.replay!.replayer.recording.meta.startedAtMs;
    assert.equal(clock.nowMs(), startedAt);
    wall.advance(2_000);
    assert.equal(clock.nowMs(), startedAt + 2_000);

    // Readings taken on the replay's clock, as the sources and the caches take them.
    services.ingest.chains.base.lastBlockhashMs = startedAt + 1_500;
    services.ingest.oracle.lastFrameMs = startedAt + 1_900;
    services.blockhashes.er.set({ blockhash: "H", lastValidBlockHeight: 1, fetchedAtMs: startedAt + 1_000 });
    services.prices.set({
      feedId: 1,
      price: 1n,
      exponent: -8,
      confidence: 0n,
      timestampUs: BigInt(startedAt + 1_800) * 1000n,
      marketSession: "regular",
      receivedAtMs: startedAt + 1_950,
    });
    const duration = clock.durationMs;
    clock.rewindLoop();
    assert.equal(clock.nowMs(), startedAt + 2_000 - duration, "the clock went back a loop");
    // Every reading moved with it: ages are what they were.
    assert.equal(clock.nowMs() - services.ingest.chains.base.lastBlockhashMs!, 500);
    assert.equal(clock.nowMs() - services.ingest.oracle.lastFrameMs!, 100);
    assert.equal(clock.nowMs() - services.blockhashes.er.latest()!.fetchedAtMs, 1_000);
    assert.equal(clock.nowMs() - services.prices.get(1)!.receivedAtMs, 50);
  } finally {
    await runtime.stop();
  }
});

Deno.test("boot, live mode: the wall clock (or the one given), which never goes back", async () => {
  const given = new VirtualClock(42_000);
  const runtime = await boot(loadConfig({ RPC_URL: "http://127.0.0.1:9" }), { clock: given });
  try {
    assert.equal(runtime.replay, undefined);
    assert.equal(runtime.services.clock.nowMs(), 42_000);
    assert.equal(runtime.services.clock.replayPosition(), undefined);
  } finally {
    await runtime.stop();
  }
});

Deno.test("boot, live mode with the RPC down: upstream errors and the first load's time limit reach `warn`", async () => {
  const warnings: string[] = [];
  const logs: string[] = [];
  const runtime = await boot(loadConfig({ RPC_URL: "http://127.0.0.1:9" }), {
    firstLoadTimeoutMs: 300,
    warn: (message) => warnings.push(message),
    log: (message) => logs.push(message),
  });
  try {
    await runtime.start();
    assert.ok(warnings.some((w) => /^ingest: base (session|getLatestBlockhash): /.test(w)), warnings.join("\n"));
    assert.equal(warnings.at(-1), "ingest: first load still incomplete; serving what arrived");
    assert.ok(logs.some((l) => l.startsWith("ready: 0 base")), "served what arrived: nothing");
    assert.ok(runtime.services.ingest.chains.base.errors >= 1);
  } finally {
    await runtime.stop();
  }
});

Deno.test("boot: stop() during start() ends its wait for the first load, and nothing is started after", async () => {
  const logs: string[] = [];
  const runtime = await boot(loadConfig({ RPC_URL: "http://127.0.0.1:9" }), { log: (m) => logs.push(m) });
  const starting = runtime.start(); // waits up to 120 s for a load that cannot come
  await new Promise((resolve) => setTimeout(resolve, 50));
  await runtime.stop();
  // Resolves at once; the test's sanitizers fail on a timer left running or a cache started after the stop.
  await starting;
  assert.equal(logs.some((l) => l.startsWith("ready")), false);
});

Deno.test("boot, live mode: a first load that lands after the wait brings the pool statistics at once", async () => {
  const ports = { base: freePort(), er: freePort(), oracle: freePort() };
  const logs: string[] = [];
  const service = await createServiceApp(
    loadConfig({
      RPC_URL: `http://127.0.0.1:${ports.base}`,
      ER_RPC_URL: `http://127.0.0.1:${ports.er}`,
      POOL_CONFIG_V2: "fixtures/world/pool-config.v2.json",
      POOL_CONFIG_EARLIER: "fixtures/world/pool-config.earlier.json",
      RATE_LIMIT_RPS: "0",
      POOL_STATS_INTERVAL_MS: "600000", // the next period is far: only the late load's refresh can bring them
    }),
    { firstLoadTimeoutMs: 100, warn: () => {}, log: (message) => logs.push(message) },
  );
  let replay: Awaited<ReturnType<typeof startReplay>> | undefined;
  try {
    await service.start(); // nothing listens yet: the wait times out
    // The oracle is up (prices of every token, 1.00 now): only the chains are late.
    const { services } = service;
    const now = services.clock.nowMs();
    for (const deployment of Object.values(services.deployments)) {
      for (const token of deployment.index.tokens) {
        services.prices.set({
          feedId: token.feedId,
          price: 100_000_000n,
          exponent: -8,
          confidence: 0n,
          timestampUs: BigInt(now) * 1000n,
          marketSession: "regular",
          receivedAtMs: now,
        });
      }
    }
    assert.equal((await call(service.app, "GET", "/pool-data")).body.code, "STALE_DATA");
    replay = await startReplay(await readRecording("fixtures/world"), { mode: "virtual", ports });
    const landed = (chain: string) => logs.includes(`ingest: ${chain} first load complete`);
    const deadline = Date.now() + 30_000;
    while (!(landed("base") && landed("er")) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.ok(landed("base") && landed("er"), logs.join("\n"));
    for (const url of ["/pool-data", "/v2/pool-data"]) {
      const answer = await call(service.app, "GET", url);
      assert.equal(answer.status, 200, url);
      assert.ok(answer.body.pools.length > 0, `${url}: the recorded pools, not an empty list`);
    }
  } finally {
    await service.stop();
    await replay?.stop();
  }
});
