/**
 * tools/replay-serve.ts in a process of its own, for the benchmarks and tests that need the recording's endpoints
 * outside the process under test: started, its endpoints read from the one line it prints once it listens, stopped.
 */
import { fileURLToPath } from "node:url";

/** What replay-serve prints: the endpoints to point a service in live mode at. */
export interface ReplayEndpoints {
  RPC_URL: string;
  ER_RPC_URL: string;
  ORACLE_URL: string;
}

export interface ReplayServeProcess {
  child: Deno.ChildProcess;
  endpoints: ReplayEndpoints;
  /** SIGTERM, and waits for the process to end. */
  stop(): Promise<void>;
}

const REPLAY_SERVE = fileURLToPath(new URL("./replay-serve.ts", import.meta.url));

/** Starts replay-serve with `args` (its own options); resolves once it listens. */
export async function spawnReplayServe(
  args: string[],
  stderr: "inherit" | "null" = "null",
): Promise<ReplayServeProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", REPLAY_SERVE, ...args],
    stdout: "piped",
    stderr,
  }).spawn();
  const stop = async () => {
    child.kill("SIGTERM");
    await child.status;
  };
  try {
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("replay endpoints exited before listening");
      text += value;
    }
    reader.releaseLock();
    child.stdout.cancel().catch(() => {}); // it prints nothing more
    const line = JSON.parse(text.split("\n")[0]);
    return {
      child,
      endpoints: { RPC_URL: line.RPC_URL, ER_RPC_URL: line.ER_RPC_URL, ORACLE_URL: line.ORACLE_URL },
      stop,
    };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
