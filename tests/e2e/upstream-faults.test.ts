/**
 * Upstream faults seen from outside (issue 14 item 2, DECISIONS 3.5): the embedded world is replayed on a virtual
 * clock, a fault is injected into the loopback upstreams, and the clock is moved past the staleness threshold
 * (INGEST_STALE_AFTER_MS, 120 s; 60 s for the blockhash and the oracle, past which builders and quotes refuse them).
 * Reads keep serving the last state; `/metrics` shows the staleness where it is (slot lag per chain, oracle age per
 * feed, blockhash age, upstream errors); health turns `degraded` (503) for the interface whose data is stale; the
 * blockhash cache refuses a blockhash older than 60 s. Once the upstream is back, health is `ok` again and every
 * account and every price equals the recording's.
 */
import assert from "node:assert/strict";
import { loadConfig } from "../../src/config/env.ts";
import { createServiceApp } from "../../src/server.ts";
import { DISCRIMINATORS } from "../../src/protocol/accounts/mod.ts";
import { hex } from "../../src/protocol/codec/bytes.ts";
import { extraAccountsOf } from "../../src/runtime/sources.ts";
import { BlockhashUnavailable } from "../../src/state/blockhash-cache.ts";
import type { Services } from "../../src/services.ts";
import type { ReplayHandle } from "../../src/replay/harness.ts";
import { call } from "../helpers/contract.ts";
import { eventually } from "../helpers/eventually.ts";
import { scrape } from "../helpers/metrics.ts";

const WORLD = "fixtures/world";
const KINDS = new Set(Object.values(DISCRIMINATORS).map((d) => d.hex));

/** Every account and price the service holds equals what the replay serves (ER copy over base, as ingested). */
function differencesFromReplay(services: Services, replay: ReplayHandle): string[] {
  const v2 = services.deployments.v2.accounts.programId;
  const earlier = services.deployments.earlier.accounts.programId;
  const extras = new Set(
    extraAccountsOf([services.deployments.v2.index.config, services.deployments.earlier.index.config]),
  );
  const expected = new Map<string, { owner: string; lamports: bigint; data: Uint8Array }>();
  for (const chain of ["base", "er"] as const) {
    const programs = chain === "er" ? [v2] : [v2, earlier];
    for (const a of replay.replayer.chains[chain].accounts) {
      const inScope = (programs.includes(a.owner) && KINDS.has(hex(a.data.subarray(0, 8)))) ||
        (chain === "base" && extras.has(a.pubkey));
      if (inScope) expected.set(a.pubkey, a); // the ER pass comes second: its copy wins
    }
  }
  const problems: string[] = [];
  for (const [pubkey, want] of expected) {
    const have = services.accounts.get(pubkey);
    if (
      !have || have.owner !== want.owner || have.lamports !== want.lamports || hex(have.data) !== hex(want.data)
    ) problems.push(`account ${pubkey}`);
  }
  const held = services.accounts.size();
  if (held !== expected.size) problems.push(`${held} accounts held, ${expected.size} served`);
  for (const [feedId, want] of replay.oracle.latest()) {
    const have = services.prices.get(feedId);
    if (!services.deployments.v2.index.feedIds().includes(feedId)) continue;
    if (
      !have || have.price !== want.price || have.exponent !== want.exponent ||
      have.timestampUs !== want.feedUpdateTimestampUs || have.marketSession !== want.marketSession
    ) problems.push(`price ${feedId}`);
  }
  return problems;
}

/** The value of one metric series in a Prometheus text exposition. */
function metric(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  assert.ok(line, `${series} is exposed`);
  return Number(line.slice(series.length + 1));
}

/**
 * The clock jumps (a virtual replay), the data and the periodic refreshes (every 2 s of wall time) follow: what is
 * asserted after a jump is awaited.
 */
const until = (probe: () => Promise<boolean>, what: string) =>
  eventually(async () => (await probe()) ? true : undefined, what);

interface Running {
  app: Awaited<ReturnType<typeof createServiceApp>>["app"];
  services: Services;
  replay: ReplayHandle;
  advance(ms: number): void;
  /** Both health endpoints answer 200. */
  healthy(): Promise<boolean>;
  /** Health is back and every account and price equals the replay's. */
  recovered(what: string): Promise<void>;
}

/** A fresh service on the embedded world (each fault starts at the recording's start: it lasts 180 s). */
async function withService(run: (s: Running) => Promise<void>): Promise<void> {
  const service = await createServiceApp(loadConfig({ RATE_LIMIT_RPS: "0", REPLAY_DIR: WORLD }), {
    replayMode: "virtual",
  });
  const { app, services } = service;
  const replay = service.replay!;
  const healthy = async () => {
    const [v2, earlier] = [await call(app, "GET", "/v2/health"), await call(app, "GET", "/health")];
    return v2.status === 200 && earlier.status === 200;
  };
  const recovered = async (what: string) => {
    await until(healthy, `${what}: healthy again`);
    await until(() => Promise.resolve(differencesFromReplay(services, replay).length === 0), `${what}: data`);
    assert.deepEqual(differencesFromReplay(services, replay), []);
  };
  try {
    await service.start();
    replay.replayer.advanceBy(1_000);
    await recovered("start");
    await run({ app, services, replay, advance: (ms) => replay.replayer.advanceBy(ms), healthy, recovered });
  } finally {
    await service.stop();
  }
}

Deno.test("upstream fault, whole service: ER lag: v2 degraded with its slot lag, the earlier interface (base) unaffected", async () => {
  await withService(async ({ app, services, replay, advance, recovered }) => {
    const pools = (await call(app, "GET", "/v2/raw/pools")).body;
    replay.replayer.chains.er.freeze();
    advance(130_000);
    await until(async () => {
      const text = await scrape(services);
      return metric(text, 'ingest_slot_lag_seconds{chain="base"}') < 5 &&
        metric(text, 'ingest_slot_lag_seconds{chain="er"}') >= 130;
    }, "the ER's slot lag, not the base chain's");
    const health = await call(app, "GET", "/v2/health");
    assert.equal(health.status, 503);
    assert.equal(health.body.status, "degraded");
    assert.equal(health.body.clockUnixMs, services.clock.nowMs());
    await until(async () => (await call(app, "GET", "/health")).status === 200, "the earlier interface is fine");
    assert.equal((await call(app, "GET", "/v2/health")).status, 503);
    // Reads serve the ER as it was.
    assert.deepEqual((await call(app, "GET", "/v2/raw/pools")).body, pools);
    replay.replayer.chains.er.thaw();
    await recovered("ER lag");
  });
});

Deno.test("upstream fault, whole service: oracle silence: every feed's age grows, both interfaces degrade past the threshold", async () => {
  await withService(async ({ app, services, replay, advance, healthy, recovered }) => {
    const errors = services.ingest.oracle.errors;
    replay.oracle.silence(true);
    advance(50_000);
    await until(healthy, "50 s is under the price age limit (PRICE_MAX_AGE_MS, 60 s)");
    advance(20_000);
    // Past the price age limit quotes treat every price as missing: health says so, before the 120 s threshold.
    assert.equal((await call(app, "GET", "/v2/health")).status, 503);
    assert.equal((await call(app, "GET", "/health")).status, 503);
    const text = await scrape(services);
    for (const feedId of services.deployments.v2.index.feedIds()) {
      assert.ok(metric(text, `oracle_price_age_seconds{feed="${feedId}"}`) >= 70, `feed ${feedId}`);
    }
    assert.ok(metric(text, "oracle_last_frame_age_seconds") >= 70);
    assert.equal(services.ingest.oracle.errors, errors, "a silent stream is not an erroring one");
    replay.oracle.silence(false);
    await recovered("oracle silence");
  });
});

Deno.test("upstream fault, whole service: RPC HTTP errors: errors counted per upstream, the blockhash refused past 60 s, degraded", async () => {
  await withService(async ({ app, services, replay, advance, recovered }) => {
    const before = metric(await scrape(services), 'upstream_errors_total{upstream="rpc-base"}');
    replay.base.failHttp(503);
    await until(async () => {
      const text = await scrape(services);
      return metric(text, 'upstream_errors_total{upstream="rpc-base"}') > before;
    }, "errors counted");
    advance(61_000);
    const refused = services.blockhashes.base.current(services.clock.nowMs());
    assert.ok(refused instanceof BlockhashUnavailable && refused.reason === "stale");
    assert.equal(refused.code, "BLOCKHASH_UNAVAILABLE");
    // Builders refuse it from here: health says so at once, not at the 120 s threshold.
    assert.equal((await call(app, "GET", "/health")).status, 503);
    // The ER's RPC answers: its blockhash is refreshed (its next period) and served.
    await until(
      () => Promise.resolve(!(services.blockhashes.er.current(services.clock.nowMs()) instanceof BlockhashUnavailable)),
      "the ER blockhash",
    );
    assert.ok(services.blockhashes.base.current(services.clock.nowMs()) instanceof BlockhashUnavailable);
    advance(60_000);
    // The socket stays up: account changes keep arriving, so the base chain shows no slot lag; its blockhash does.
    await until(async () => {
      const text = await scrape(services);
      return metric(text, 'ingest_slot_lag_seconds{chain="base"}') < 5 &&
        metric(text, 'ingest_blockhash_age_seconds{chain="base"}') > 120;
    }, "blockhash age, no slot lag");
    assert.equal((await call(app, "GET", "/health")).status, 503);
    assert.equal((await call(app, "GET", "/v2/health")).status, 503);
    replay.base.failHttp(undefined);
    await recovered("RPC errors");
  });
});
