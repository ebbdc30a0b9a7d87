/**
 * The load run of issue 14: a fresh service process answers a read, a preview and a builder in turn (GET /v2/prices,
 * POST /v2/preview/margin, POST /v2/transaction-builder/open-position with an owner) at the rate limit disabled, until
 * it has answered `requests` of them, in segments of `durationS` after each of which its RSS is read. The baseline
 * answers the same rotation with the same bytes before the first and after the last segment; the figure is the
 * ratio of their means, and whether RSS stayed within `boundMiB` of the first segment's.
 */
import { loadAverage, memoryMiB, type ServerProcess } from "./processes.ts";
import { type LoadRunFigure, type Run, summarize } from "./results.ts";
import { runWrk } from "./wrk.ts";
import type { FigureSpec } from "./figures.ts";
import type { Measure } from "./throughput.ts";

export const LOAD_RUN_ROUTES = ["prices", "v2-preview-margin", "v2-open"];
export const RSS_BOUND_MIB = 100;

export async function loadRun(
  specs: FigureSpec[],
  service: ServerProcess,
  baseline: ServerProcess,
  measure: Measure,
  requests: number,
  onProgress: (answered: number, rssMiB: number) => void,
): Promise<LoadRunFigure> {
  const loadBefore = loadAverage()[0];
  const rotation = specs.map((s) => s.request);
  const run = (server: ServerProcess, durationS: number) =>
    runWrk({
      base: server.base,
      requests: rotation,
      durationS,
      connections: measure.connections,
      serverPid: server.pid,
      cpus: measure.loadGeneratorCpus,
    });
  const baselineRuns: Run[] = [];
  const serviceRuns: Run[] = [];
  await run(baseline, measure.warmupS);
  baselineRuns.push(await run(baseline, measure.durationS));
  const rss: { requests: number; rssMiB: number }[] = [];
  let answered = 0;
  while (answered < requests) {
    const segment = await run(service, measure.durationS);
    serviceRuns.push(segment);
    answered += segment.requests;
    const { rss: rssMiB } = memoryMiB(service.pid);
    rss.push({ requests: answered, rssMiB });
    onProgress(answered, rssMiB);
  }
  baselineRuns.push(await run(baseline, measure.durationS));
  const serviceSide = summarize(serviceRuns);
  const baselineSide = summarize(baselineRuns);
  const start = rss[0].rssMiB;
  const end = rss[rss.length - 1].rssMiB;
  return {
    kind: "load",
    id: "load",
    label: `${specs.map((s) => `${s.request.method} ${s.request.path}`).join(", ")} in turn`,
    routes: specs.map((s) => s.id),
    service: serviceSide,
    baseline: baselineSide,
    rpsRatio: serviceSide.rps / baselineSide.rps,
    p99Ratio: serviceSide.p99Ms / baselineSide.p99Ms,
    requests: answered,
    rss,
    rssStartMiB: start,
    rssEndMiB: end,
    rssMaxMiB: Math.max(...rss.map((r) => r.rssMiB)),
    rssBoundMiB: RSS_BOUND_MIB,
    withinBound: end - start <= RSS_BOUND_MIB,
    loadavg: [loadBefore, loadAverage()[0]],
  };
}
