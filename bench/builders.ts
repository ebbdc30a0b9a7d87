/**
 * Transaction-builder throughput for `deno task bench` (issue 8): POST /v2/transaction-builder/open-position with an
 * owner, paid in USDC (quote + open instruction + ER transaction), and POST /v2/transaction-builder/close-position
 * (full close with its trigger cleanup), each with a warm ER blockhash cache, against a bare Hono POST route that
 * parses the same JSON body and answers the same bytes. Requests per second and p99 latency of both sides, measured
 * in one process over loopback (the ratio is what matters: both sides share the machine and the load generator).
 */
import { Hono } from "hono";
import type { Services } from "../src/services.ts";

export interface BuilderRouteResult {
  route: string;
  serviceRps: number;
  serviceP99Ms: number;
  bareRps: number;
  bareP99Ms: number;
  ratio: number;
}

interface Measured {
  rps: number;
  p99Ms: number;
}

/** POSTs `body` with `concurrency` workers for `durationMs`; requests per second and p99 latency. */
async function measurePost(url: string, body: string, durationMs: number, concurrency = 32): Promise<Measured> {
  const latencies: number[] = [];
  const deadline = performance.now() + durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
      const text = await response.text();
      if (!response.ok || text.includes('"err":"')) throw new Error(`${url} answered ${response.status}: ${text}`);
      latencies.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

/** A bare Hono POST route that parses the JSON body and answers `answer`. */
function serveBarePost(path: string, answer: Uint8Array) {
  const bare = new Hono();
  bare.post(path, async (c) => {
    await c.req.json();
    return c.body(answer as Uint8Array<ArrayBuffer>, 200, { "content-type": "application/json" });
  });
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, bare.fetch);
}

export async function compareBuilderRoute(
  serviceBase: string,
  path: string,
  request: Record<string, unknown>,
  durationMs: number,
): Promise<BuilderRouteResult> {
  const body = JSON.stringify(request);
  const sample = await fetch(serviceBase + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const answer = new Uint8Array(await sample.arrayBuffer());
  const text = new TextDecoder().decode(answer);
  if (!sample.ok || !text.includes('"transactionBase64":"')) {
    throw new Error(`the benchmark request to ${path} builds nothing: ${sample.status} ${text}`);
  }
  const bare = serveBarePost(path, answer);
  try {
    const bareBase = `http://127.0.0.1:${bare.addr.port}`;
    await measurePost(serviceBase + path, body, 300); // warm-up
    await measurePost(bareBase + path, body, 300);
    const service = await measurePost(serviceBase + path, body, durationMs);
    const baseline = await measurePost(bareBase + path, body, durationMs);
    return {
      route: `POST ${path}`,
      serviceRps: service.rps,
      serviceP99Ms: service.p99Ms,
      bareRps: baseline.rps,
      bareP99Ms: baseline.p99Ms,
      ratio: service.rps / baseline.rps,
    };
  } finally {
    await bare.shutdown();
  }
}

/**
 * The two builder requests on the bundled world: a USDC-funded SOL long for the owner with limit orders only (a new
 * position on the JitoSOL-collateral market), and the full close of the SOL long of the owner with many positions
 * (with its cancel-all cleanup). Waits until the ER blockhash cache is warm.
 */
export async function builderRequests(services: Services, manifestPath: string) {
  const manifest = JSON.parse(await Deno.readTextFile(manifestPath));
  const cases = manifest.cases.v2 as Record<string, { owner: string }>;
  while (!("blockhash" in services.blockhashes.er.current(services.clock.nowMs()))) {
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    open: {
      inputTokenSymbol: "USDC",
      outputTokenSymbol: "SOL",
      inputAmountUi: "11",
      leverage: 5,
      tradeType: "LONG",
      owner: cases.onlyLimitOrders.owner,
    },
    close: {
      marketSymbol: "SOL",
      side: "LONG",
      inputUsdUi: "0",
      withdrawTokenSymbol: "USDC",
      owner: cases.manyPositionsAndLimitOrder.owner,
    },
  };
}
