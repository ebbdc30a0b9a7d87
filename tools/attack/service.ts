/**
 * The service under attack, as its own process: `src/main.ts` run by this Deno binary with the start task's flags, on a
 * free loopback port, replaying the embedded world. The environment is not inherited beyond what Deno needs to find
 * its cache, so a variable set in the caller's shell (a rate limit, a Redis URL) cannot change what is measured.
 * Its log lines are read as they come (a full pipe would stall the process) and only counted, with a short tail kept
 * to explain a failure.
 */
import { freePort } from "./sockets.ts";
import { httpGet } from "./probe.ts";

/** The repository root: the service runs from it, as `deno task start` does. */
export const ROOT = new URL("../../", import.meta.url).pathname;

/** What Deno needs to find its cache and the npm registry; nothing the service reads. */
const INHERITED = ["PATH", "HOME", "DENO_DIR", "XDG_CACHE_HOME", "TMPDIR", "NPM_CONFIG_REGISTRY"];

/** The start task's flags (deno.json), so the process runs as `deno task start` runs it. */
const RUN_ARGS = ["run", "--allow-all", "--v8-flags=--no-allocation-site-pretenuring", "src/main.ts"];

export interface ServiceOptions {
  /** The service's configuration (PORT, HOST and METRICS_PORT are set here). */
  env: Record<string, string>;
  /** RLIMIT_NOFILE, soft and hard, for the process (`ulimit -n` in a shell that then becomes the service). */
  fileLimit?: number;
  readyTimeoutMs: number;
}

/** Log lines of the service, counted by what a scenario judges. */
export interface LogCounts {
  lines: number;
  /** Lines at `"level":"error"`. */
  errors: number;
  /** Lines that are or hold a stack trace (`    at …`, a JSON `stack` field) or an uncaught error. */
  stack: number;
  /** Request lines answered 500. */
  status500: number;
}

export interface StopReport {
  /** The process had exited before it was asked to. */
  diedBefore: boolean;
  /** From SIGTERM to the exit; null when it had to be killed (or was already gone). */
  sigtermExitMs: number | null;
  exitCode: number;
  signal: string | null;
  killed: boolean;
}

/** Every service process started and not yet exited, so an interrupted harness can still end them. */
const running = new Set<ServiceProcess>();

/** SIGKILLs every service process still running (synchronous: usable from an `unload` or signal handler). */
export function killRunningServices(): void {
  for (const service of running) {
    try {
      Deno.kill(service.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

export class ServiceProcess {
  readonly #child: Deno.ChildProcess;
  readonly #tail: string[] = [];
  readonly #examples: string[] = [];
  #exited: Deno.CommandStatus | undefined;
  readonly logs: LogCounts = { lines: 0, errors: 0, stack: 0, status500: 0 };
  /** The service logged its shutdown (it does on the first SIGTERM or SIGINT, whoever sent it). */
  shutdownLogged = false;
  readonly status: Promise<Deno.CommandStatus>;

  private constructor(child: Deno.ChildProcess, readonly port: number, readonly metricsPort: number) {
    this.#child = child;
    running.add(this);
    this.status = child.status.then((status) => {
      running.delete(this);
      return this.#exited = status;
    });
    this.#readLines(child.stdout);
    this.#readLines(child.stderr);
  }

  static spawn(options: ServiceOptions): ServiceProcess {
    const port = freePort();
    const metricsPort = freePort();
    const env: Record<string, string> = {};
    for (const name of INHERITED) {
      const value = Deno.env.get(name);
      if (value !== undefined) env[name] = value;
    }
    Object.assign(env, { NO_COLOR: "1" }, options.env, {
      HOST: "127.0.0.1",
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
    });
    // `ulimit -n` sets the soft and the hard limit: the service may raise its soft limit at start, never past the hard.
    const command = options.fileLimit === undefined
      ? new Deno.Command(Deno.execPath(), { args: RUN_ARGS, cwd: ROOT, env, clearEnv: true, ...PIPES })
      : new Deno.Command("bash", {
        args: ["-c", `ulimit -n ${options.fileLimit} && exec "$0" "$@"`, Deno.execPath(), ...RUN_ARGS],
        cwd: ROOT,
        env,
        clearEnv: true,
        ...PIPES,
      });
    return new ServiceProcess(command.spawn(), port, metricsPort);
  }

  /** Starts the service and waits for `/v2/health` to answer 200; throws (with the process stopped) otherwise. */
  static async start(options: ServiceOptions): Promise<ServiceProcess> {
    const service = ServiceProcess.spawn(options);
    const deadline = performance.now() + options.readyTimeoutMs;
    while (performance.now() < deadline) {
      if (!service.alive) break;
      const answer = await httpGet(service.port, "/v2/health", { timeoutMs: 1_000 });
      if (answer.status === 200) return service;
      await sleep(50);
    }
    const stop = await service.stop(5_000);
    const why = stop.diedBefore
      ? `the process exited (code ${stop.exitCode}, signal ${stop.signal})`
      : `no 200 from /v2/health within ${options.readyTimeoutMs} ms`;
    throw new Error(`${why}: ${service.tail()}`);
  }

  get pid(): number {
    return this.#child.pid;
  }

  get alive(): boolean {
    return this.#exited === undefined;
  }

  /** Resident set size now, MiB (VmRSS); 0 once the process is gone. */
  rssMiB(): number {
    return procStatusKiB(this.pid, "VmRSS") / 1024;
  }

  /** Open file descriptors of the process now (0 once it is gone). */
  openFiles(): number {
    try {
      let count = 0;
      for (const _ of Deno.readDirSync(`/proc/${this.pid}/fd`)) count++;
      return count;
    } catch {
      return 0;
    }
  }

  /** The last lines the process wrote (stdout and stderr), to explain a failure. */
  tail(lines = 8): string {
    return this.#tail.slice(-lines).join("\n");
  }

  /** The first error and stack lines seen (at most a few). */
  errorExamples(): string[] {
    return [...this.#examples];
  }

  /**
   * SIGTERM, then waits `deadlineMs` for the exit; past it, SIGKILL. Measures the time to exit and the exit code.
   */
  async stop(deadlineMs: number): Promise<StopReport> {
    if (this.#exited) {
      return {
        diedBefore: true,
        sigtermExitMs: null,
        exitCode: this.#exited.code,
        signal: this.#exited.signal,
        killed: false,
      };
    }
    const signalledAt = performance.now();
    this.#signal("SIGTERM");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ended = await Promise.race([
      this.status.then(() => true),
      new Promise<false>((resolve) => timer = setTimeout(() => resolve(false), deadlineMs)),
    ]);
    clearTimeout(timer);
    const sigtermExitMs = ended ? Math.round(performance.now() - signalledAt) : null;
    if (!ended) this.#signal("SIGKILL");
    const status = await this.status;
    return { diedBefore: false, sigtermExitMs, exitCode: status.code, signal: status.signal, killed: !ended };
  }

  #signal(signal: Deno.Signal): void {
    try {
      this.#child.kill(signal);
    } catch {
      // already gone
    }
  }

  async #readLines(stream: ReadableStream<Uint8Array>): Promise<void> {
    let pending = "";
    try {
      for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
        const lines = (pending + chunk).split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) this.#count(line);
        // A line without an end is still bounded: the tail keeps its start.
        if (pending.length > 64 * 1024) pending = pending.slice(0, 64 * 1024);
      }
    } catch {
      // the process is gone
    }
    if (pending) this.#count(pending);
  }

  #count(line: string): void {
    this.logs.lines++;
    if (line.includes('"msg":"shutting down"')) this.shutdownLogged = true;
    const error = line.includes('"level":"error"');
    const stack = /^\s+at |\\n\s+at |"stack":|\b(Uncaught|panicked)\b/.test(line);
    if (error) this.logs.errors++;
    if (stack) this.logs.stack++;
    if (line.includes('"status":500')) this.logs.status500++;
    if ((error || stack) && this.#examples.length < 3) this.#examples.push(line.slice(0, 300));
    // deno-lint-ignore no-control-regex
    this.#tail.push(line.replace(/\x1b\[[0-9;]*m/g, "").slice(0, 500));
    if (this.#tail.length > 40) this.#tail.shift();
  }
}

const PIPES = { stdin: "null", stdout: "piped", stderr: "piped" } as const;

function procStatusKiB(pid: number, field: string): number {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * The process's RSS sampled every `periodMs` until `stop()`: the high-water mark while a scenario runs (VmHWM would
 * include the boot's own peak).
 */
export class RssSampler {
  #peak = 0;
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(private readonly service: ServiceProcess, periodMs = 100) {
    this.sample();
    this.#timer = setInterval(() => this.sample(), periodMs);
  }

  /** Takes one reading now (scenarios call it at the moments they want counted); returns it. */
  sample(): number {
    const rss = this.service.rssMiB();
    if (rss > this.#peak) this.#peak = rss;
    return rss;
  }

  get peak(): number {
    return this.#peak;
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
