/**
 * `deno task attack [--scenario NAME]... [--bounded] [--json-only]`: attacks the service as an unauthenticated client
 * would (issue 43), one fresh service process per scenario, and prints one JSON line per scenario on stdout:
 * `{"scenario", "ok", ...figures}` with RSS before / peak / after (VmRSS), counts, times, SIGTERM to exit and the exit
 * code. `--bounded` runs the smaller version the test suite uses (same checks, fewer connections). Progress goes to
 * stderr unless `--json-only`. Exit code 1 when any scenario is not ok, 2 on a bad argument.
 *
 * Everything stays on loopback; every loop is bounded in count and time; every socket and child process is closed
 * at the end of its scenario, whatever happened.
 */
import { runScenario } from "./attack/runner.ts";
import { killRunningServices } from "./attack/service.ts";
import { SCENARIOS } from "./attack/scenarios/mod.ts";

interface Arguments {
  names: string[];
  bounded: boolean;
  jsonOnly: boolean;
}

function parseArguments(args: string[]): Arguments {
  const parsed: Arguments = { names: [], bounded: false, jsonOnly: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--bounded") parsed.bounded = true;
    else if (arg === "--json-only") parsed.jsonOnly = true;
    else if (arg === "--scenario" && i + 1 < args.length) parsed.names.push(args[++i]);
    else if (arg.startsWith("--scenario=")) parsed.names.push(arg.slice("--scenario=".length));
    else throw new Error(`unknown argument ${arg}`);
  }
  const known = SCENARIOS.map((s) => s.name);
  const unknown = parsed.names.filter((name) => !known.includes(name));
  if (unknown.length) throw new Error(`unknown scenario ${unknown.join(", ")} (known: ${known.join(", ")})`);
  return parsed;
}

let args: Arguments;
try {
  args = parseArguments(Deno.args);
} catch (error) {
  console.error(`attack: ${(error as Error).message}`);
  Deno.exit(2);
}
// An interrupted or crashing harness leaves no service behind (each scenario stops its own when it ends normally).
globalThis.addEventListener("unload", killRunningServices);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => {
    killRunningServices();
    Deno.exit(130);
  });
}

const selected = args.names.length ? SCENARIOS.filter((s) => args.names.includes(s.name)) : SCENARIOS;
let failed = 0;
for (const scenario of selected) {
  if (!args.jsonOnly) console.error(`attack: ${scenario.name}${args.bounded ? " (bounded)" : ""}…`);
  const line = await runScenario(scenario, { bounded: args.bounded });
  if (!line.ok) failed++;
  console.log(JSON.stringify(line));
}
if (!args.jsonOnly) console.error(`attack: ${selected.length - failed} of ${selected.length} scenarios ok`);
Deno.exit(failed ? 1 : 0);
