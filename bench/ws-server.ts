/**
 * The service as `deno task bench:ws` runs it: its own process, the full middleware stack, a realtime replay of the
 * bench world (REPLAY_DIR from the environment, looping), listening on PORT. It prints `READY <port>` once it
 * serves, and answers two commands on stdin, one per line:
 *   RESET  starts a new window of stream tick statistics;
 *   STATS  prints the window's statistics as one JSON line.
 * Tick statistics come from the hub's tick reports: how late each tick started after it was due, and how long its
 * work (compute and send) took.
 */
import { loadConfig } from "../src/config/env.ts";
import { createServiceApp } from "../src/server.ts";
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
}

const empty = (): ServerTickStats => ({ ticks: 0, groups: 0, messages: 0, sends: 0, startLateMs: [], workMs: [] });
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
const server = Deno.serve({ hostname: "127.0.0.1", port: config.PORT, onListen() {} }, service.app.fetch);
console.log(`READY ${server.addr.port}`);

const lines = Deno.stdin.readable.pipeThrough(new TextDecoderStream());
let pending = "";
for await (const chunk of lines) {
  pending += chunk;
  let newline: number;
  while ((newline = pending.indexOf("\n")) >= 0) {
    const command = pending.slice(0, newline).trim();
    pending = pending.slice(newline + 1);
    if (command === "RESET") stats = empty();
    if (command === "STATS") console.log(JSON.stringify(stats));
  }
}
service.closeStreams();
await server.shutdown();
await service.stop();
