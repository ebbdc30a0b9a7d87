/**
 * The one in-process figure: open-position quotes (10× SOL long paid in SOL, preview-only) computed by the domain
 * core in a tight loop, each timed, on the embedded world held still by a virtual replay. It is what a quote costs
 * without HTTP, next to which the HTTP figures show what the request path adds.
 */
import { loadConfig } from "../src/config/env.ts";
import { createServiceApp } from "../src/server.ts";
import { openPositionQuote } from "../src/domain/quotes/open.ts";
import { snapshotFor } from "../src/handlers/context.ts";
import { loadAverage } from "./processes.ts";
import type { QuoteFigure } from "./results.ts";

/**
 * The service on the embedded world held still by a virtual replay (a second in, every price in), for figures that
 * call the app or the domain in-process. The caller stops it.
 */
export async function startStillService() {
  const service = await createServiceApp(loadConfig({ RATE_LIMIT_RPS: "0" }), { replayMode: "virtual" });
  await service.start();
  service.replay!.replayer.advanceTo(1_000);
  const { services } = service;
  while (services.prices.size < services.deployments.v2.index.feedIds().length) {
    await new Promise((r) => setTimeout(r, 20));
  }
  return service;
}

export async function benchOpenQuotes(samples = 20_000): Promise<QuoteFigure> {
  const loadBefore = loadAverage()[0];
  const service = await startStillService();
  try {
    const { services } = service;
    const snapshot = () => snapshotFor(services, "v2");
    const request = {
      inputTokenSymbol: "SOL",
      outputTokenSymbol: "SOL",
      inputAmountUi: "2.5",
      leverage: 10,
      tradeType: "LONG" as const,
      takeProfit: "400",
      stopLoss: "100",
    };
    const probe = openPositionQuote(snapshot(), request);
    if (!probe.ok) throw new Error(`the benchmark quote fails: ${probe.err}`);
    for (let i = 0; i < 500; i++) openPositionQuote(snapshot(), request); // warm-up
    const times = new Float64Array(samples);
    const started = performance.now();
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now();
      openPositionQuote(snapshot(), request);
      times[i] = performance.now() - t0;
    }
    const totalMs = performance.now() - started;
    times.sort();
    return {
      kind: "quotes",
      id: "quotes",
      label: "open-position quote in-process (no HTTP)",
      quotesPerSecond: samples / (totalMs / 1000),
      p50Us: times[Math.floor(samples * 0.5)] * 1000,
      p99Us: times[Math.floor(samples * 0.99)] * 1000,
      samples,
      loadavg: [loadBefore, loadAverage()[0]],
    };
  } finally {
    await service.stop();
  }
}
