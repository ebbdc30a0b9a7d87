/** What the operators' listener (src/http/metrics-listener.ts) would show a scrape of `services` now. */
import { metricsAnswer } from "../../src/http/metrics-listener.ts";
import type { ServiceMetrics } from "../../src/http/metrics.ts";

export async function scrape(services: { metrics: ServiceMetrics }): Promise<string> {
  const answer = await metricsAnswer(new Request("http://127.0.0.1/metrics"), services.metrics);
  if (answer.status !== 200) throw new Error(`metrics answered ${answer.status}`);
  return await answer.text();
}
