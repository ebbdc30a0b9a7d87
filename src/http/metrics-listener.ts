/**
 * The operators' listener: `/metrics` (Prometheus text) and `/livez` (200 while the process's event loop runs,
 * whatever the upstreams do: a liveness probe that restarts a pod must not fire on staleness, which `/v2/health`
 * reports). Apart from the API port, on loopback by default (METRICS_HOST, METRICS_PORT), so the internet reaches
 * neither and a scrape flood cannot slow the API; a deployment that scrapes from elsewhere binds it to its pod
 * network (deploy/kubernetes).
 */
import type { ServiceMetrics } from "./metrics.ts";

export interface MetricsListenerOptions {
  hostname: string;
  port: number;
  metrics: ServiceMetrics;
  onListen?: (address: Deno.NetAddr) => void;
}

export function serveMetrics(options: MetricsListenerOptions): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve({ hostname: options.hostname, port: options.port, onListen: options.onListen ?? (() => {}) }, (
    request,
  ) => metricsAnswer(request, options.metrics));
}

export async function metricsAnswer(request: Request, metrics: ServiceMetrics): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response(null, { status: 405, headers: { allow: "GET, HEAD" } });
  }
  const path = new URL(request.url).pathname;
  if (path === "/livez") return new Response("ok\n", { headers: { "content-type": "text/plain" } });
  if (path !== "/metrics") {
    return new Response("not found\n", { status: 404, headers: { "content-type": "text/plain" } });
  }
  const { contentType, body } = await metrics.exposition();
  return new Response(body, { headers: { "content-type": contentType } });
}
