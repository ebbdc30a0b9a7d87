/**
 * The bench harness's pieces that need no process (bench/): option parsing, reading wrk's report, the Lua script
 * given to wrk, the start task's command, the result summary, tables and README section. Benchmarks themselves never
 * run in `deno task test`.
 */
import assert from "node:assert/strict";
import { ALL_FIGURES, GROUPS, parseBenchArgs, UsageError } from "../../bench/args.ts";
import { parseWrkOutput, wrkScript } from "../../bench/wrk.ts";
import { cpuTimes, startTaskArgs, stealPercent } from "../../bench/processes.ts";
import { coldStartFigure, type ColdStartRun } from "../../bench/cold-start.ts";
import {
  type BenchResult,
  median,
  pairRatios,
  README_END,
  README_START,
  renderTables,
  replaceReadmeSection,
  type Run,
  summarize,
  targetMet,
} from "../../bench/results.ts";

const WRK_REPORT = `Running 10s test @ http://127.0.0.1:8080/v2/health
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     3.58ms    3.29ms  51.94ms   92.97%
    Req/Sec    15.61k     3.58k   19.16k    88.00%
  Latency Distribution
     50%  812.00us
     75%    3.80ms
     90%    5.72ms
     99%    1.20s
  77844 requests in 5.02s, 56.16MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 12
Requests/sec:  15520.59
Transfer/sec:     11.20MB
`;

/** A cold-start run of the 100,000-owner world as the bench records it. */
const coldRun = (seconds: number, peakRssMiB: number): ColdStartRun => ({
  seconds,
  peakRssMiB,
  accounts: { baskets: 100_000, deposit_ledgers: 100_000 },
  loadavg: [1, 1],
});

Deno.test("bench options: defaults, groups and figures, quick mode, errors", () => {
  const defaults = parseBenchArgs([]);
  assert.ok(defaults !== "help");
  assert.deepEqual([...defaults.figures], [...ALL_FIGURES]);
  assert.equal(defaults.durationS, 4);
  assert.equal(defaults.rounds, 5);
  assert.equal(defaults.connections, 50);
  assert.equal(defaults.loadRequests, 1_000_000);

  const subset = parseBenchArgs(["--only", "reads,v2-open", "--duration-s=5", "--owners", "10000,1000000"]);
  assert.ok(subset !== "help");
  assert.deepEqual([...subset.figures], [...GROUPS.reads, "v2-open"]);
  assert.equal(subset.durationS, 5);
  assert.deepEqual(subset.owners, [10_000, 1_000_000]);

  const quick = parseBenchArgs(["--quick", "--load-requests", "5000"]);
  assert.ok(quick !== "help");
  assert.equal(quick.quick, true);
  assert.equal(quick.durationS, 2);
  assert.equal(quick.loadRequests, 5000, "an explicit option wins over quick mode");
  assert.deepEqual(quick.owners, [10_000]);
  assert.equal(quick.coldRuns, 1);
  assert.equal(defaults.coldRuns, 3);
  const coldRuns = parseBenchArgs(["--cold-runs", "5"]);
  assert.ok(coldRuns !== "help");
  assert.equal(coldRuns.coldRuns, 5);

  assert.equal(parseBenchArgs(["--help"]), "help");
  assert.throws(() => parseBenchArgs(["--only", "everything"]), UsageError);
  assert.throws(() => parseBenchArgs(["--duration-s", "0"]), UsageError);
  assert.throws(() => parseBenchArgs(["--rounds"]), UsageError);
  assert.throws(() => parseBenchArgs(["--fast"]), UsageError);
});

Deno.test("wrk report: requests/s, percentiles in any unit, counts and errors", () => {
  assert.deepEqual(parseWrkOutput(WRK_REPORT), {
    rps: 15520.59,
    p50Ms: 0.812,
    p99Ms: 1200,
    requests: 77844,
    non2xx: 12,
    socketErrors: 3,
  });
  const clean = WRK_REPORT.replace(/ {2}Socket errors.*\n/, "").replace(/ {2}Non-2xx.*\n/, "");
  assert.equal(parseWrkOutput(clean).non2xx, 0);
  assert.equal(parseWrkOutput(clean).socketErrors, 0);
  assert.throws(() => parseWrkOutput("wrk: connection refused"));
});

Deno.test("wrk script: none for a GET, a fixed POST, a rotation; bodies cannot close their Lua string", () => {
  assert.equal(wrkScript([{ method: "GET", path: "/v2/health" }]), undefined);
  const post = wrkScript([{ method: "POST", path: "/v2/preview/margin", body: '{"a":"]=]"}' }])!;
  assert.match(post, /wrk\.method = \[=\[POST\]=\]/);
  assert.match(post, /wrk\.body = \[==\[\{"a":"\]=\]"\}\]==\]/);
  assert.match(post, /Content-Type/);
  const rotation = wrkScript([
    { method: "GET", path: "/v2/prices" },
    { method: "POST", path: "/v2/preview/margin", body: "{}" },
  ])!;
  assert.match(rotation, /function request\(\)/);
  assert.match(rotation, /wrk\.format\(\[=\[GET\]=\], \[=\[\/v2\/prices\]=\]\)/);
  assert.throws(() => wrkScript([]));
});

Deno.test("the service runs as the start task does: its deno run command and flags", async () => {
  assert.deepEqual(
    startTaskArgs({ tasks: { start: "deno install --quiet && deno run --allow-all --v8-flags=--x src/main.ts" } }),
    ["run", "--allow-all", "--v8-flags=--x", "src/main.ts"],
  );
  assert.deepEqual(startTaskArgs({ tasks: { start: { command: "deno run -A src/main.ts" } } }), [
    "run",
    "-A",
    "src/main.ts",
  ]);
  assert.throws(() => startTaskArgs({ tasks: {} }));
  assert.throws(() => startTaskArgs({ tasks: { start: "node main.js" } }));
  const own = startTaskArgs(JSON.parse(await Deno.readTextFile("deno.json")));
  assert.equal(own.at(-1), "src/main.ts");
});

const run = (rps: number, p99Ms: number): Run => ({
  rps,
  p50Ms: 1,
  p99Ms,
  requests: rps * 10,
  non2xx: 0,
  socketErrors: 0,
});

Deno.test("results: means of the runs, targets, tables and the README section", () => {
  const service = summarize([run(800, 4), run(1000, 6)]);
  assert.equal(service.rps, 900);
  assert.equal(service.p99Ms, 5);
  assert.equal(targetMet({ minRpsRatio: 0.8, source: "13.0" }, service, 0.9), true);
  assert.equal(targetMet({ minRpsRatio: 0.8, source: "13.0" }, service, 0.7), false);
  assert.equal(targetMet({ minRps: 1000, maxP99Ms: 10, source: "8" }, service, 1), false);
  assert.equal(targetMet({ minRps: 500, maxP99Ms: 5, source: "8" }, service, 1), false, "p99 must be below");

  const baseline = summarize([run(1000, 2), run(1000, 2)]);
  const result: BenchResult = {
    format: "perps-bench/1",
    date: "2026-01-02T03:04:05.000Z",
    commit: "abc1234",
    dirty: false,
    machine: {
      cpu: "Test CPU",
      cores: 2,
      memoryMiB: 1024,
      os: "linux",
      deno: "2.9.6",
      v8: "x",
      loadGenerator: "wrk 4.1.0, 1 thread",
    },
    options: {},
    loadavg: { start: [0.5, 0.4, 0.3], end: [1.25, 1, 1] },
    stealPct: 3.25,
    figures: [{
      kind: "throughput",
      id: "health",
      label: "GET /v2/health",
      method: "GET",
      path: "/v2/health",
      service,
      baseline,
      rpsRatio: 0.9,
      p99Ratio: 2.5,
      target: { minRpsRatio: 0.8, source: "13.0", met: true },
      loadavg: [0.5, 0.6],
      stealPct: 12.4,
    }, {
      kind: "throughput",
      id: "ceiling-health",
      label: "GET /v2/health: ceiling",
      method: "GET",
      path: "/v2/health",
      service,
      baseline,
      rpsRatio: 0.77,
      p99Ratio: 1,
      loadavg: [0.5, 0.6],
    }, {
      kind: "throughput",
      id: "ceiling-tokens",
      label: "GET /v2/tokens: ceiling",
      method: "GET",
      path: "/v2/tokens",
      service,
      baseline,
      rpsRatio: 0.74,
      pairRatios: [0.7, 0.74, 0.81],
      p99Ratio: 1,
      loadavg: [0.5, 0.6],
    }, coldStartFigure(100_000, "embedded", [4.7, 4.2, 3.9].map((seconds, i) => coldRun(seconds, [520, 512, 530][i])))],
  };
  const tables = renderTables(result);
  assert.match(tables, /at abc1234 on Test CPU, 2 cores, Deno 2\.9\.6; load average 0\.50 at the start, 1\.25/);
  assert.match(
    tables,
    /\| GET \/v2\/health \| 900 \(800–1,000\) \| 1,000 \(1,000–1,000\) \| 0\.90 \| 5\.00 \| 2\.00 \|/,
  );
  assert.match(tables, /ratio ≥ 0\.8 \(13\.0\): met/);
  // A ceiling is a column of the figure it is the ceiling of; one whose figure did not run keeps a row of its own.
  assert.match(tables, /\| Baseline p99 ms \| Ceiling \| CPU stolen \| Target \|/);
  // The hypervisor's share of the CPU while a figure ran, and over the whole run, so a disturbed figure shows itself.
  assert.match(tables, /\| GET \/v2\/health \| .* \| 2\.00 \| 0\.77 \| 12 % \| ratio ≥ 0\.8/);
  assert.match(tables, /at the end; 3\.3 % of the CPU taken by the hypervisor; load generator/);
  assert.doesNotMatch(tables, /GET \/v2\/health: ceiling/);
  // More than two pairs: the median ratio, with the lowest and highest pair beside it.
  assert.match(tables, /\| GET \/v2\/tokens: ceiling \| .* \| 0\.74 \(0\.70–0\.81\) \|/);
  // A cold start's figure is the median of its runs, each run shown beside it; the target is judged on the medians.
  assert.match(
    tables,
    /\| 100,000 owners, replay in the process \| 100,000 \| 100,000 \| 4\.2 \(4\.7, 4\.2, 3\.9\) \| 520 \(520, 512, 530\) \| < 5 s, < 600 MiB \(13\.2\): met \|/,
  );
  const slow = coldStartFigure(100_000, "live", [6.1, 4.9, 5.2].map((seconds) => coldRun(seconds, 500)));
  assert.equal(slow.seconds, 5.2);
  assert.equal(slow.target?.met, false, "one run under 5 s does not meet the target");
  assert.equal(coldStartFigure(10_000, "live", [coldRun(1.2, 290)]).target, undefined, "targets are for 100,000");

  const readme = `# Title\n\nbefore\n${README_START}\nold table\n${README_END}\nafter\n`;
  const updated = replaceReadmeSection(readme, tables);
  assert.ok(updated.startsWith("# Title\n\nbefore\n"));
  assert.ok(updated.endsWith(`${README_END}\nafter\n`));
  assert.ok(updated.includes(tables));
  assert.ok(!updated.includes("old table"));
  assert.throws(() => replaceReadmeSection("no markers", tables));
});

Deno.test("pair ratios: each round's service run over its baseline run; the figure's ratio is their median", () => {
  const at = (rps: number) => run(rps, 1);
  const service = [at(900), at(400), at(1000), at(950), at(880)];
  const baseline = [at(1000), at(1000), at(1000), at(1000), at(1000)];
  assert.deepEqual(pairRatios(service, baseline), [0.9, 0.4, 1, 0.95, 0.88]);
  // One pair caught in a slow spell of the service's side moves the median by one place, not the figure by a fifth.
  assert.equal(median(pairRatios(service, baseline)), 0.9);
  assert.equal(median([0.7, 0.9]), 0.8, "two pairs: their mean");
  assert.throws(() => pairRatios([at(1)], []), /as many service runs as baseline runs/);
});

Deno.test("CPU steal: the hypervisor's share of the machine's CPU time between two readings", () => {
  assert.equal(stealPercent({ total: 1000, steal: 10 }, { total: 3000, steal: 410 }), 20);
  assert.equal(stealPercent({ total: 1000, steal: 10 }, { total: 1000, steal: 10 }), undefined, "nothing counted");
  const now = cpuTimes();
  assert.ok(now.total >= now.steal && now.steal >= 0);
});
