/**
 * The service as `deno task bench:ws` runs it: its own process, the full edge and middleware stack, a realtime replay of the
 * bench world (REPLAY_DIR from the environment, looping), listening on PORT. It prints `READY <port>` once it
 * serves, and answers two commands on stdin, one per line:
 *   RESET  starts a new window of stream tick statistics;
 *   STATS  prints the window's statistics as one JSON line.
 * Tick statistics come from the hub's tick reports: how late each tick started after it was due, and how long its
 * work (compute and send) took.
 */
import { loadConfig } from "../src/config/env.ts";
import { connectionBounds, createServiceApp } from "../src/server.ts";
import { listen } from "../src/http/connections/listener.ts";
import type { TickReport } from "../src/streams/hub.ts";

export interface ServerTickStats {
  ticks: number;
  groups: number;
  messages: number;
  sends: number;
  /** Start of each tick after its due time, ms. */
  startLateMs: number[];
  /** Work of each tick (compute and send), ms. */
  workMs: number[];
  /** The process's memory at the end of the window (Deno.memoryUsage: rss, heapTotal, heapUsed, external). */
  memory?: Deno.MemoryUsage;
  /**
   * Event-loop stalls over 50 ms: how long, and how much of it the process spent on a CPU (about the same: it was
   * busy, e.g. collecting garbage; much less: the machine gave the CPU to another process).
   */
  stalls: { ms: number; cpuMs: number }[];
}

function cpuMs(): number {
  const fields = Deno.readTextFileSync("/proc/self/stat").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

// A 10 ms heartbeat: a gap well over it is a stall of the event loop.
let beat = { at: performance.now(), cpu: cpuMs() };
setInterval(() => {
  const at = performance.now();
  const cpu = cpuMs();
  if (at - beat.at > 60) stats.stalls.push({ ms: Math.round(at - beat.at - 10), cpuMs: cpu - beat.cpu });
  beat = { at, cpu };
}, 10);

const empty = (): ServerTickStats => ({
  ticks: 0,
  groups: 0,
  messages: 0,
  sends: 0,
  startLateMs: [],
  workMs: [],
  stalls: [],
});
let stats = empty();

function onTick(report: TickReport) {
  stats.ticks++;
  stats.groups += report.groups;
  stats.messages += report.messages;
  stats.sends += report.sends;
  stats.startLateMs.push(Math.round((report.startedAtMs - report.dueAtMs) * 10) / 10);
  stats.workMs.push(Math.round((report.endedAtMs - report.startedAtMs) * 10) / 10);
}

const config = loadConfig({ LOG_LEVEL: "silent", ...Deno.env.toObject(), RATE_LIMIT_RPS: "0" });
const service = await createServiceApp(config, { onStreamTick: onTick });
await service.start();
// Through the connection layer, as the service serves its streams (src/main.ts).
const server = await listen({
  hostname: "127.0.0.1",
  port: config.PORT,
  fetch: service.app.fetch,
  ...connectionBounds(config),
});
console.log(`READY ${server.port}`);
if (Deno.env.get("BENCH_TRACE_MEMORY")) {
  const mib = (n: number) => Math.round(n / 2 ** 20);
  setInterval(() => {
    const m = Deno.memoryUsage();
    const open = service.services.streams.v2.openCount;
    console.error(
      `memory: ${open} sockets rss ${mib(m.rss)} heap ${mib(m.heapUsed)}/${mib(m.heapTotal)} ext ${mib(m.external)}`,
    );
  }, 2000);
}

const lines = Deno.stdin.readable.pipeThrough(new TextDecoderStream());
let pending = "";
for await (const chunk of lines) {
  pending += chunk;
  let newline: number;
  while ((newline = pending.indexOf("\n")) >= 0) {
    const command = pending.slice(0, newline).trim();
    pending = pending.slice(newline + 1);
    if (command === "RESET") stats = empty();
    if (command === "STATS") console.log(JSON.stringify({ ...stats, memory: Deno.memoryUsage() }));
  }
}
service.closeStreams();
server.close();
await server.drain(5_000);
await service.stop();
