/**
 * `deno task record --out DIR [--duration-s N] [--name NAME] [--binary-accounts]`: captures a recording from live endpoints, in the
 * format the service replays (REPLAY_DIR=DIR). Sources come from the environment like the service's live mode:
 * RPC_URL (+ RPC_WS_URL), ER_RPC_URL (+ ER_RPC_WS_URL), ORACLE_URL + ORACLE_TOKEN, and the deployment configurations
 * POOL_CONFIG_V2 / POOL_CONFIG_EARLIER (default: the bundled world's), which name the programs, accounts and feeds.
 * The configurations are copied beside the recording so it replays as it is. Ctrl-C ends early and keeps the data.
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/config/env.ts";
import { loadDeploymentConfig } from "../src/config/pool-config.ts";
import { DeploymentIndex } from "../src/config/deployment-index.ts";
import { MAX_RECORD_DURATION_MS, record, type RecordProgress } from "./recorder.ts";
import { BUNDLED_WORLD_DIR } from "../src/runtime/boot.ts";
import { extraAccountsOf } from "../src/runtime/sources.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    out: { type: "string" },
    "duration-s": { type: "string", default: "60" },
    name: { type: "string" },
    gzip: { type: "boolean", default: true },
    "binary-accounts": { type: "boolean", default: false },
  },
});

function fail(message: string): never {
  console.error(`record: ${message}`);
  Deno.exit(2);
}

const out = values.out ?? fail("--out DIR is required");
const durationMs = Number(values["duration-s"]) * 1000;
if (!(durationMs > 0 && durationMs <= MAX_RECORD_DURATION_MS)) {
  fail(`--duration-s must be between 1 and ${MAX_RECORD_DURATION_MS / 1000}`);
}
const config = loadConfig(Deno.env.toObject());
if (!config.RPC_URL) fail("RPC_URL is required (the base-chain RPC to record from)");

const sources = {
  v2: config.POOL_CONFIG_V2 ?? join(BUNDLED_WORLD_DIR, "pool-config.v2.json"),
  earlier: config.POOL_CONFIG_EARLIER ?? join(BUNDLED_WORLD_DIR, "pool-config.earlier.json"),
};
const deployments = {
  v2: await loadDeploymentConfig(sources.v2),
  earlier: await loadDeploymentConfig(sources.earlier),
};
const programIds = [...new Set([deployments.v2.programId, deployments.earlier.programId])];
const feedIds = [
  ...new Set([...new DeploymentIndex(deployments.v2).feedIds(), ...new DeploymentIndex(deployments.earlier).feedIds()]),
];
// Exactly what the service reads beside the programs (lookup tables, token mints, LP mints), so a replay has it all.
const extraAccounts = extraAccountsOf(Object.values(deployments));

const stop = new AbortController();
Deno.addSignalListener("SIGINT", () => stop.abort());

const tty = Deno.stdout.isTerminal();
const encoder = new TextEncoder();
function show(p: RecordProgress) {
  const seconds = (ms: number) => (ms / 1000).toFixed(0);
  const line = `${p.phase.padEnd(10)} ${seconds(p.elapsedMs)}/${seconds(p.durationMs)} s  ` +
    `accounts base ${p.accounts.base} er ${p.accounts.er}  updates base ${p.updates.base} er ${p.updates.er}  ` +
    `blockhashes ${p.blockhashes.base + p.blockhashes.er}  oracle frames ${p.frames}  errors ${p.errors}`;
  Deno.stdout.writeSync(encoder.encode(tty ? `\r${line}\x1b[K` : `${line}\n`));
}

const result = await record({
  dir: out,
  name: values.name ?? `recording-${new Date().toISOString()}`,
  durationMs,
  gzip: values.gzip,
  binaryAccounts: values["binary-accounts"],
  signal: stop.signal,
  base: { rpcUrl: config.RPC_URL, wsUrl: config.RPC_WS_URL, programIds, extraAccounts },
  er: config.ER_RPC_URL
    ? { rpcUrl: config.ER_RPC_URL, wsUrl: config.ER_RPC_WS_URL, programIds: [deployments.v2.programId] }
    : undefined,
  oracle: config.ORACLE_URL ? { urls: [config.ORACLE_URL], token: config.ORACLE_TOKEN ?? "", feedIds } : undefined,
}, show);
if (tty) console.log();
async function copyConfig(source: string, file: string) {
  const text = /^https?:\/\//.test(source) ? await (await fetch(source)).text() : await Deno.readTextFile(source);
  await Deno.writeTextFile(join(out, file), text);
}
await copyConfig(sources.v2, "pool-config.v2.json");
await copyConfig(sources.earlier, "pool-config.earlier.json");
console.log(`recorded ${result.meta.durationMs} ms into ${result.dir}: replay it with REPLAY_DIR=${result.dir}`);
Deno.exit(0);
