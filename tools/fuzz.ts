/**
 * `deno task fuzz [--cases N] [--seed S]`: a long hostile-input run over every route (the engine is
 * tests/helpers/fuzz.ts, the same one the bounded test in `deno task test` uses). Unlike the test it does not stop
 * at the first problem: it collects every distinct finding and reports cases, seconds, statuses and latencies.
 * Exit code 1 when anything was found.
 */
import fc from "fast-check";
import { checkCase, describeRequest, requestArbitrary, startFuzzService } from "../tests/helpers/fuzz.ts";

function flag(name: string, fallback: number): number {
  const index = Deno.args.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(Deno.args[index + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} needs a non-negative integer`);
  return value;
}

const cases = flag("cases", 10_000);
const seed = flag("seed", Date.now() % 2 ** 31);
const BATCH = 1_000;

const { service, pools } = await startFuzzService();
const arbitrary = requestArbitrary(pools);
const statuses = new Map<number, number>();
const findings = new Map<string, { count: number; example: string }>();
const latencies: number[] = [];
const okByOperation = new Map<string, number>();
const started = performance.now();
let done = 0;
try {
  for (let batch = 0; done < cases; batch++) {
    const requests = fc.sample(arbitrary, { numRuns: Math.min(BATCH, cases - done), seed: seed + batch });
    for (const request of requests) {
      let outcome = await checkCase(service.app, request);
      // As in the test: a slow answer must be slow again to count (a busy machine pauses everything).
      if (outcome.problem && outcome.ms > 1_000) outcome = await checkCase(service.app, request);
      statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
      latencies.push(outcome.ms);
      const ok = outcome.status >= 200 && outcome.status < 300 ? 1 : 0;
      okByOperation.set(request.operation, (okByOperation.get(request.operation) ?? 0) + ok);
      if (outcome.problem) {
        const signature = `${request.operation} ${outcome.problem.split("\n")[0].slice(0, 160)}`;
        const known = findings.get(signature);
        if (known) known.count++;
        else findings.set(signature, { count: 1, example: `${outcome.problem}\n    ${describeRequest(request)}` });
      }
      done++;
    }
    console.error(`${done}/${cases} cases, ${findings.size} distinct findings`);
  }
} finally {
  await service.stop();
}
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;

console.log(`fuzz: ${done} cases in ${seconds.toFixed(1)} s (${(done / seconds).toFixed(0)}/s), seed ${seed}`);
console.log(
  `statuses: ${[...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}=${n}`).join(" ")}`,
);
console.log(
  `latency ms: p50 ${percentile(0.5).toFixed(2)}, p99 ${percentile(0.99).toFixed(2)}, max ${
    (latencies.at(-1) ?? 0).toFixed(1)
  }`,
);
const neverOk = [...okByOperation].filter(([, n]) => n === 0).map(([operation]) => operation);
console.log(
  `operations: ${okByOperation.size}; never answered 2xx (none of their requests passed): ${neverOk.join(", ")}`,
);
console.log(`findings: ${findings.size}`);
for (const [signature, { count, example }] of findings) console.log(`- (${count}x) ${signature}\n    ${example}`);
Deno.exit(findings.size ? 1 : 0);
