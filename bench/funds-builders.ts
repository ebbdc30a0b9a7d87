/**
 * The v2 funds builders over HTTP (issue 9): POST /v2/transaction-builder/deposit for a fresh owner (the full bundle:
 * ledger, basket, deposit, delegation) and POST /v2/transaction-builder/withdraw for an owner of the bundled world,
 * each measured side by side with a bare Hono POST route that reads the same request body and answers the same
 * bytes: requests per second and p99 latency, and their ratios to the baseline.
 */
import { Hono } from "hono";

export interface PostThroughput {
  route: string;
  serviceRps: number;
  bareRps: number;
  rpsRatio: number;
  serviceP99Ms: number;
  bareP99Ms: number;
  p99Ratio: number;
}

interface Run {
  rps: number;
  p99Ms: number;
}

/** POSTs `body` with `concurrency` workers for `durationMs`; requests per second and p99 latency. */
async function measurePost(url: string, body: string, durationMs: number, concurrency = 32): Promise<Run> {
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

/** A bare Hono POST route at `path` that reads the body and answers `answer`. */
function serveBarePost(path: string, answer: Uint8Array, contentType: string) {
  const bare = new Hono();
  bare.post(path, async (c) => {
    await c.req.arrayBuffer();
    return c.body(answer as Uint8Array<ArrayBuffer>, 200, { "content-type": contentType });
  });
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, bare.fetch);
}

export async function comparePost(
  serviceBase: string,
  path: string,
  requestBody: unknown,
  durationMs: number,
): Promise<PostThroughput> {
  const body = JSON.stringify(requestBody);
  const sample = await fetch(serviceBase + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const answer = new Uint8Array(await sample.arrayBuffer());
  if (!sample.ok) throw new Error(`${path} answered ${sample.status}: ${new TextDecoder().decode(answer)}`);
  const bare = serveBarePost(path, answer, sample.headers.get("content-type") ?? "application/json");
  try {
    const bareBase = `http://127.0.0.1:${bare.addr.port}`;
    // Warm both sides up before measuring.
    await measurePost(serviceBase + path, body, 300);
    await measurePost(bareBase + path, body, 300);
    const service = await measurePost(serviceBase + path, body, durationMs);
    const baseline = await measurePost(bareBase + path, body, durationMs);
    return {
      route: `POST ${path}`,
      serviceRps: service.rps,
      bareRps: baseline.rps,
      rpsRatio: service.rps / baseline.rps,
      serviceP99Ms: service.p99Ms,
      bareP99Ms: baseline.p99Ms,
      p99Ratio: service.p99Ms / baseline.p99Ms,
    };
  } finally {
    await bare.shutdown();
  }
}

/** The deposit (fresh owner, full bundle) and withdraw builders against their baselines. */
export async function compareFundsBuilders(serviceBase: string, durationMs: number): Promise<PostThroughput[]> {
  const manifest = JSON.parse(await Deno.readTextFile("fixtures/world/manifest.json"));
  const withFunds: string = manifest.cases.v2.manyPositionsAndLimitOrder.owner;
  const fresh = "BenchFresh1111111111111111111111111111111111";
  const feePayer = "BenchFeePayer111111111111111111111111111111";
  return [
    await comparePost(
      serviceBase,
      "/v2/transaction-builder/deposit",
      { owner: fresh, tokenSymbol: "USDC", amount: "100" },
      durationMs,
    ),
    await comparePost(
      serviceBase,
      "/v2/transaction-builder/withdraw",
      { owner: withFunds, tokenSymbol: "USDC", amount: "1", feePayer, feePayerTopUpLamports: 20_000_000 },
      durationMs,
    ),
  ];
}
