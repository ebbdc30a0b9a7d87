/**
 * Where the processes of a measurement run: the load generator pinned to the machine's last core, started through
 * `taskset` (util-linux); each server under test (service and baselines) with its main thread, the one that serves
 * requests, pinned to the first core once it answers, and its other threads (V8's helpers) left to the scheduler.
 *
 * Why the load generator: on this 2-core machine, left to the scheduler, wrk and the server under test share one core
 * for spells of one to a few seconds. Measured 2026-11-28 (a bare app, 1 s wrk runs in a row, nothing else running):
 * 29,000–32,000 requests/s while they shared a core, 50,000–52,000 while they did not, the spell changing every few
 * runs, so the same build's ratios spread by ±0.15 from run to run. With wrk pinned, twelve 1 s runs read
 * 49,900–54,600.
 *
 * Why the servers' main threads: pinning wrk alone does not keep a server off its core. A server and wrk that take
 * turns (wrk sends, waits; the server answers, waits) are both woken on the core of whoever woke them, so once the
 * server's main thread lands on wrk's core it can stay there for ten seconds and more: the core is never seen as
 * overloaded, since only one of the two runs at a time. Measured 2026-11-28 09:00 UTC (the service's `GET /health`,
 * 1 s runs, wrk pinned): spells of 30,000 requests/s with the main thread on wrk's core, 54,000–67,000 off it; user
 * and kernel CPU per request both up by 70 % in the spells. Which server the spells caught was chance: the README
 * table of 07:24 UTC read `/health` at 0.64, all five pairs between 0.60 and 0.65 with the service in such a spell.
 * With the main threads pinned, sixteen runs read 52,000–58,000 for the service, 69,000–78,000 for the bare app.
 *
 * Why not the whole server: a server whose work spills onto other threads (the builders use 100–106 % of a core)
 * keeps them free. In the one run made with whole servers pinned to the first core (2026-11-28 06:47 UTC), the v2
 * builders' p99 read 10.5–12.3 ms, against 5.4–9.9 ms unpinned at 04:23 UTC the same day. `taskset -p` sets one
 * thread's CPUs, and a server's helpers are started before it answers, so they keep every core.
 *
 * `--no-pin` measures as every run before 2026-11-28 did.
 */

/** CPU lists given to `taskset`: the load generator's, and the servers' main threads'. */
export interface CorePinning {
  loadGenerator: string;
  serverMainThread: string;
}

/** The pinning, or none when pinning is off or impossible. */
export function corePinning(cores: number, wanted: boolean, tasksetAvailable: boolean): CorePinning | undefined {
  // One core: the load generator would have none of its own.
  if (!wanted || !tasksetAvailable || !Number.isInteger(cores) || cores < 2) return undefined;
  return { loadGenerator: String(cores - 1), serverMainThread: "0" };
}

/**
 * `command args` started on `cpus`, or as it is. `taskset` sets the CPUs and then becomes the command (exec), so the
 * process started is the command's own.
 */
export function onCores(command: string, args: string[], cpus: string | undefined): [string, string[]] {
  return cpus === undefined ? [command, args] : ["taskset", ["-c", cpus, command, ...args]];
}

/**
 * Pins the thread `pid` names (a process's main thread: its id is the process's) to `cpus`; the process's other
 * threads keep theirs. Nothing when `cpus` is undefined.
 */
export async function pinMainThread(pid: number, cpus: string | undefined): Promise<void> {
  if (cpus === undefined) return;
  const out = await new Deno.Command("taskset", { args: ["-p", "-c", cpus, String(pid)], stdout: "null" }).output();
  if (!out.success) throw new Error(`taskset -p -c ${cpus} ${pid}: ${new TextDecoder().decode(out.stderr).trim()}`);
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

/** The pinning in words, for the result file and the tables' heading. */
export function describeCores(pinning: CorePinning | undefined): string {
  return pinning === undefined
    ? "not pinned (the scheduler places every process)"
    : `load generator pinned to CPU ${pinning.loadGenerator}, servers' main threads to CPU ${pinning.serverMainThread}`;
}
