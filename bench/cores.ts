/**
 * Where the load generator runs: pinned to the machine's last core through `taskset` (util-linux); the servers under
 * test (service and baselines) are left to the scheduler.
 *
 * Why: on this 2-core machine, left to the scheduler, wrk and the server under test share one core for spells of
 * one to a few seconds, then run on separate cores again. Measured 2026-11-28 (a bare app, 1 s wrk runs in a row,
 * nothing else running): 29,000–32,000 requests/s while they shared a core, 50,000–52,000 while they did not, the
 * spell changing every few runs. A 10 s run's mean is then mostly the share of its seconds spent sharing, which
 * differs between the service's runs and the baseline's, so the same build's ratios spread by ±0.15 from run to run.
 * With wrk pinned to the last core, twelve 1 s runs read 49,900–54,600: the scheduler keeps the busy server off the
 * core wrk holds.
 *
 * The servers are not pinned: a server whose work spills onto a second thread (the builders use 100–106 % of a
 * core) keeps it. In the one run made with the servers pinned to the other core (2026-11-28 06:47 UTC), the v2
 * builders' p99 read 10.5–12.3 ms, against 5.4–9.9 ms unpinned at 04:23 UTC the same day.
 * `--no-pin` measures as every run before 2026-11-28 did.
 */

/** The CPU list given to `taskset -c` for the load generator, or none when pinning is off or impossible. */
export function planCores(cores: number, wanted: boolean, tasksetAvailable: boolean): string | undefined {
  // One core: the load generator would have none of its own.
  if (!wanted || !tasksetAvailable || !Number.isInteger(cores) || cores < 2) return undefined;
  return String(cores - 1);
}

/**
 * `command args` started on `cpus`, or as it is. `taskset` sets the CPUs and then becomes the command (exec), so the
 * process started is the command's own.
 */
export function onCores(command: string, args: string[], cpus: string | undefined): [string, string[]] {
  return cpus === undefined ? [command, args] : ["taskset", ["-c", cpus, command, ...args]];
}

/** Whether `taskset` can be run here. */
export async function tasksetAvailable(): Promise<boolean> {
  try {
    const out = await new Deno.Command("taskset", { args: ["-c", "0", "true"], stdout: "null", stderr: "null" })
      .output();
    return out.success;
  } catch {
    return false;
  }
}

/** The plan in words, for the result file and the tables' heading. */
export function describeCores(loadGeneratorCpus: string | undefined): string {
  return loadGeneratorCpus === undefined
    ? "not pinned (the scheduler places every process)"
    : `load generator pinned to CPU ${loadGeneratorCpus}, servers left to the scheduler`;
}
