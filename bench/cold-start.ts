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

export async function measureColdStart(worldDir: string, timeoutMs = 600_000): Promise<ColdStartResult> {
  const port = freePort();
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "src/main.ts"],
    env: { REPLAY_DIR: worldDir, REPLAY_LOOP: "false", PORT: String(port), HOST: "127.0.0.1", RATE_LIMIT_RPS: "0" },
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
  }
}
