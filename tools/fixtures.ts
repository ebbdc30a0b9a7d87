/**
 * Generates the embedded world (recording, deployment configurations, manifest).
 *
 *   deno run -A tools/fixtures.ts [--seed N] [--owners N] [--duration-s N] [--out DIR] [--no-gzip] [--binary-accounts]
 *
 * Defaults: seed 1, 40 owners, 180 s, out `fixtures/world` (the committed world). Large worlds
 * (`--owners 100000 --out /tmp/world-100k`) stream to disk and are for benchmarks only; don't commit them.
 * `--binary-accounts` writes the initial accounts in the binary form (`*.accounts.bin`, see fixtures/README.md), which
 * a large world's replay reads several times faster; the benchmarks' worlds use it.
 */
import { generateWorld, type WorldProgress } from "./world/mod.ts";

const USAGE = "usage: deno run -A tools/fixtures.ts [--seed N] [--owners N] [--duration-s N] [--out DIR] [--no-gzip] " +
  "[--binary-accounts] [--quiet]";

export interface FixturesArgs {
  seed: number;
  owners: number;
  durationS: number;
  out: string;
  gzip: boolean;
  binaryAccounts: boolean;
  quiet: boolean;
}

export function parseArgs(argv: string[]): FixturesArgs {
  const args: FixturesArgs = {
    seed: 1,
    owners: 40,
    durationS: 180,
    out: "fixtures/world",
    gzip: true,
    binaryAccounts: false,
    quiet: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    const int = (name: string, min: number) => {
      const v = value();
      if (!/^\d+$/.test(v) || Number(v) < min) throw new Error(`${name} must be an integer ≥ ${min}, got '${v}'`);
      return Number(v);
    };
    switch (flag) {
      case "--seed":
        args.seed = int("--seed", 0);
        break;
      case "--owners":
        args.owners = int("--owners", 0);
        break;
      case "--duration-s":
        args.durationS = int("--duration-s", 1);
        break;
      case "--out":
        args.out = value();
        break;
      case "--no-gzip":
        args.gzip = false;
        break;
      case "--binary-accounts":
        args.binaryAccounts = true;
        break;
      case "--quiet":
        args.quiet = true;
        break;
      case "-h":
      case "--help":
        throw new Error(USAGE);
      default:
        throw new Error(`unknown argument '${a}'\n${USAGE}`);
    }
  }
  return args;
}

function fmtBytes(n: number): string {
  return n >= 1 << 20 ? `${(n / (1 << 20)).toFixed(2)} MiB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${n} B`;
}

async function main() {
  let args: FixturesArgs;
  try {
    args = parseArgs(Deno.args);
  } catch (err) {
    console.error((err as Error).message);
    Deno.exit(2);
  }
  const t0 = performance.now();
  const log = (s: string) => !args.quiet && console.error(s);
  log(`generating world: seed ${args.seed}, ${args.owners} owners, ${args.durationS} s → ${args.out}`);
  const defaults = parseArgs([]);
  if (
    args.out === defaults.out &&
    (args.seed !== defaults.seed || args.owners !== defaults.owners || args.durationS !== defaults.durationS ||
      args.gzip !== defaults.gzip || args.binaryAccounts !== defaults.binaryAccounts)
  ) {
    log(`warning: this replaces the committed world in ${args.out} with a non-default one (use --out for experiments)`);
  }
  const onProgress = (p: WorldProgress) => {
    const s = ((performance.now() - t0) / 1000).toFixed(1);
    if (p.stage === "owners") log(`  [${s}s] owners ${p.done}/${p.total}`);
    else if (p.stage !== "done") log(`  [${s}s] ${p.stage} (${p.done})`);
  };
  const summary = await generateWorld({
    outDir: args.out,
    seed: args.seed,
    owners: args.owners,
    durationS: args.durationS,
    gzip: args.gzip,
    binaryAccounts: args.binaryAccounts,
    onProgress,
  });
  const total = summary.files.reduce((a, f) => a + f.bytes, 0);
  log(
    `done in ${
      ((performance.now() - t0) / 1000).toFixed(1)
    } s: initial accounts base ${summary.initialAccounts.base}, ` +
      `er ${summary.initialAccounts.er}; updates base ${summary.updates.base}, er ${summary.updates.er}; ` +
      `${summary.oracleFrames} oracle frames; ${fmtBytes(total)}`,
  );
  for (const f of summary.files) log(`  ${f.name.padEnd(28)} ${fmtBytes(f.bytes)}`);
}

if (import.meta.main) await main();
