/**
 * The processes a bench measures: the service as `deno task start` runs it (the start task's own `deno run` command
 * and flags, read from deno.json, with the full edge and middleware stack and the default log level; only the rate limit is
 * off), and the bare Hono baseline (bench/baseline-server.ts) serving the same answer bytes. Each is its own process,
 * as is the load generator, so none of them shares an event loop with another.
 */

/** The `deno run …` arguments of the start task (`deno install … && deno run --allow-all … src/main.ts`). */
export function startTaskArgs(denoJson: { tasks?: Record<string, string | { command: string }> }): string[] {
  const task = denoJson.tasks?.start;
  const command = typeof task === "string" ? task : task?.command;
  if (!command) throw new Error("deno.json has no start task");
  const last = command.split("&&").at(-1)!.trim().split(/\s+/);
  if (last[0] !== "deno" || last[1] !== "run") throw new Error(`the start task does not end in 'deno run': ${command}`);
  return last.slice(1);
}

export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** Resident set size (VmRSS) and its high-water mark (VmHWM) of a process, MiB; zeros once it is gone. */
export function memoryMiB(pid: number): { rss: number; peak: number } {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/** The 1-minute load average. */
export function loadAverage(): number[] {
  try {
    return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).map(Number);
  } catch {
    return [0, 0, 0];
  }
}

/** The machine's CPU time so far (/proc/stat, all cores, in clock ticks): all of it, and what the hypervisor stole. */
export interface CpuTimes {
  total: number;
  steal: number;
}

export function cpuTimes(): CpuTimes {
  try {
    const fields = Deno.readTextFileSync("/proc/stat").split("\n", 1)[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is counted in user already)
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch {
    return { total: 0, steal: 0 };
  }
}

/**
 * The share of the machine's CPU time the hypervisor took between two readings, percent (undefined where nothing was
 * counted): on a shared virtual machine, a figure measured while it was high is disturbed, whatever the load average.
 */
export function stealPercent(before: CpuTimes, after: CpuTimes): number | undefined {
  const total = after.total - before.total;
  return total > 0 ? (100 * (after.steal - before.steal)) / total : undefined;
}

export interface ServerProcess {
  base: string;
  pid: number;
  /** The last lines the process wrote on stderr (to explain a failure). */
  stderrTail(): string;
  stop(): Promise<void>;
}

function spawn(args: string[], env: Record<string, string>, port: number): ServerProcess {
  const child = new Deno.Command(Deno.execPath(), {
    args,
    env,
    // Logs go nowhere at the OS level: the service still builds and writes every line, as it does in production.
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let tail = "";
  (async () => {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) tail = (tail + chunk).slice(-4096);
  })().catch(() => {});
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stderrTail: () => tail,
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch {
        // already gone
      }
      await child.status;
    },
  };
}

/** Polls `url` until it answers 200 (or the process exits, or `timeoutMs` passes). */
export async function waitUntilAnswering(server: ServerProcess, path: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      const response = await fetch(server.base + path);
      await response.body?.cancel();
      if (response.ok) return (performance.now() - started) / 1000;
    } catch {
      // not listening yet
    }
    if (memoryMiB(server.pid).rss === 0) throw new Error(`the process exited:\n${server.stderrTail()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${server.base}${path} not answering after ${timeoutMs} ms:\n${server.stderrTail()}`);
}

export interface ServiceOptions {
  /** The recording to replay in the process (REPLAY_DIR). */
  replayDir: string;
  /** More environment (e.g. REPLAY_LOOP). */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

/** The service as `deno task start` runs it, on a free port, rate limit off; resolves once /v2/health answers. */
export async function startService(options: ServiceOptions): Promise<ServerProcess> {
  const denoJson = JSON.parse(await Deno.readTextFile("deno.json"));
  const port = freePort();
  const server = spawn(startTaskArgs(denoJson), {
    ...Deno.env.toObject(),
    PORT: String(port),
    HOST: "127.0.0.1",
    RATE_LIMIT_RPS: "0",
    REPLAY_DIR: options.replayDir,
    ...options.env,
  }, port);
  try {
    await waitUntilAnswering(server, "/v2/health", options.readyTimeoutMs ?? 120_000);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** One route the baseline serves: the service's answer to it, as bytes. */
export interface BaselineRoute {
  method: "GET" | "POST";
  path: string;
  contentType: string;
  bodyBase64: string;
}

/**
 * The bare Hono baseline (bench/baseline-server.ts) serving `routes`, `labelled` with the headers every service
 * answer carries or not; resolves once it listens.
 */
export async function startBaseline(routes: BaselineRoute[], labelled = false): Promise<ServerProcess> {
  const file = await Deno.makeTempFile({ suffix: ".json" });
  await Deno.writeTextFile(file, JSON.stringify(routes));
  const port = freePort();
  const args = ["run", "--allow-read", "--allow-net", "bench/baseline-server.ts", file, String(port)];
  const server = spawn(labelled ? [...args, "labelled"] : args, Deno.env.toObject(), port);
  try {
    await waitUntilAnswering(server, "/__ready", 30_000);
  } catch (error) {
    await server.stop();
    throw error;
  } finally {
    await Deno.remove(file).catch(() => {});
  }
  return server;
}
