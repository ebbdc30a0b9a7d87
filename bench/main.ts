/**
 * `deno task bench`: speed and memory figures, each service figure measured against a baseline in the same run.
 *
 * How (issue 13): the service runs as its own process, as `deno task start` runs it (full edge and middleware stack, default
 * log level, embedded replay in the process; only the rate limit is off), on the bench world (bench-world.ts). The
 * baseline is a bare Hono app on the same Deno, in another process, answering every measured route with the bytes
 * the service answered it with. The load generator is wrk, a third process (bench/wrk.ts says why). Each figure
 * warms both up, then alternates service and baseline runs (`--rounds`, default 5) of `--duration-s` (4) with
 * `--connections` (50), and reports the mean requests/s and p99 of each side and the median of the pairs' ratios. wrk runs
 * pinned to the machine's last core, each server's main thread to the first (bench/cores.ts; `--no-pin` leaves them to
 * the scheduler).
 *
 * Figures (`--only` picks some; see bench/args.ts):
 *   reads       GET /v2/health, /v2/prices, /v2/tokens, /v2/pool-data                     (issue 13.0)
 *   owner       GET /v2/owner/{owner}, /positions/owner/{owner}, 10 positions + 10 orders (issue 13.1)
 *   previews    POST /v2/preview/margin, preview-only open-position                       (issue 13.0)
 *   builders    v2 open (owner, USDC) and close; v2 deposit and withdraw; earlier open with owner, MARKET and
 *               swap-and-open                                                              (issues 8, 9, 10)
 *   load        a read, a preview and a builder in turn on a fresh process until 1,000,000 answers; RSS (issue 14)
 *   cold-start  ready time and peak RSS on generated worlds of `--owners` (10k, 100k; 1M)   (issue 13.2)
 *   quotes      open-position quotes in-process (no HTTP), for scale
 *
 * Results: a JSON file (bench/results/, see results.ts), the tables on stdout and, with `--readme`, in README.md.
 */
import { parseBenchArgs, USAGE, UsageError } from "./args.ts";
import { type BenchWorld, prepareBenchWorld } from "./bench-world.ts";
import { coldStartFigure, type ColdStartRun, measureColdStart } from "./cold-start.ts";
import { ensureWorld, worldDirFor } from "./worlds.ts";
import { figureSpecs } from "./figures.ts";
import { LOAD_RUN_ROUTES, loadRun } from "./load-run.ts";
import { cpuTimes, loadAverage, type ServerProcess, startBaseline, startService, stealPercent } from "./processes.ts";
import { benchOpenQuotes } from "./quotes.ts";
import { type BenchResult, type Figure, type Machine, renderTables, replaceReadmeSection } from "./results.ts";
import { baselineRouteFor, type Measure, measureFigure } from "./throughput.ts";
import { wrkVersion } from "./wrk.ts";
import { corePinning, describeCores, pinMainThread, tasksetAvailable } from "./cores.ts";

const EMBEDDED_WORLD = "fixtures/world";
const README_RESULT = "bench/results/latest.json";
const log = (line: string) => console.error(line);

async function git(...args: string[]): Promise<string> {
  const out = await new Deno.Command("git", { args, stdout: "piped", stderr: "null" }).output();
  return new TextDecoder().decode(out.stdout).trim();
}

async function machine(placement: string): Promise<Machine> {
  const cpuinfo = await Deno.readTextFile("/proc/cpuinfo").catch(() => "");
  const meminfo = await Deno.readTextFile("/proc/meminfo").catch(() => "");
  return {
    cpu: /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? "unknown CPU",
    cores: navigator.hardwareConcurrency,
    memoryMiB: Math.round(Number(/MemTotal:\s+(\d+)/.exec(meminfo)?.[1] ?? 0) / 1024),
    os: `${Deno.build.os} ${Deno.osRelease()}`,
    deno: Deno.version.deno,
    v8: Deno.version.v8,
    loadGenerator: `${await wrkVersion()}, 1 thread`,
    placement,
  };
}

/** Throughput figures and the load run: both on the bench world, each run against its own service process. */
async function serviceFigures(wanted: Set<string>, measure: Measure, loadRequests: number): Promise<Figure[]> {
  const world: BenchWorld = await prepareBenchWorld(EMBEDDED_WORLD, "bench/worlds/embedded-bench");
  const manifest = JSON.parse(await Deno.readTextFile(`${EMBEDDED_WORLD}/manifest.json`));
  const v2Config = JSON.parse(await Deno.readTextFile(`${EMBEDDED_WORLD}/pool-config.v2.json`));
  const specs = figureSpecs(world, manifest, v2Config);
  const figures: Figure[] = [];
  const throughput = specs.filter((s) => wanted.has(s.id));
  const loadSpecs = LOAD_RUN_ROUTES.map((id) => specs.find((s) => s.id === id)!);
  const ceilings = throughput.some((s) => s.ceilingOf);
  const withServers = async (
    run: (service: ServerProcess, baseline: ServerProcess, labelled?: ServerProcess) => Promise<void>,
  ) => {
    const service = await startService({ replayDir: world.dir });
    let baseline: ServerProcess | undefined;
    let labelled: ServerProcess | undefined;
    try {
      await pinMainThread(service.pid, measure.serverMainThreadCpus);
      const routes = [];
      for (const spec of new Set([...throughput, ...loadSpecs])) routes.push(await baselineRouteFor(service, spec));
      baseline = await startBaseline(routes);
      await pinMainThread(baseline.pid, measure.serverMainThreadCpus);
      if (ceilings) {
        labelled = await startBaseline(routes, true);
        await pinMainThread(labelled.pid, measure.serverMainThreadCpus);
      }
      await run(service, baseline, labelled);
    } finally {
      await labelled?.stop();
      await baseline?.stop();
      await service.stop();
    }
  };
  if (throughput.length) {
    await withServers(async (service, baseline, labelled) => {
      for (const spec of throughput) {
        log(`measuring ${spec.label} ...`);
        // A ceiling figure measures the labelled baseline in the service's place (figures.ts).
        const measured = spec.ceilingOf && labelled ? labelled : service;
        const figure = await measureFigure(spec, measured, baseline, measure);
        log(
          `  service ${figure.service.rps.toFixed(0)} req/s (p99 ${figure.service.p99Ms.toFixed(2)} ms), baseline ` +
            `${figure.baseline.rps.toFixed(0)} req/s (p99 ${figure.baseline.p99Ms.toFixed(2)} ms): ratio ` +
            `${figure.rpsRatio.toFixed(2)}`,
        );
        figures.push(figure);
      }
    });
  }
  if (wanted.has("load")) {
    // A fresh process, so "RSS after N requests" counts only the load run's requests.
    await withServers(async (service, baseline) => {
      log(`load run: ${loadRequests.toLocaleString("en-US")} requests ...`);
      figures.push(
        await loadRun(loadSpecs, service, baseline, measure, loadRequests, (answered, rss) => {
          log(`  ${answered.toLocaleString("en-US")} answered, RSS ${rss.toFixed(0)} MiB`);
        }),
      );
    });
  }
  return figures;
}

async function main(): Promise<number> {
  let options;
  try {
    options = parseBenchArgs(Deno.args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options === "help") {
    console.log(USAGE);
    return 0;
  }
  const cores = corePinning(navigator.hardwareConcurrency, options.pin, await tasksetAvailable());
  const startLoad = loadAverage();
  const startCpu = cpuTimes();
  const result: BenchResult = {
    format: "perps-bench/1",
    date: new Date().toISOString(),
    commit: await git("rev-parse", "--short", "HEAD"),
    dirty: (await git("status", "--porcelain", "--untracked-files=no")) !== "",
    machine: await machine(describeCores(cores)),
    options: {
      figures: [...options.figures],
      quick: options.quick,
      durationS: options.durationS,
      warmupS: options.warmupS,
      rounds: options.rounds,
      connections: options.connections,
      pin: options.pin,
      loadRequests: options.loadRequests,
      owners: options.owners,
      coldRuns: options.coldRuns,
    },
    loadavg: { start: startLoad, end: [] },
    figures: [],
  };
  log(`load average at the start: ${startLoad.join(" ")} (${result.machine.cores} cores)`);
  const measure: Measure = {
    durationS: options.durationS,
    warmupS: options.warmupS,
    rounds: options.rounds,
    connections: options.connections,
    loadGeneratorCpus: cores?.loadGenerator,
    serverMainThreadCpus: cores?.serverMainThread,
  };
  log(`processes: ${describeCores(cores)}`);
  result.figures.push(...await serviceFigures(options.figures, measure, options.loadRequests));
  if (options.figures.has("quotes")) result.figures.push(await benchOpenQuotes());
  if (options.figures.has("cold-start")) {
    for (const owners of options.owners) {
      const dir = worldDirFor(options.worldsDir, owners);
      await ensureWorld(dir, owners, 10, log);
      // The two ways alternate, run after run, so a slow spell of the machine does not fall on one way only.
      const runs = { embedded: [] as ColdStartRun[], live: [] as ColdStartRun[] };
      const times = owners >= 1_000_000 ? 1 : options.coldRuns;
      for (let i = 1; i <= times; i++) {
        for (const mode of ["embedded", "live"] as const) {
          log(`cold start: ${owners} owners, ${mode} (${i}/${times}) ...`);
          const run = await measureColdStart(dir, mode);
          log(`  ready in ${run.seconds.toFixed(1)} s, peak RSS ${run.peakRssMiB.toFixed(0)} MiB`);
          runs[mode].push(run);
        }
      }
      result.figures.push(
        coldStartFigure(owners, "embedded", runs.embedded),
        coldStartFigure(owners, "live", runs.live),
      );
    }
  }
  result.loadavg.end = loadAverage();
  result.stealPct = stealPercent(startCpu, cpuTimes());

  const out = options.out ?? `bench/results/${result.date.slice(0, 19).replaceAll(":", "")}-${result.commit}.json`;
  await Deno.mkdir(out.slice(0, out.lastIndexOf("/")) || ".", { recursive: true });
  await Deno.writeTextFile(out, JSON.stringify(result, null, 2) + "\n");
  const tables = renderTables(result);
  console.log(tables);
  log(`\nresults written to ${out}`);
  if (options.readme) {
    await Deno.writeTextFile("README.md", replaceReadmeSection(await Deno.readTextFile("README.md"), tables));
    // The data behind the README's table, kept in the repository next to it (other result files are not).
    await Deno.writeTextFile(README_RESULT, JSON.stringify(result, null, 2) + "\n");
    log(`README.md updated (its data: ${README_RESULT})`);
  }
  return 0;
}

if (import.meta.main) Deno.exit(await main());
