/**
 * Where the service's Prometheus text is served: its own listener (`METRICS_HOST`:`METRICS_PORT`, which the harness
 * sets to a free loopback port), or, as before issue 43, `/metrics` on the API port.
 */
import { httpGet } from "./probe.ts";
import type { ServiceProcess } from "./service.ts";

export interface MetricsText {
  /** `metrics-port`, `api-port`, or null when neither answered 200. */
  where: "metrics-port" | "api-port" | null;
  text: string;
}

export async function readMetrics(service: ServiceProcess): Promise<MetricsText> {
  for (const [where, port] of [["metrics-port", service.metricsPort], ["api-port", service.port]] as const) {
    const answer = await httpGet(port, "/metrics", { timeoutMs: 3_000 });
    if (answer.status === 200) return { where, text: new TextDecoder().decode(answer.body) };
  }
  return { where: null, text: "" };
}

/** The series of `text` whose labels include `status="500"`. */
export function status500Series(text: string): string[] {
  return text.split("\n").filter((line) => !line.startsWith("#") && line.includes('status="500"'));
}
