/**
 * Where the processes of a throughput figure run: the load generator on the machine's last core, the servers under
 * test (service and baselines) on the others, each started through `taskset` (util-linux).
 *
 * Why: on this 2-core machine, left to the scheduler, wrk and the server under test share one core for spells of
 * one to a few seconds, then run on separate cores again. Measured 2026-11-28 (a bare app, 1 s wrk runs in a row,
 * nothing else running): 29,000–32,000 requests/s while they shared a core, 50,000–52,000 while they did not, the
 * spell changing every few runs. A 10 s run's mean is then mostly the share of its seconds spent sharing, which
 * differs between the service's runs and the baseline's, so the same build's ratios spread by ±0.15 from run to run.
 * With wrk pinned to one core and the server to the other, twelve 1 s runs read 52,000–54,600.
 *
 * Pinned, a server has a core of its own and no share of the load generator's, so a ratio is the ratio of the two
 * servers' CPU time per request; unpinned, the time wrk takes from the server's core is common to both sides and
 * pulls every ratio toward 1. `--no-pin` measures the unpinned way (the way the issue's figures were taken).
 */

/** The CPU lists given to `taskset -c`: one for the load generator, one for the servers. */
export interface CorePlan {
  loadGenerator: string;
  servers: string;
}

/**
 * The plan on a machine of `cores` cores: none when pinning is not wanted, `taskset` is missing or the machine has
 * a single core (the load generator would then have none of its own).
 */
export function planCores(cores: number, wanted: boolean, tasksetAvailable: boolean): CorePlan | undefined {
  if (!wanted || !tasksetAvailable || !Number.isInteger(cores) || cores < 2) return undefined;
  const last = cores - 1;
  return { loadGenerator: String(last), servers: last === 1 ? "0" : `0-${last - 1}` };
}

/**
 * `command args` started on `cpus`, or as it is. `taskset` sets the CPUs and then becomes the command (exec), so the
 * process started is the command's: its pid, CPU time and memory are the command's own.
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
export function describeCores(plan: CorePlan | undefined): string {
  return plan === undefined
    ? "not pinned (the scheduler places every process)"
    : `load generator pinned to CPU ${plan.loadGenerator}, servers to CPU ${plan.servers}`;
}
