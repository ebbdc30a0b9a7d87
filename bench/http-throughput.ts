/**
 * HTTP throughput of service routes against a bare Hono route that returns the same bytes, measured side by side
 * in one process over loopback (the ratio is what matters: both sides share the machine and the load generator).
 */
import { Hono } from "hono";

export interface ThroughputResult {
  route: string;
  serviceRps: number;
  bareRps: number;
  ratio: number;
}

/** Sends requests with `concurrency` workers for `durationMs`; returns requests per second. */
export async function measureRps(url: string, durationMs: number, concurrency = 32): Promise<number> {
  let done = 0;
  const deadline = performance.now() + durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done / ((performance.now() - started) / 1000);
}

/** Serves `body` with `contentType` at `path` from a bare Hono app, as the baseline. */
export function serveBare(path: string, body: Uint8Array, contentType: string) {
  const bare = new Hono();
  bare.get(path, (c) => c.body(body as Uint8Array<ArrayBuffer>, 200, { "content-type": contentType }));
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, bare.fetch);
}

export async function compareRoute(
  serviceBase: string,
  path: string,
  durationMs: number,
): Promise<ThroughputResult> {
  const sample = await fetch(serviceBase + path);
  const body = new Uint8Array(await sample.arrayBuffer());
  const bare = serveBare(path, body, sample.headers.get("content-type") ?? "application/json");
  try {
    const bareBase = `http://127.0.0.1:${bare.addr.port}`;
    // Warm both sides up before measuring.
    await measureRps(serviceBase + path, 300);
    await measureRps(bareBase + path, 300);
    const serviceRps = await measureRps(serviceBase + path, durationMs);
    const bareRps = await measureRps(bareBase + path, durationMs);
    return { route: path, serviceRps, bareRps, ratio: serviceRps / bareRps };
  } finally {
    await bare.shutdown();
  }
}
