/**
 * `deno task bench`: speed and memory figures, each measured side by side with its baseline in one run.
 *
 *   1. GET /v2/prices and GET /v2/tokens: requests/s of the service vs a bare Hono route serving the same bytes.
 *   2. GET /v2/owner/{owner} (10 positions, 10 orders) against the same baseline; open-position quotes per second
 *      and p99 latency, in-process.
 *   3. POST /v2/transaction-builder/open-position with an owner (paid in USDC) and close-position: requests/s and
 *      p99 with a warm ER blockhash cache, against a bare Hono POST route answering the same bytes (bench/builders.ts);
 *      POST /v2/transaction-builder/deposit (fresh owner, full bundle) and /withdraw, each as a ratio to a bare Hono
 *      POST route answering the same bytes (bench/funds-builders.ts); the same for POST
 *      /transaction-builder/open-position (earlier interface) with an owner, MARKET and swap-and-open
 *      (bench/earlier-builders.ts).
 *   4. Cold start to ready on a 100,000-owner world (generated once into bench/worlds/, not committed), with peak RSS,
 *      next to the same measurement on the bundled world.
 *
 * Options: --duration-ms N (per throughput run, default 3000), --owners N (default 100000), --skip-cold-start.
 */
import { loadConfig } from "../src/config/env.ts";
import { createServiceApp } from "../src/server.ts";
import { compareRoute } from "./http-throughput.ts";
import { measureColdStart } from "./cold-start.ts";
import { BENCH_OWNER, benchOpenQuotes, installBenchOwner } from "./domain.ts";
import { compareFundsBuilders } from "./funds-builders.ts";
import { compareEarlierOpens } from "./earlier-builders.ts";
import { builderRequests, compareBuilderRoute } from "./builders.ts";

function option(name: string, fallback: number): number {
  const index = Deno.args.indexOf(`--${name}`);
  return index >= 0 ? Number(Deno.args[index + 1]) : fallback;
}

const durationMs = option("duration-ms", 3000);
const owners = option("owners", 100_000);
const skipColdStart = Deno.args.includes("--skip-cold-start");

async function throughput() {
  // A virtual replay holds the world still, so every request of a run sees the same state.
  const service = await createServiceApp(loadConfig({ RATE_LIMIT_RPS: "0" }), { replayMode: "virtual" });
  await service.start();
  service.replay!.replayer.advanceTo(1_000);
  while (service.services.prices.size < service.services.deployments.v2.index.feedIds().length) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, service.app.fetch);
  try {
    const base = `http://127.0.0.1:${server.addr.port}`;
    const results = [];
    for (const path of ["/v2/prices", "/v2/tokens"]) results.push(await compareRoute(base, path, durationMs));
    const held = installBenchOwner(service.services);
    const owner = await compareRoute(base, `/v2/owner/${BENCH_OWNER}`, durationMs);
    const quotes = benchOpenQuotes(service.services);
    const requests = await builderRequests(service.services, "fixtures/world/manifest.json");
    const v2Builders = [
      await compareBuilderRoute(base, "/v2/transaction-builder/open-position", requests.open, durationMs),
      await compareBuilderRoute(base, "/v2/transaction-builder/close-position", requests.close, durationMs),
    ];
    const builders = [...await compareFundsBuilders(base, durationMs), ...await compareEarlierOpens(base, durationMs)];
    return { results, owner: { ...owner, held }, quotes, v2Builders, builders };
  } finally {
    await server.shutdown();
    await service.stop();
  }
}

async function ensureWorld(dir: string, count: number) {
  try {
    await Deno.stat(`${dir}/meta.json`);
    return;
  } catch {
    console.log(`generating a ${count}-owner world into ${dir} (once) ...`);
  }
  const generated = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "tools/fixtures.ts", "--owners", String(count), "--duration-s", "10", "--out", dir],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!generated.success) throw new Error("world generation failed");
}

const rows: string[][] = [];
const measured = await throughput();
for (const r of measured.results) {
  rows.push([
    `GET ${r.route} req/s`,
    r.serviceRps.toFixed(0),
    `bare Hono, same bytes: ${r.bareRps.toFixed(0)}`,
    `ratio ${r.ratio.toFixed(2)}`,
  ]);
}
rows.push([
  `GET /v2/owner/{owner} req/s (${measured.owner.held.positions} positions, ${measured.owner.held.orders} orders)`,
  measured.owner.serviceRps.toFixed(0),
  `bare Hono, same bytes: ${measured.owner.bareRps.toFixed(0)}`,
  `ratio ${measured.owner.ratio.toFixed(2)}`,
]);
rows.push([
  `open-position quotes in-process (${measured.quotes.samples} samples)`,
  `${measured.quotes.quotesPerSecond.toFixed(0)} quotes/s`,
  `p50 ${measured.quotes.p50Us.toFixed(0)} µs`,
  `p99 ${measured.quotes.p99Us.toFixed(0)} µs`,
]);
for (const b of measured.v2Builders) {
  rows.push([
    `${b.route} (warm blockhash)`,
    `${b.serviceRps.toFixed(0)} req/s, p99 ${b.serviceP99Ms.toFixed(2)} ms`,
    `bare Hono POST, same bytes: ${b.bareRps.toFixed(0)} req/s, p99 ${b.bareP99Ms.toFixed(2)} ms`,
    `ratio ${b.ratio.toFixed(2)}`,
  ]);
}
for (const f of measured.builders) {
  rows.push([
    `${f.route} req/s, p99`,
    `${f.serviceRps.toFixed(0)} req/s, p99 ${f.serviceP99Ms.toFixed(1)} ms`,
    `bare Hono POST, same bytes: ${f.bareRps.toFixed(0)} req/s, p99 ${f.bareP99Ms.toFixed(1)} ms`,
    `ratio ${f.rpsRatio.toFixed(2)} req/s, ${f.p99Ratio.toFixed(2)}x p99`,
  ]);
}
if (!skipColdStart) {
  const bigWorld = `bench/worlds/owners-${owners}`;
  await ensureWorld(bigWorld, owners);
  for (const mode of ["live", "embedded"] as const) {
    const small = await measureColdStart("fixtures/world", mode);
    const big = await measureColdStart(bigWorld, mode);
    const where = mode === "live" ? "endpoints in another process" : "embedded replay in the process";
    rows.push([
      `cold start to ready, ${owners} owners (${where})`,
      `${big.seconds.toFixed(1)} s, peak RSS ${big.peakRssMiB.toFixed(0)} MiB (${big.accounts.baskets} baskets)`,
      `bundled world: ${small.seconds.toFixed(1)} s, ${small.peakRssMiB.toFixed(0)} MiB`,
      `ratio ${(big.seconds / small.seconds).toFixed(1)}x time, ${
        (big.peakRssMiB / small.peakRssMiB).toFixed(1)
      }x memory`,
    ]);
  }
}

const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join("  |  "));
