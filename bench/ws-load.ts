/**
 * One load-generator process of `deno task bench:ws`: opens an owner stream (`--stream`, bench/ws-streams.ts) per owner
 * of its slice, then measures a window the harness names. Line protocol: prints `CONNECTED <json>` once every socket
 * has opened or failed; reads `WINDOW <t0> <t1>` (epoch ms) on stdin; prints `RESULT <json>` after t1 plus two
 * intervals and exits.
 *
 * Each periodic message (`metrics` on the v2 stream, `positions` on the earlier one) is attributed to the tick it was
 * due for: the server's ticks are aligned to the wall clock by (interval, owner) alone (src/streams/schedule.ts
 * dueTimeOf), so tick-to-receive latency is receive time minus due time, on the clock both processes share. A message
 * counts when its due time falls in the window; per socket, due ticks with no message are lost, and a second message
 * for the same due tick means the one before it arrived more than an interval late.
 *
 *   deno run -A bench/ws-load.ts --base http://127.0.0.1:PORT --owners-file F --from I --to J --interval-ms 1000
 *     --stream v2|earlier
 */
import { dueTimeOf } from "../src/streams/schedule.ts";
import { benchedStream } from "./ws-streams.ts";

function option(name: string): string {
  const index = Deno.args.indexOf(`--${name}`);
  if (index < 0) throw new Error(`--${name} is required`);
  return Deno.args[index + 1];
}

const base = option("base").replace(/^http/, "ws");
const intervalMs = Number(option("interval-ms"));
const stream = benchedStream(option("stream"));
const periodicPrefix = `{"type":${JSON.stringify(stream.periodicType)}`;
const owners: string[] = JSON.parse(await Deno.readTextFile(option("owners-file")))
  .slice(Number(option("from")), Number(option("to")));
const CONNECT_CONCURRENCY = 200;
const CONNECT_TIMEOUT_MS = 60_000;

const now = () => performance.timeOrigin + performance.now();

interface Tracked {
  owner: string;
  socket: WebSocket;
  /** Due times of the window's periodic messages received. */
  due: Set<number>;
  repeats: number;
  closedEarly: boolean;
}

/** The measured window (epoch ms); empty until the harness names it. */
const span = { t0: Infinity, t1: -Infinity };
/** Set once the result is out: closes after that are ours. */
let finished = false;
const latencies: number[] = [];
const tracked: Tracked[] = [];
let otherMessages = 0;

function connect(owner: string): Promise<Tracked | string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${base}${stream.path(owner, intervalMs)}`);
    const entry: Tracked = { owner, socket, due: new Set(), repeats: 0, closedEarly: false };
    const timer = setTimeout(() => resolve("timeout"), CONNECT_TIMEOUT_MS);
    socket.onopen = () => {
      clearTimeout(timer);
      resolve(entry);
    };
    socket.onerror = () => {
      clearTimeout(timer);
      resolve("refused or failed");
    };
    socket.onclose = () => {
      if (!finished) entry.closedEarly = true;
    };
    socket.onmessage = (event) => {
      const at = now();
      const text = event.data as string;
      // The type is the first member of every message: no need to parse the whole frame to classify it.
      if (!text.startsWith(periodicPrefix)) {
        otherMessages++;
        return;
      }
      const due = dueTimeOf(owner, intervalMs, at);
      if (due < span.t0 || due >= span.t1) return;
      if (entry.due.has(due)) entry.repeats++;
      entry.due.add(due);
      latencies.push(Math.round((at - due) * 10) / 10);
    };
  });
}

const started = now();
const failures: Record<string, number> = {};
for (let i = 0; i < owners.length; i += CONNECT_CONCURRENCY) {
  const batch = await Promise.all(owners.slice(i, i + CONNECT_CONCURRENCY).map(connect));
  for (const result of batch) {
    if (typeof result === "string") failures[result] = (failures[result] ?? 0) + 1;
    else tracked.push(result);
  }
}
console.log(`CONNECTED ${JSON.stringify({ ok: tracked.length, failures, connectMs: Math.round(now() - started) })}`);

function cpuSeconds(): number {
  const fields = Deno.readTextFileSync("/proc/self/stat").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const reader = Deno.stdin.readable.pipeThrough(new TextDecoderStream()).getReader();
let text = "";
while (!text.includes("\n")) {
  const { value, done } = await reader.read();
  if (done) Deno.exit(1);
  text += value;
}
const [, t0, t1] = text.trim().split(" ").map(Number);
span.t0 = t0;
span.t1 = t1;
const cpuAtStart = await new Promise<number>((resolve) => setTimeout(() => resolve(cpuSeconds()), t0 - now()));
await new Promise((r) => setTimeout(r, t1 - now()));
const cpu = cpuSeconds() - cpuAtStart;
await new Promise((r) => setTimeout(r, 2 * intervalMs));

let expected = 0, received = 0, lost = 0, repeats = 0, closedEarly = 0;
for (const entry of tracked) {
  // The owner's due ticks in [t0, t1).
  let due = dueTimeOf(entry.owner, intervalMs, t1 - 1);
  let count = 0;
  while (due >= t0) {
    count++;
    due -= intervalMs;
  }
  expected += count;
  received += entry.due.size;
  lost += Math.max(0, count - entry.due.size);
  repeats += entry.repeats;
  if (entry.closedEarly) closedEarly++;
}
console.log(
  `RESULT ${
    JSON.stringify({
      sockets: tracked.length,
      expected,
      received,
      lost,
      repeats,
      closedEarly,
      otherMessages,
      cpuSeconds: cpu,
      latencies,
    })
  }`,
);
finished = true;
for (const entry of tracked) entry.socket.close();
Deno.exit(0);
