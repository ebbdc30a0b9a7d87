/**
 * `deno task bench:ws`: an owner stream under 1,000 and 10,000 clients, each a distinct owner in a generated world
 * (bench/worlds/, not committed) with something for the stream to send, at the default interval: the v2 basket stream
 * by default, the earlier interface's owner stream with `--stream earlier` (bench/ws-streams.ts; about 7,800 of the
 * world's owners hold earlier-interface positions, so `--clients 1000,7000` there). Honest setup: the service runs as
 * its own process (bench/ws-server.ts: full middleware, realtime replay of the world with oracle frames every 200 ms),
 * the clients in separate load-generator processes (bench/ws-load.ts), all on loopback.
 *
 * Reported per run: connect success, periodic messages (`metrics`, `positions`) delivered per second, tick-to-receive
 * latency p50/p99 (receive time minus the time the message's tick was due), lost messages (due ticks that never
 * arrived), late ones (over 100 ms, and over one interval), server RSS and CPU over the window (read from /proc), the
 * load generators' CPU, and the server's own tick work. Figures only: nothing here fails on them. On a shared 2-core machine the load
 * generators compete with the server for the CPU; read the figures with that in mind.
 *
 * Options: --clients 1000,10000  --interval-ms 1000  --window-s 20  --warmup-s 5  --owners 12000
 *          --clients-per-loader 2500  --stream v2|earlier
 * Environment: BENCH_SERVER_V8_FLAGS (default: those of `deno task start`), BENCH_TRACE_MEMORY=1 (the server prints
 * its memory every 2 s on stderr).
 */
import type { ServerTickStats } from "./ws-server.ts";
import { ensureWorld } from "./worlds.ts";
import { freePort, memoryMiB } from "./processes.ts";
import { benchedStream, type ManifestOwner } from "./ws-streams.ts";

function option(name: string, fallback: string): string {
  const index = Deno.args.indexOf(`--${name}`);
  return index >= 0 ? Deno.args[index + 1] : fallback;
}

const clientCounts = option("clients", "1000,10000").split(",").map(Number);
const intervalMs = Number(option("interval-ms", "1000"));
const windowS = Number(option("window-s", "20"));
const warmupS = Number(option("warmup-s", "5"));
const ownerCount = Number(option("owners", "12000"));
const perLoader = Number(option("clients-per-loader", "2500"));
const streamName = option("stream", "v2");
const stream = benchedStream(streamName);
const serverV8Flags = Deno.env.get("BENCH_SERVER_V8_FLAGS") ?? "--no-allocation-site-pretenuring";

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Lines of a child's stdout, one at a time. */
class Lines {
  #reader: ReadableStreamDefaultReader<string>;
  #buffer = "";
  constructor(stream: ReadableStream<Uint8Array>) {
    this.#reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  }
  async next(prefix: string): Promise<string> {
    for (;;) {
      const newline = this.#buffer.indexOf("\n");
      if (newline >= 0) {
        const line = this.#buffer.slice(0, newline);
        this.#buffer = this.#buffer.slice(newline + 1);
        if (line.startsWith(prefix)) return line.slice(prefix.length).trim();
        continue;
      }
      const { value, done } = await this.#reader.read();
      if (done) throw new Error(`the process ended before printing ${prefix}`);
      this.#buffer += value;
    }
  }
}

function procStat(pid: number) {
  const fields = Deno.readTextFileSync(`/proc/${pid}/stat`).split(") ")[1].split(" ");
  const memory = memoryMiB(pid);
  return {
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100,
    rssMiB: memory.rss,
    hwmMiB: memory.peak,
  };
}

function openFileLimit(): number {
  const line = Deno.readTextFileSync("/proc/self/limits").split("\n").find((l) => l.startsWith("Max open files"));
  return Number(line?.split(/\s{2,}/)[1] ?? 0);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

interface LoaderResult {
  sockets: number;
  expected: number;
  received: number;
  lost: number;
  repeats: number;
  closedEarly: number;
  otherMessages: number;
  cpuSeconds: number;
  latencies: number[];
}

async function run(world: string, ownersFile: string, clients: number) {
  const port = freePort();
  const server = new Deno.Command(Deno.execPath(), {
    // The V8 flags of `deno task start` (src/main.ts says why); BENCH_SERVER_V8_FLAGS replaces them for experiments.
    args: ["run", "--allow-all", `--v8-flags=${serverV8Flags}`, "bench/ws-server.ts"],
    env: { REPLAY_DIR: world, PORT: String(port), HOST: "127.0.0.1", REPLAY_LOOP: "true" },
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const serverOut = new Lines(server.stdout);
  const serverIn = server.stdin.getWriter();
  const command = (line: string) => serverIn.write(new TextEncoder().encode(line + "\n"));
  await serverOut.next("READY");
  const idle = procStat(server.pid);

  const loaders = [];
  for (let from = 0; from < clients; from += perLoader) {
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--allow-all",
        "bench/ws-load.ts",
        ...["--base", `http://127.0.0.1:${port}`, "--owners-file", ownersFile],
        ...["--from", String(from), "--to", String(Math.min(clients, from + perLoader))],
        ...["--interval-ms", String(intervalMs), "--stream", streamName],
      ],
      stdin: "piped",
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    loaders.push({ child, out: new Lines(child.stdout), in: child.stdin.getWriter() });
  }
  const connectStarted = now();
  const connected = await Promise.all(loaders.map(async (l) => JSON.parse(await l.out.next("CONNECTED"))));
  const connectS = (now() - connectStarted) / 1000;
  const ok = connected.reduce((n, c) => n + c.ok, 0);
  const failures: Record<string, number> = {};
  for (const c of connected) {
    for (const [why, n] of Object.entries(c.failures)) failures[why] = (failures[why] ?? 0) + Number(n);
  }

  await sleep(warmupS * 1000);
  const t0 = Math.ceil((now() + 1000) / 1000) * 1000;
  const t1 = t0 + windowS * 1000;
  for (const l of loaders) await l.in.write(new TextEncoder().encode(`WINDOW ${t0} ${t1}\n`));
  await sleep(t0 - now());
  await command("RESET");
  const cpuStart = procStat(server.pid).cpuSeconds;
  let rssMax = 0;
  while (now() < t1) {
    rssMax = Math.max(rssMax, procStat(server.pid).rssMiB);
    await sleep(Math.min(1000, t1 - now()));
  }
  const end = procStat(server.pid);
  await command("STATS");
  const ticks: ServerTickStats = JSON.parse(await serverOut.next("{").then((rest) => "{" + rest));
  const results: LoaderResult[] = await Promise.all(loaders.map(async (l) => JSON.parse(await l.out.next("RESULT"))));
  for (const l of loaders) await l.child.status;
  await serverIn.close();
  const exit = await Promise.race([server.status, sleep(15_000).then(() => undefined)]);
  if (!exit) server.kill("SIGKILL");

  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const sum = (key: keyof Omit<LoaderResult, "latencies">) => results.reduce((n, r) => n + r[key], 0);
  const work = [...ticks.workMs].sort((a, b) => a - b);
  const late = [...ticks.startLateMs].sort((a, b) => a - b);
  return {
    clients,
    connected: ok,
    failures,
    connectS,
    framesPerSecond: sum("received") / windowS,
    expectedPerSecond: sum("expected") / windowS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    lost: sum("lost"),
    expected: sum("expected"),
    over100ms: latencies.filter((l) => l > 100).length,
    overInterval: sum("repeats"),
    closedEarly: sum("closedEarly"),
    rssIdleMiB: idle.rssMiB,
    rssMaxMiB: rssMax,
    peakMiB: end.hwmMiB,
    serverCpuPct: ((end.cpuSeconds - cpuStart) / windowS) * 100,
    loaderCpuPct: (sum("cpuSeconds") / windowS) * 100,
    tickWorkP50: percentile(work, 50),
    tickWorkP99: percentile(work, 99),
    tickStartLateP99: percentile(late, 99),
    ticks: ticks.ticks,
    stalls: ticks.stalls,
    heapUsedMiB: (ticks.memory?.heapUsed ?? 0) / 2 ** 20,
    heapTotalMiB: (ticks.memory?.heapTotal ?? 0) / 2 ** 20,
    externalMiB: (ticks.memory?.external ?? 0) / 2 ** 20,
  };
}

const world = `bench/worlds/ws-owners-${ownerCount}`;
await ensureWorld(world, ownerCount, 60, console.log);
const manifest = JSON.parse(await Deno.readTextFile(`${world}/manifest.json`));
const owners: string[] = (manifest.owners as ManifestOwner[]).filter(stream.hasContent).map((o) => o.owner);
const most = Math.max(...clientCounts);
if (owners.length < most) throw new Error(`the world has ${owners.length} ${stream.ownersWithContent}; ${most} needed`);
const ownersFile = await Deno.makeTempFile({ prefix: "ws-bench-owners-", suffix: ".json" });
await Deno.writeTextFile(ownersFile, JSON.stringify(owners));

const limit = openFileLimit();
console.log(
  `open-file limit per process: ${limit}; needed: about ${most + 200} in the server (one per socket plus the ` +
    `replay and runtime), ${perLoader + 100} per load generator (${Math.ceil(most / perLoader)} of them)`,
);
if (limit < most + 200) {
  console.log(`raise it first (ulimit -n ${most + 1000}): the server cannot hold ${most} sockets`);
}
console.log(
  `stream: ${streamName}; world: ${world} (${owners.length} ${stream.ownersWithContent}); interval ${intervalMs} ms; ` +
    `window ${windowS} s`,
);

const rows: string[][] = [[
  "clients",
  "connected",
  "msgs/s (expected)",
  "p50 ms",
  "p99 ms",
  "max ms",
  "lost",
  ">100 ms",
  ">1 interval",
  "server RSS idle/max/peak MiB",
  "server CPU",
  "loaders CPU",
  "tick work p50/p99 ms",
  "tick start late p99 ms",
]];
for (const clients of clientCounts) {
  const r = await run(world, ownersFile, clients);
  const failed = Object.entries(r.failures).map(([why, n]) => `${n} ${why}`).join(", ");
  rows.push([
    String(r.clients),
    `${r.connected}${failed ? ` (${failed})` : ""} in ${r.connectS.toFixed(1)} s`,
    `${r.framesPerSecond.toFixed(0)} (${r.expectedPerSecond.toFixed(0)})`,
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.max.toFixed(1),
    `${r.lost} of ${r.expected}`,
    String(r.over100ms),
    String(r.overInterval),
    `${r.rssIdleMiB.toFixed(0)} / ${r.rssMaxMiB.toFixed(0)} / ${r.peakMiB.toFixed(0)}`,
    `${r.serverCpuPct.toFixed(0)} %`,
    `${r.loaderCpuPct.toFixed(0)} %`,
    `${r.tickWorkP50.toFixed(1)} / ${r.tickWorkP99.toFixed(1)}`,
    r.tickStartLateP99.toFixed(1),
  ]);
  if (r.closedEarly) console.log(`${clients} clients: ${r.closedEarly} sockets closed during the window`);
  const stalled = r.stalls.reduce((n, x) => n + x.ms, 0);
  const onCpu = r.stalls.reduce((n, x) => n + x.cpuMs, 0);
  console.log(
    `${clients} clients: ${r.stalls.length} event-loop stalls over 50 ms in the server (longest ` +
      `${Math.max(0, ...r.stalls.map((x) => x.ms))} ms, ${stalled} ms in all, of which the server was on a CPU for ` +
      `about ${onCpu} ms: the rest it waited for one)`,
  );
  console.log(
    `${clients} clients: server JS heap at the end of the window ${r.heapUsedMiB.toFixed(0)} MiB used of ` +
      `${r.heapTotalMiB.toFixed(0)} MiB, external ${r.externalMiB.toFixed(0)} MiB`,
  );
}
await Deno.remove(ownersFile);
const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join(" | "));
console.log("CPU: 100 % = one core. Loopback, one 2-core machine shared with other work: figures are noisy.");
