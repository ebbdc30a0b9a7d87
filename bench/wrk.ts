/**
 * The load generator: Debian's `wrk` (C, event-driven), run as its own process for every measurement. It costs the
 * machine far less CPU per request than a JavaScript client would, so on 2 cores the server under test keeps most
 * of a core, and it reports latency percentiles from an HDR histogram. Requests with a body, and the load run's
 * rotation over several routes, are given to it as a Lua script.
 */
import type { Run } from "./results.ts";
import { onCores } from "./cores.ts";

export interface BenchRequest {
  method: "GET" | "POST";
  path: string;
  /** JSON body of a POST. */
  body?: string;
}

export interface WrkOptions {
  /** Base URL, e.g. http://127.0.0.1:8080 */
  base: string;
  /** One request, or several sent in turn (round robin over every connection's requests). */
  requests: BenchRequest[];
  durationS: number;
  connections: number;
  /** wrk threads (default 1: the server under test keeps the other core). */
  threads?: number;
  /** A server pid whose CPU use during the run is reported. */
  serverPid?: number;
  /** The CPUs wrk runs on (cores.ts), or wherever the scheduler puts it. */
  cpus?: string;
}

/** A Lua long string that cannot be closed by the text it holds. */
function luaString(text: string): string {
  let level = 1;
  while (text.includes(`]${"=".repeat(level)}]`)) level++;
  const eq = "=".repeat(level);
  return `[${eq}[${text}]${eq}]`;
}

/** The Lua script that makes wrk send `requests` (undefined for a lone GET, which needs none). */
export function wrkScript(requests: BenchRequest[]): string | undefined {
  if (requests.length === 0) throw new Error("no request to send");
  const format = (r: BenchRequest) =>
    r.body === undefined
      ? `wrk.format(${luaString(r.method)}, ${luaString(r.path)})`
      : `wrk.format(${luaString(r.method)}, ${luaString(r.path)}, {["Content-Type"] = "application/json"}, ${
        luaString(r.body)
      })`;
  if (requests.length === 1) {
    const [only] = requests;
    if (only.method === "GET" && only.body === undefined) return undefined;
    return [
      `wrk.method = ${luaString(only.method)}`,
      `wrk.path = ${luaString(only.path)}`,
      ...(only.body === undefined ? [] : [
        `wrk.body = ${luaString(only.body)}`,
        `wrk.headers["Content-Type"] = "application/json"`,
      ]),
      "",
    ].join("\n");
  }
  return [
    "local requests",
    "local n = 0",
    `function init(args)`,
    `  requests = { ${requests.map(format).join(", ")} }`,
    `end`,
    `function request()`,
    `  n = n % #requests + 1`,
    `  return requests[n]`,
    `end`,
    "",
  ].join("\n");
}

const UNIT_MS: Record<string, number> = { us: 1e-3, ms: 1, s: 1000, m: 60_000 };

function durationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!match) throw new Error(`unreadable wrk duration '${text}'`);
  return Number(match[1]) * UNIT_MS[match[2]];
}

/** Reads wrk's report (`--latency`): requests/s, p50, p99, request count, non-2xx answers and socket errors. */
export function parseWrkOutput(text: string): Omit<Run, "serverCpuPct"> {
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(text);
  const p50 = /^\s+50%\s+(\S+)/m.exec(text);
  const p99 = /^\s+99%\s+(\S+)/m.exec(text);
  const requests = /^\s+(\d+) requests in /m.exec(text);
  if (!rps || !p50 || !p99 || !requests) throw new Error(`unreadable wrk report:\n${text}`);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(text);
  const sockets = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  return {
    rps: Number(rps[1]),
    p50Ms: durationMs(p50[1]),
    p99Ms: durationMs(p99[1]),
    requests: Number(requests[1]),
    non2xx: non2xx ? Number(non2xx[1]) : 0,
    socketErrors: sockets ? sockets.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc; undefined when unreadable. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return undefined;
  }
}

export async function wrkVersion(): Promise<string> {
  try {
    const out = await new Deno.Command("wrk", { args: ["-v"], stdout: "piped", stderr: "piped" }).output();
    const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    return /wrk [\d.]+\S*/.exec(text)?.[0] ?? "wrk";
  } catch {
    throw new Error("the bench needs wrk (Debian: apt-get install -y wrk)");
  }
}

/** Runs wrk once; a run with any non-2xx answer or socket error is reported as an error. */
export async function runWrk(options: WrkOptions): Promise<Run> {
  const script = wrkScript(options.requests);
  const scriptPath = script === undefined ? undefined : await Deno.makeTempFile({ suffix: ".lua" });
  try {
    if (scriptPath) await Deno.writeTextFile(scriptPath, script!);
    const path = options.requests.length === 1 ? options.requests[0].path : "/";
    const args = [
      `-t${options.threads ?? 1}`,
      `-c${options.connections}`,
      `-d${options.durationS}s`,
      "--latency",
      ...(scriptPath ? ["-s", scriptPath] : []),
      options.base + path,
    ];
    const cpuBefore = options.serverPid ? cpuSeconds(options.serverPid) : undefined;
    const started = performance.now();
    const [command, commandArgs] = onCores("wrk", args, options.cpus);
    const out = await new Deno.Command(command, { args: commandArgs, stdout: "piped", stderr: "piped" }).output();
    const wallS = (performance.now() - started) / 1000;
    const cpuAfter = options.serverPid ? cpuSeconds(options.serverPid) : undefined;
    const text = new TextDecoder().decode(out.stdout);
    if (!out.success) throw new Error(`wrk failed: ${new TextDecoder().decode(out.stderr)}\n${text}`);
    const run: Run = parseWrkOutput(text);
    if (cpuBefore !== undefined && cpuAfter !== undefined) run.serverCpuPct = (100 * (cpuAfter - cpuBefore)) / wallS;
    if (run.non2xx > 0 || run.socketErrors > 0) {
      throw new Error(
        `${options.base}${path}: ${run.non2xx} non-2xx answers and ${run.socketErrors} socket errors in ` +
          `${run.requests} requests`,
      );
    }
    return run;
  } finally {
    if (scriptPath) await Deno.remove(scriptPath).catch(() => {});
  }
}
