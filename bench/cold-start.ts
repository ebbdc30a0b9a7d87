/**
 * Cold start to ready on generated worlds: the service is started as `deno task start` runs it, on a recording of
 * N owners, and "ready" is the first moment it answers /v2/health (main.ts listens only after the first full load).
 * Peak RSS is the process's high-water mark (VmHWM), read from /proc while it starts. Two ways:
 * - `embedded`: the replay in the service process (the default way to run; the figure includes the recording the
 *   replay holds);
 * - `live`: the recording served by tools/replay-serve.ts in another process and the service in live mode, which is
 *   what the service itself costs when it ingests that much state from real endpoints.
 * Worlds are generated once (tools/fixtures.ts) into the worlds directory and reused.
 */
import { freePort, loadAverage, memoryMiB, startTaskArgs } from "./processes.ts";
import { spawnReplayServe } from "../tools/replay-serve-process.ts";
import { type ColdStartFigure, median } from "./results.ts";

/** Issue 13 item 2: ready in < 5 s with < 600 MiB peak RSS at 100,000 owners, replay in the process too. */
const TARGET_OWNERS = 100_000;
const TARGET = { maxSeconds: 5, maxPeakRssMiB: 600, source: "13.2" };

/** One cold start: seconds until ready, peak RSS, and the account counts the ready service reported. */
export interface ColdStartRun {
  seconds: number;
  peakRssMiB: number;
  accounts: ColdStartFigure["accounts"];
  loadavg: [number, number];
}

export async function measureColdStart(
  worldDir: string,
  mode: "embedded" | "live",
  timeoutMs = 900_000,
): Promise<ColdStartRun> {
  const loadBefore = loadAverage()[0];
  const port = freePort();
  // The service under test runs in live mode, on the wall clock: prices stamped as published now.
  const replay = mode === "live"
    ? await spawnReplayServe(["--dir", worldDir, "--no-loop", "--oracle-time", "wall"], "inherit")
    : undefined;
  const env: Record<string, string> = { PORT: String(port), HOST: "127.0.0.1", RATE_LIMIT_RPS: "0" };
  if (replay) {
    Object.assign(env, replay.endpoints, {
      ORACLE_TOKEN: "bench",
      POOL_CONFIG_V2: `${worldDir}/pool-config.v2.json`,
      POOL_CONFIG_EARLIER: `${worldDir}/pool-config.earlier.json`,
    });
  } else Object.assign(env, { REPLAY_DIR: worldDir, REPLAY_LOOP: "false" });
  const args = startTaskArgs(JSON.parse(await Deno.readTextFile("deno.json")));
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), { args, env, stdout: "null", stderr: "inherit" }).spawn();
  let peak = 0;
  try {
    while (performance.now() - started < timeoutMs) {
      const memory = memoryMiB(child.pid);
      if (memory.rss === 0) throw new Error("the service exited before it was ready");
      peak = Math.max(peak, memory.peak);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/v2/health`);
        const body = await response.json();
        const seconds = (performance.now() - started) / 1000;
        peak = Math.max(peak, memoryMiB(child.pid).peak);
        return { seconds, peakRssMiB: peak, accounts: body.accounts, loadavg: [loadBefore, loadAverage()[0]] };
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error(`service not ready after ${timeoutMs} ms`);
  } finally {
    child.kill("SIGTERM");
    await child.status;
    if (replay) {
      await replay.stop();
    }
  }
}

/** The figure of `owners` started `mode`'s way, from its runs (at least one): medians, and the target on them. */
export function coldStartFigure(owners: number, mode: "embedded" | "live", runs: ColdStartRun[]): ColdStartFigure {
  const seconds = median(runs.map((run) => run.seconds));
  const peakRssMiB = median(runs.map((run) => run.peakRssMiB));
  const where = mode === "live" ? "endpoints in another process" : "replay in the process";
  const met = seconds < TARGET.maxSeconds && peakRssMiB < TARGET.maxPeakRssMiB;
  return {
    kind: "cold-start",
    id: `cold-start-${owners}-${mode}`,
    label: `${owners.toLocaleString("en-US")} owners, ${where}`,
    owners,
    mode,
    seconds,
    peakRssMiB,
    runs: runs.map((run) => ({ seconds: run.seconds, peakRssMiB: run.peakRssMiB })),
    accounts: runs[runs.length - 1].accounts,
    target: owners === TARGET_OWNERS ? { ...TARGET, met } : undefined,
    loadavg: [runs[0].loadavg[0], runs[runs.length - 1].loadavg[1]],
  };
}
