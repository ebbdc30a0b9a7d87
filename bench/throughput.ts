/**
 * One throughput figure: the service and the baseline, each its own process, driven by wrk from a third process with
 * the same connections. After a warm-up of each, the runs alternate (service, baseline) `rounds` times, so a change
 * in the machine's load hits both sides alike; the figure is the mean of each side's runs, and the median of the
 * pairs' ratios.
 */
import type { BaselineRoute, ServerProcess } from "./processes.ts";
import { cpuTimes, loadAverage, stealPercent } from "./processes.ts";
import { median, pairRatios, type Run, summarize, targetMet, type ThroughputFigure } from "./results.ts";
import { type BenchRequest, runWrk } from "./wrk.ts";
import type { FigureSpec } from "./figures.ts";
import { base64 } from "../src/protocol/codec/bytes.ts";

export interface Measure {
  durationS: number;
  warmupS: number;
  rounds: number;
  connections: number;
  /** The CPUs wrk is pinned to (cores.ts), or none. */
  loadGeneratorCpus?: string;
  /** The CPUs the servers' main threads are pinned to once they answer (cores.ts), or none. */
  serverMainThreadCpus?: string;
}

/** Sends `request` once; the answer's status, content type and bytes. */
export async function sendOnce(base: string, request: BenchRequest) {
  const response = await fetch(base + request.path, {
    method: request.method,
    headers: request.body === undefined ? undefined : { "content-type": "application/json" },
    body: request.body,
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "application/json",
    bytes,
    text: new TextDecoder().decode(bytes),
  };
}

/** The service's answer to the figure's request, checked fit to measure, as a route for the baseline. */
export async function baselineRouteFor(service: ServerProcess, spec: FigureSpec): Promise<BaselineRoute> {
  const sample = await sendOnce(service.base, spec.request);
  const unfit = spec.unfit(sample.status, sample.text);
  if (unfit) throw new Error(`${spec.label}: ${unfit}`);
  return {
    method: spec.request.method,
    path: spec.request.path,
    contentType: sample.contentType,
    bodyBase64: base64(sample.bytes),
  };
}

/** A figure's variants, a few spread over the list, answered fit to measure (the first one is the sample). */
async function checkVariants(service: ServerProcess, spec: FigureSpec): Promise<void> {
  const variants = spec.variants ?? [];
  for (const i of new Set([1, Math.floor(variants.length / 2), variants.length - 1])) {
    if (i <= 0 || i >= variants.length) continue;
    const answer = await sendOnce(service.base, variants[i]);
    const unfit = spec.unfit(answer.status, answer.text);
    if (unfit) throw new Error(`${spec.label}, variant ${i}: ${unfit}`);
  }
}

/** Alternating runs of `requests` on both servers; the service side's runs first in each round. */
export async function alternate(
  service: ServerProcess,
  baseline: ServerProcess,
  requests: BenchRequest[],
  measure: Measure,
): Promise<{ service: Run[]; baseline: Run[] }> {
  const run = (server: ServerProcess, durationS: number) =>
    runWrk({
      base: server.base,
      requests,
      durationS,
      connections: measure.connections,
      serverPid: server.pid,
      cpus: measure.loadGeneratorCpus,
    });
  await run(service, measure.warmupS);
  await run(baseline, measure.warmupS);
  const runs = { service: [] as Run[], baseline: [] as Run[] };
  for (let round = 0; round < measure.rounds; round++) {
    runs.service.push(await run(service, measure.durationS));
    runs.baseline.push(await run(baseline, measure.durationS));
  }
  return runs;
}

export async function measureFigure(
  spec: FigureSpec,
  service: ServerProcess,
  baseline: ServerProcess,
  measure: Measure,
): Promise<ThroughputFigure> {
  const loadBefore = loadAverage()[0];
  const cpuBefore = cpuTimes();
  const requests = spec.variants ?? [spec.request];
  await checkVariants(service, spec);
  const runs = await alternate(service, baseline, requests, measure);
  // Still fit after the load (a builder whose blockhash went stale would now answer an error).
  const after = await sendOnce(service.base, requests[requests.length - 1]);
  const unfit = spec.unfit(after.status, after.text);
  if (unfit) throw new Error(`${spec.label} after its runs: ${unfit}`);
  const serviceSide = summarize(runs.service);
  const baselineSide = summarize(runs.baseline);
  const ratios = pairRatios(runs.service, runs.baseline);
  const rpsRatio = median(ratios);
  return {
    kind: "throughput",
    id: spec.id,
    label: spec.label,
    method: spec.request.method,
    path: spec.request.path,
    service: serviceSide,
    baseline: baselineSide,
    rpsRatio,
    pairRatios: ratios,
    p99Ratio: serviceSide.p99Ms / baselineSide.p99Ms,
    target: spec.target && { ...spec.target, met: targetMet(spec.target, serviceSide, rpsRatio) },
    loadavg: [loadBefore, loadAverage()[0]],
    stealPct: stealPercent(cpuBefore, cpuTimes()),
  };
}
