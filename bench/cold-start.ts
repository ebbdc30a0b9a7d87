/**
 * Cold start to ready on a large world: the service is started as its own process on a recording, and "ready" is
 * the first moment it answers on the network (main.ts listens only after the first full load). Peak RSS is the
 * process's high-water mark (VmHWM) read from /proc while it runs.
 */
export interface ColdStartResult {
  seconds: number;
  peakRssMiB: number;
  accounts: { baskets: number; deposit_ledgers: number };
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

function peakRssKiB(pid: number): number {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Starts the recording's endpoints in their own process; resolves with their URLs once they listen. */
async function startEndpoints(worldDir: string) {
  const child = new Deno.Command(Deno.execPath(), {
    // The service under test runs in live mode, on the wall clock: prices stamped as published now.
    args: ["run", "--allow-all", "tools/replay-serve.ts", "--dir", worldDir, "--no-loop", "--oracle-time", "wall"],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("replay endpoints exited before listening");
    text += value;
  }
  reader.releaseLock();
  child.stdout.cancel().catch(() => {});
  return { child, urls: JSON.parse(text.split("\n")[0]) as Record<string, string> };
}

/**
 * `embedded`: the default way to run (replay servers inside the service process, so the figure includes the
 * recording held by the replay). `live`: the recording served from another process and the service in live mode,
 * which is what the service itself costs when ingesting that much state from real endpoints.
 */
export async function measureColdStart(
  worldDir: string,
  mode: "embedded" | "live",
  timeoutMs = 600_000,
): Promise<ColdStartResult> {
  const port = freePort();
  const endpoints = mode === "live" ? await startEndpoints(worldDir) : undefined;
  const env: Record<string, string> = { PORT: String(port), HOST: "127.0.0.1", RATE_LIMIT_RPS: "0" };
  if (endpoints) {
    Object.assign(env, endpoints.urls, {
      ORACLE_TOKEN: "bench",
      POOL_CONFIG_V2: `${worldDir}/pool-config.v2.json`,
      POOL_CONFIG_EARLIER: `${worldDir}/pool-config.earlier.json`,
    });
  } else Object.assign(env, { REPLAY_DIR: worldDir, REPLAY_LOOP: "false" });
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "src/main.ts"],
    env,
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  let peak = 0;
  try {
    while (performance.now() - started < timeoutMs) {
      peak = Math.max(peak, peakRssKiB(child.pid));
      try {
        const response = await fetch(`http://127.0.0.1:${port}/v2/health`);
        const body = await response.json();
        const seconds = (performance.now() - started) / 1000;
        peak = Math.max(peak, peakRssKiB(child.pid));
        return { seconds, peakRssMiB: peak / 1024, accounts: body.accounts };
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error(`service not ready after ${timeoutMs} ms`);
  } finally {
    child.kill("SIGTERM");
    await child.status;
    if (endpoints) {
      endpoints.child.kill("SIGTERM");
      await endpoints.child.status;
    }
  }
}
