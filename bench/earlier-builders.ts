/**
 * POST /transaction-builder/open-position (earlier interface) with an owner, so each request quotes and builds a
 * transaction: a MARKET open paid in the collateral token and a swap-and-open. Requests per second and p99 latency
 * of the service, next to a bare Hono POST route answering the same bytes (both over loopback in one process, the
 * ratios are what matter). The owner is the embedded world's `noAccounts` case, so every request opens a new
 * position.
 */
import { Hono } from "hono";

export interface BuilderThroughput {
  label: string;
  serviceRps: number;
  serviceP99Ms: number;
  bareRps: number;
  bareP99Ms: number;
}

export async function earlierOpenBodies(worldDir: string) {
  const manifest = JSON.parse(await Deno.readTextFile(`${worldDir}/manifest.json`));
  const owner: string = manifest.cases.earlier.noAccounts.owner;
  const base = { inputTokenSymbol: "USDC", inputAmountUi: "100", leverage: 5, owner };
  return [
    { label: "MARKET (USDC, SOL short)", body: { ...base, outputTokenSymbol: "SOL", tradeType: "SHORT" } },
    { label: "swap-and-open (USDC into a BTC long)", body: { ...base, outputTokenSymbol: "BTC", tradeType: "LONG" } },
  ];
}

/** POSTs `body` with `concurrency` workers for `durationMs`: requests per second and the 99th-percentile latency. */
async function measurePost(url: string, body: string, durationMs: number, concurrency = 32) {
  const latencies: number[] = [];
  const deadline = performance.now() + durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

export async function compareBuilder(
  serviceBase: string,
  path: string,
  label: string,
  body: unknown,
  durationMs: number,
): Promise<BuilderThroughput> {
  const text = JSON.stringify(body);
  const sample = await fetch(serviceBase + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: text,
  });
  const answer = new Uint8Array(await sample.arrayBuffer());
  if (!sample.ok || !new TextDecoder().decode(answer).includes('"transactionBase64":"')) {
    throw new Error(`${label}: the service did not build a transaction: ${new TextDecoder().decode(answer)}`);
  }
  const bareApp = new Hono();
  bareApp.post(path, (c) => c.body(answer as Uint8Array<ArrayBuffer>, 200, { "content-type": "application/json" }));
  const bare = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, bareApp.fetch);
  try {
    const bareBase = `http://127.0.0.1:${bare.addr.port}`;
    await measurePost(serviceBase + path, text, 300);
    await measurePost(bareBase + path, text, 300);
    const service = await measurePost(serviceBase + path, text, durationMs);
    const baseline = await measurePost(bareBase + path, text, durationMs);
    return {
      label,
      serviceRps: service.rps,
      serviceP99Ms: service.p99Ms,
      bareRps: baseline.rps,
      bareP99Ms: baseline.p99Ms,
    };
  } finally {
    await bare.shutdown();
  }
}
