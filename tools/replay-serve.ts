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
 * recording). To see the recorded moment's numbers, run the service itself in replay mode (REPLAY_DIR).
 */
import { parseArgs } from "node:util";
import { readRecording } from "../src/replay/format.ts";
import { startReplay } from "../src/replay/harness.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    dir: { type: "string", default: "fixtures/world" },
    "base-port": { type: "string", default: "0" },
    "er-port": { type: "string", default: "0" },
    "oracle-port": { type: "string", default: "0" },
    speed: { type: "string", default: "1" },
    "no-loop": { type: "boolean", default: false },
    "oracle-time": { type: "string", default: "recorded" },
  },
});
const oracleTime = values["oracle-time"];
if (oracleTime !== "recorded" && oracleTime !== "wall") throw new Error("--oracle-time is recorded or wall");

const recording = await readRecording(values.dir);
const replay = await startReplay(recording, {
  mode: "realtime",
  speed: Number(values.speed),
  loop: !values["no-loop"],
  oracleTime,
  ports: { base: Number(values["base-port"]), er: Number(values["er-port"]), oracle: Number(values["oracle-port"]) },
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
