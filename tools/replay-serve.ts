/**
 * `deno run -A tools/replay-serve.ts [--dir DIR] [--base-port N] [--er-port N] [--oracle-port N] [--speed X] [--no-loop]
 *  [--oracle-time recorded|wall]`
 *
 * Serves a recording on loopback as stand-alone endpoints: Solana JSON-RPC (HTTP on the port, WebSocket on port + 1)
 * for the base chain and the ER, and the oracle stream. Point any client at them: the service in live mode
 * (RPC_URL / ER_RPC_URL / ORACLE_URL), web3.js, or QA tools. Runs until SIGINT/SIGTERM.
 *
 * Time: the endpoints play the recording's own timeline (its first line says where it starts); oracle timestamps are
 * the recorded ones, so a consumer judging them by the wall clock sees old prices. `--oracle-time wall` shifts them to
 * the wall clock (fresh prices for a wall-clock consumer, but its borrow accrual then covers the time since the
 * recording). To see the recorded moment's numbers, run the service itself in replay mode (REPLAY_DIR). When the
 * recording loops, each loop's oracle timestamps come later than the last (recorded: by the recording's duration per
 * loop played; wall: the wall time they are played at): a consumer keeps its own clock, and a price store that never
 * goes back in time would otherwise hold its last price from the first loop on.
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { readRecording } from "../src/replay/format.ts";
import { startReplay } from "../src/replay/harness.ts";
import { errorMessage } from "../src/ingest/util.ts";

const USAGE = "usage: deno run -A tools/replay-serve.ts [--dir DIR] [--base-port N] [--er-port N] [--oracle-port N] " +
  "[--speed X] [--no-loop] [--oracle-time recorded|wall]";

/** A usage error: said in one line on stderr, exit 2 (no stack trace). */
function usage(message: string): never {
  console.error(`replay-serve: ${message}`);
  Deno.exit(2);
}

const OPTIONS = {
  // Default: the bundled world, wherever the command runs from.
  dir: { type: "string", default: fileURLToPath(new URL("../fixtures/world", import.meta.url)) },
  "base-port": { type: "string", default: "0" },
  "er-port": { type: "string", default: "0" },
  "oracle-port": { type: "string", default: "0" },
  speed: { type: "string", default: "1" },
  "no-loop": { type: "boolean", default: false },
  "oracle-time": { type: "string", default: "recorded" },
  help: { type: "boolean", short: "h", default: false },
} as const;

// An unknown option or a missing value is a usage error, not a stack trace.
let parsed;
try {
  parsed = parseArgs({ args: Deno.args, options: OPTIONS });
} catch (error) {
  usage(`${errorMessage(error)}\n${USAGE}`);
}
const { values } = parsed;
if (values.help) {
  console.log(USAGE);
  Deno.exit(0);
}
const oracleTime = values["oracle-time"];
if (oracleTime !== "recorded" && oracleTime !== "wall") usage("--oracle-time is recorded or wall");
const speed = Number(values.speed);
if (!(speed > 0) || !Number.isFinite(speed)) usage(`--speed must be a number above 0, got ${values.speed}`);
const port = (name: "base-port" | "er-port" | "oracle-port") => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 0 || n > 65535) usage(`--${name} must be a port number (0: any free one)`);
  return n;
};
const ports = { base: port("base-port"), er: port("er-port"), oracle: port("oracle-port") };

let recording;
try {
  recording = await readRecording(values.dir);
} catch (error) {
  usage(`cannot read a recording in ${values.dir} (${errorMessage(error)})`);
}
const replay = await startReplay(recording, {
  mode: "realtime",
  speed,
  loop: !values["no-loop"],
  oracleTime,
  // Its consumers run on clocks of their own, which a loop does not take back (see above).
  loopedFeedTimes: "advance",
  ports,
});
for (const chain of [replay.replayer.chains.base, replay.replayer.chains.er]) chain.prepareListings();
// One line a consumer can parse to find the endpoints.
console.log(JSON.stringify({
  RPC_URL: `http://127.0.0.1:${replay.base.port}`,
  ER_RPC_URL: `http://127.0.0.1:${replay.er.port}`,
  ORACLE_URL: replay.oracle.url,
  recordingStartedAtMs: recording.meta.startedAtMs,
  durationMs: recording.meta.durationMs,
  speed: replay.replayer.speed,
  oracleTime,
}));

const stop = async () => {
  await replay.stop();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", () => void stop());
Deno.addSignalListener("SIGTERM", () => void stop());
