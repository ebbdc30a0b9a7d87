/**
 * `deno run -A tools/replay-serve.ts [--dir DIR] [--base-port N] [--er-port N] [--oracle-port N] [--speed X] [--no-loop]`
 *
 * Serves a recording on loopback as stand-alone endpoints: Solana JSON-RPC (HTTP on the port, WebSocket on port + 1)
 * for the base chain and the ER, and the oracle stream. Point any client at them: the service in live mode
 * (RPC_URL / ER_RPC_URL / ORACLE_URL), web3.js, or QA tools. Runs until SIGINT/SIGTERM.
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
  },
});

const recording = await readRecording(values.dir);
const replay = await startReplay(recording, {
  mode: "realtime",
  speed: Number(values.speed),
  loop: !values["no-loop"],
  ports: { base: Number(values["base-port"]), er: Number(values["er-port"]), oracle: Number(values["oracle-port"]) },
});
// One line a consumer can parse to find the endpoints.
console.log(JSON.stringify({
  RPC_URL: `http://127.0.0.1:${replay.base.port}`,
  ER_RPC_URL: `http://127.0.0.1:${replay.er.port}`,
  ORACLE_URL: replay.oracle.url,
}));

const stop = async () => {
  await replay.stop();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", () => void stop());
Deno.addSignalListener("SIGTERM", () => void stop());
