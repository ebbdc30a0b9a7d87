/** Command-line options of `deno task bench` (pure, so a test can check them). */
import { CEILING_BASES, READ_FIGURES } from "./figures.ts";

export const USAGE = `usage: deno task bench [options]

  --only LIST             figures or groups to run, comma-separated (default: all); groups:
                          reads, owner, previews, builders, load, ceiling, cold-start, quotes
  --quick                 short runs for a first look: 2 s runs, 100,000-request load run, one cold start on
                          10,000 owners only (figures are noisier; do not publish them)
  --duration-s N          seconds per load-generator run (default 4)
  --rounds N              service/baseline run pairs per figure, alternated; the ratio is their median (default 5)
  --connections N         open connections of the load generator (default 50)
  --no-pin                leave every process where the scheduler puts it (default: the load generator pinned to
                          the last core, the servers' main threads to the first; bench/cores.ts says why)
  --load-requests N       requests of the load run (default 1000000)
  --owners LIST           cold-start world sizes (default 10000,100000; add 1000000 for the full curve)
  --cold-runs N           cold starts per world size and way, alternated; the table gives their median (default 3;
                          1,000,000 owners: one, each takes minutes)
  --worlds-dir DIR        where generated worlds live (default bench/worlds; generated once when missing)
  --out FILE              result file (default bench/results/<date>-<commit>.json)
  --readme                write the tables into README.md (between the bench markers)
  -h, --help              this text`;

/** Figure ids per group; `--only` takes either. */
export const GROUPS: Record<string, string[]> = {
  reads: READ_FIGURES,
  owner: ["v2-owner", "earlier-positions-owner"],
  previews: ["v2-preview-margin", "v2-preview-margin-distinct", "v2-open-preview"],
  builders: [
    "v2-open",
    "v2-close",
    "v2-deposit",
    "v2-withdraw",
    "earlier-open-market",
    "earlier-swap-and-open",
  ],
  load: ["load"],
  ceiling: CEILING_BASES.map((id) => `ceiling-${id}`),
  "cold-start": ["cold-start"],
  quotes: ["quotes"],
};

export const ALL_FIGURES: readonly string[] = Object.values(GROUPS).flat();

export interface BenchOptions {
  figures: Set<string>;
  quick: boolean;
  durationS: number;
  warmupS: number;
  rounds: number;
  connections: number;
  /** The load generator and the servers' main threads on cores of their own (cores.ts). */
  pin: boolean;
  loadRequests: number;
  owners: number[];
  coldRuns: number;
  worldsDir: string;
  out?: string;
  readme: boolean;
}

export class UsageError extends Error {}

export function parseBenchArgs(argv: string[]): BenchOptions | "help" {
  const options: BenchOptions = {
    figures: new Set(ALL_FIGURES),
    quick: false,
    durationS: 4,
    warmupS: 2,
    rounds: 5,
    connections: 50,
    pin: true,
    loadRequests: 1_000_000,
    owners: [10_000, 100_000],
    coldRuns: 3,
    worldsDir: "bench/worlds",
    readme: false,
  };
  const explicit = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [
      arg,
      undefined,
    ];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    const positive = () => {
      const v = value();
      if (!/^\d+$/.test(v) || Number(v) < 1) throw new UsageError(`${flag} must be a positive integer, got '${v}'`);
      return Number(v);
    };
    explicit.add(flag);
    switch (flag) {
      case "--only": {
        const wanted = new Set<string>();
        for (const name of value().split(",").map((s) => s.trim()).filter(Boolean)) {
          const ids = GROUPS[name] ?? (ALL_FIGURES.includes(name) ? [name] : undefined);
          if (!ids) {
            throw new UsageError(
              `unknown figure or group '${name}' (groups: ${Object.keys(GROUPS).join(", ")}; figures: ${
                ALL_FIGURES.join(", ")
              })`,
            );
          }
          ids.forEach((id) => wanted.add(id));
        }
        options.figures = wanted;
        break;
      }
      case "--quick":
        options.quick = true;
        break;
      case "--duration-s":
        options.durationS = positive();
        break;
      case "--rounds":
        options.rounds = positive();
        break;
      case "--connections":
        options.connections = positive();
        break;
      case "--no-pin":
        options.pin = false;
        break;
      case "--load-requests":
        options.loadRequests = positive();
        break;
      case "--owners":
        options.owners = value().split(",").map((s) => {
          if (!/^\d+$/.test(s.trim()) || Number(s) < 1) throw new UsageError(`--owners takes positive integers`);
          return Number(s);
        });
        break;
      case "--cold-runs":
        options.coldRuns = positive();
        break;
      case "--worlds-dir":
        options.worldsDir = value();
        break;
      case "--out":
        options.out = value();
        break;
      case "--readme":
        options.readme = true;
        break;
      case "-h":
      case "--help":
        return "help";
      default:
        throw new UsageError(`unknown argument '${arg}'`);
    }
  }
  if (options.quick) {
    // Quick mode shortens whatever was not given explicitly.
    if (!explicit.has("--duration-s")) options.durationS = 2;
    options.warmupS = 1;
    if (!explicit.has("--load-requests")) options.loadRequests = 100_000;
    if (!explicit.has("--owners")) options.owners = [10_000];
    if (!explicit.has("--cold-runs")) options.coldRuns = 1;
  }
  return options;
}
