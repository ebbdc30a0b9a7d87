/**
 * Bench results as data: the record one `deno task bench` run writes (JSON), the tables printed from it and the
 * README section that shows the latest one. Pure: no process, no file access (main.ts writes what these return).
 */

/** One measured run of a load generator against one server. */
export interface Run {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers that were not 2xx/3xx (any makes the run invalid). */
  non2xx: number;
  /** Socket errors (connect, read, write, timeout) wrk counted. */
  socketErrors: number;
  /** CPU the server process used during the run, percent of one core. */
  serverCpuPct?: number;
}

export interface Side {
  /** Mean over the runs. */
  rps: number;
  /** Mean of the runs' p99. */
  p99Ms: number;
  p50Ms: number;
  runs: Run[];
}

/** What an issue asks of a figure; `met` says whether this run met it. */
export interface Target {
  minRpsRatio?: number;
  minRps?: number;
  maxP99Ms?: number;
  /** Which issue item asks for it, e.g. "13.0". */
  source: string;
  met?: boolean;
}

export interface ThroughputFigure {
  kind: "throughput";
  id: string;
  label: string;
  method: "GET" | "POST";
  path: string;
  service: Side;
  baseline: Side;
  /**
   * The median of `pairRatios` (of two: their mean). Each pair's runs follow each other, so they share the machine's
   * speed of the moment, which two means over a figure's whole time do not (the machine's speed moves by tens of %
   * over minutes).
   */
  rpsRatio: number;
  /** Each alternated pair's service rps / baseline rps, in the order run (absent in results from before 2026-11-28). */
  pairRatios?: number[];
  /** service.p99Ms / baseline.p99Ms. */
  p99Ratio: number;
  target?: Target;
  /** 1-minute load average before and after the figure's runs. */
  loadavg: [number, number];
  /** Share of the machine's CPU time the hypervisor took during the figure's runs, percent (absent: not counted). */
  stealPct?: number;
}

export interface LoadRunFigure {
  kind: "load";
  id: string;
  label: string;
  /** The mixed routes, one request of each in turn. */
  routes: string[];
  service: Side;
  baseline: Side;
  rpsRatio: number;
  p99Ratio: number;
  requests: number;
  /** Service RSS (MiB) after each segment, with the requests answered so far. */
  rss: { requests: number; rssMiB: number }[];
  rssStartMiB: number;
  rssEndMiB: number;
  rssMaxMiB: number;
  /** Allowed growth from the first segment's RSS to the end. */
  rssBoundMiB: number;
  withinBound: boolean;
  loadavg: [number, number];
}

export interface ColdStartFigure {
  kind: "cold-start";
  id: string;
  label: string;
  owners: number;
  /** `embedded`: replay in the service process; `live`: recording served by another process. */
  mode: "embedded" | "live";
  /** Median of the runs' ready times (the target is judged on the medians). */
  seconds: number;
  /** Median of the runs' peak RSS. */
  peakRssMiB: number;
  /** Every run, in the order run: one cold start is a single sample on a machine whose speed varies by tens of %. */
  runs: { seconds: number; peakRssMiB: number }[];
  accounts: { baskets: number; deposit_ledgers: number };
  target?: { maxSeconds: number; maxPeakRssMiB: number; source: string; met?: boolean };
  loadavg: [number, number];
}

export interface QuoteFigure {
  kind: "quotes";
  id: string;
  label: string;
  quotesPerSecond: number;
  p50Us: number;
  p99Us: number;
  samples: number;
  loadavg: [number, number];
}

export type Figure = ThroughputFigure | LoadRunFigure | ColdStartFigure | QuoteFigure;

export interface Machine {
  cpu: string;
  cores: number;
  memoryMiB: number;
  os: string;
  deno: string;
  v8: string;
  loadGenerator: string;
  /** Where the load generator and the servers ran (bench/cores.ts); absent in results from before 2026-11-28. */
  placement?: string;
}

export interface BenchResult {
  format: "perps-bench/1";
  date: string;
  commit: string;
  /** Uncommitted changes in the working tree when the bench ran. */
  dirty: boolean;
  machine: Machine;
  /** Options the run was made with (durations, connections, subset). */
  options: Record<string, unknown>;
  /** Load averages (1, 5, 15 min) at the start and the end. */
  loadavg: { start: number[]; end: number[] };
  /** Share of the machine's CPU time the hypervisor took during the whole run, percent (absent: not counted). */
  stealPct?: number;
  figures: Figure[];
}

/** The mean of a side's runs. */
export function summarize(runs: Run[]): Side {
  const mean = (pick: (run: Run) => number) => runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
  return { rps: mean((r) => r.rps), p99Ms: mean((r) => r.p99Ms), p50Ms: mean((r) => r.p50Ms), runs };
}

/** The middle value (of an even count: the mean of the two middle ones). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Each alternated pair's ratio of requests/s: the service's run over the baseline's run of the same round. */
export function pairRatios(service: Run[], baseline: Run[]): number[] {
  if (service.length !== baseline.length || service.length === 0) {
    throw new Error(`pairs need as many service runs as baseline runs (${service.length}, ${baseline.length})`);
  }
  return service.map((run, i) => run.rps / baseline[i].rps);
}

/** Whether a throughput or load figure meets its target. */
export function targetMet(target: Target, service: Side, rpsRatio: number): boolean {
  return (target.minRpsRatio === undefined || rpsRatio >= target.minRpsRatio) &&
    (target.minRps === undefined || service.rps >= target.minRps) &&
    (target.maxP99Ms === undefined || service.p99Ms < target.maxP99Ms);
}

function describeTarget(target: Target | undefined): string {
  if (!target) return "";
  const parts = [
    target.minRpsRatio !== undefined ? `ratio ≥ ${target.minRpsRatio}` : "",
    target.minRps !== undefined ? `≥ ${target.minRps} req/s` : "",
    target.maxP99Ms !== undefined ? `p99 < ${target.maxP99Ms} ms` : "",
  ].filter(Boolean);
  return `${parts.join(", ")} (${target.source}): ${target.met ? "met" : "not met"}`;
}

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const percent = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} %`;
const ms = (n: number) => n < 10 ? n.toFixed(2) : n.toFixed(1);
/** Lowest and highest of the runs, so the spread shows next to the mean. */
const spread = (side: Side) =>
  side.runs.length > 1
    ? ` (${int(Math.min(...side.runs.map((r) => r.rps)))}–${int(Math.max(...side.runs.map((r) => r.rps)))})`
    : "";

/** Lowest and highest pair ratio, when there were more than two pairs (two: the ratio is their mean). */
const ratioSpread = (f: ThroughputFigure) =>
  f.pairRatios && f.pairRatios.length > 2
    ? ` (${Math.min(...f.pairRatios).toFixed(2)}–${Math.max(...f.pairRatios).toFixed(2)})`
    : "";

/** A median and, when there were several, every run it is the median of (`4.1 (4.7, 4.1, 3.9)`). */
const withRuns = (median: number, runs: number[], format: (n: number) => string) =>
  runs.length > 1 ? `${format(median)} (${runs.map(format).join(", ")})` : format(median);

/** How a ceiling figure's id names the figure it is the ceiling of (`ceiling-health`). */
const CEILING_PREFIX = "ceiling-";

/** A Markdown table. */
function table(header: string[], rows: string[][]): string {
  const escape = (cell: string) => cell.replaceAll("|", "\\|");
  return [
    `| ${header.map(escape).join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${row.map(escape).join(" | ")} |`),
  ].join("\n");
}

/** The run's figures as Markdown tables (throughput, load run, cold start, in-process quotes), with a heading line. */
export function renderTables(result: BenchResult): string {
  const out: string[] = [];
  const m = result.machine;
  out.push(
    `Measured ${result.date.slice(0, 16).replace("T", " ")} UTC at ${result.commit}${
      result.dirty ? " (+ changes)" : ""
    }` +
      ` on ${m.cpu}, ${m.cores} cores, Deno ${m.deno}; load average ${result.loadavg.start[0].toFixed(2)} at the ` +
      `start, ${result.loadavg.end[0].toFixed(2)} at the end` +
      (result.stealPct === undefined ? "" : `; ${percent(result.stealPct)} of the CPU taken by the hypervisor`) +
      `; load generator ${m.loadGenerator}` + (m.placement === undefined ? "." : `; ${m.placement}.`),
  );
  const throughput = result.figures.filter((f): f is ThroughputFigure => f.kind === "throughput");
  // A ceiling figure is shown as its ratio beside the figure it is the ceiling of (a row of its own only when that
  // figure was not run).
  const ids = new Set(throughput.map((f) => f.id));
  const ceilings = new Map(
    throughput.filter((f) => f.id.startsWith(CEILING_PREFIX)).map((f) => [f.id.slice(CEILING_PREFIX.length), f]),
  );
  const rows = throughput.filter((f) =>
    !f.id.startsWith(CEILING_PREFIX) || !ids.has(f.id.slice(CEILING_PREFIX.length))
  );
  if (rows.length) {
    out.push(
      "",
      table(
        [
          "Figure",
          "Service req/s",
          "Baseline req/s",
          "Ratio",
          "Service p99 ms",
          "Baseline p99 ms",
          "Ceiling",
          "CPU stolen",
          "Target",
        ],
        rows.map((f) => [
          `${f.label}`,
          int(f.service.rps) + spread(f.service),
          int(f.baseline.rps) + spread(f.baseline),
          f.rpsRatio.toFixed(2) + ratioSpread(f),
          ms(f.service.p99Ms),
          ms(f.baseline.p99Ms),
          ceilings.get(f.id)?.rpsRatio.toFixed(2) ?? "",
          f.stealPct === undefined ? "" : percent(f.stealPct),
          describeTarget(f.target),
        ]),
      ),
    );
  }
  for (const f of result.figures) {
    if (f.kind !== "load") continue;
    out.push(
      "",
      table(
        [
          "Load run",
          "Requests",
          "Service req/s",
          "Baseline req/s",
          "Ratio",
          "Service p99 ms",
          "Baseline p99 ms",
          "RSS MiB",
        ],
        [[
          f.label,
          int(f.requests),
          int(f.service.rps),
          int(f.baseline.rps),
          f.rpsRatio.toFixed(2),
          ms(f.service.p99Ms),
          ms(f.baseline.p99Ms),
          `${int(f.rssStartMiB)} → ${int(f.rssEndMiB)} (max ${int(f.rssMaxMiB)}; bound +${f.rssBoundMiB}: ` +
          `${f.withinBound ? "within" : "exceeded"})`,
        ]],
      ),
    );
  }
  const coldStarts = result.figures.filter((f): f is ColdStartFigure => f.kind === "cold-start");
  if (coldStarts.length) {
    out.push(
      "",
      table(
        ["Cold start", "Owners", "Baskets", "Ready s, median (runs)", "Peak RSS MiB, median (runs)", "Target"],
        coldStarts.map((f) => [
          f.label,
          int(f.owners),
          int(f.accounts.baskets),
          withRuns(f.seconds, f.runs.map((run) => run.seconds), (v) => v.toFixed(1)),
          withRuns(f.peakRssMiB, f.runs.map((run) => run.peakRssMiB), int),
          f.target
            ? `< ${f.target.maxSeconds} s, < ${f.target.maxPeakRssMiB} MiB (${f.target.source}): ` +
              (f.target.met ? "met" : "not met")
            : "",
        ]),
      ),
    );
  }
  for (const f of result.figures) {
    if (f.kind !== "quotes") continue;
    out.push(
      "",
      `${f.label}: ${int(f.quotesPerSecond)} quotes/s, p50 ${f.p50Us.toFixed(1)} µs, p99 ${f.p99Us.toFixed(1)} µs ` +
        `(${int(f.samples)} samples).`,
    );
  }
  return out.join("\n");
}

export const README_START = "<!-- bench:start -->";
export const README_END = "<!-- bench:end -->";

/** The README with the text between the bench markers replaced; an error when the markers are missing. */
export function replaceReadmeSection(readme: string, tables: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${README_START} … ${README_END} section`);
  return `${readme.slice(0, start + README_START.length)}\n\n${tables}\n\n${readme.slice(end)}`;
}
