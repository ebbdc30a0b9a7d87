/**
 * A real, throwaway `redis-server` on a free loopback port for the replica tests (Debian package
 * `redis-server`; `.ci/run` installs it). Where it is not installed the tests that need it are skipped with
 * a message saying so.
 */
import { freePort } from "./ports.ts";

export const REDIS_SERVER = "redis-server";

export function redisServerInstalled(): boolean {
  try {
    const { success } = new Deno.Command(REDIS_SERVER, { args: ["--version"], stdout: "null", stderr: "null" })
      .outputSync();
    return success;
  } catch {
    return false;
  }
}

export const HAS_REDIS = redisServerInstalled();
if (!HAS_REDIS) console.warn("redis-server is not installed: the Redis replica tests are skipped");

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** `port`: a given one, to restart a stopped server where its clients expect it (the topology test). */
export async function startRedisServer(port = freePort()): Promise<RedisServer> {
  const child = new Deno.Command(REDIS_SERVER, {
    args: ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--loglevel", "warning"],
    stdout: "null",
    stderr: "null",
  }).spawn();
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port });
      await conn.write(new TextEncoder().encode("PING\r\n"));
      const buffer = new Uint8Array(16);
      const n = await conn.read(buffer);
      conn.close();
      if (n && new TextDecoder().decode(buffer.subarray(0, n)).startsWith("+PONG")) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await child.status;
      throw new Error(`redis-server did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  let stopped = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      child.kill("SIGTERM");
      await child.status;
    },
  };
}

/** One command over a bare RESP connection (independent of the client under test); integer and string replies. */
export async function rawCommand(port: number, args: string[]): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    const encoded = `*${args.length}\r\n` +
      args.map((a) => `$${new TextEncoder().encode(a).length}\r\n${a}\r\n`).join("");
    await conn.write(new TextEncoder().encode(encoded));
    const buffer = new Uint8Array(4096);
    const n = await conn.read(buffer);
    const reply = new TextDecoder().decode(buffer.subarray(0, n ?? 0));
    const lines = reply.split("\r\n");
    // Integer (:n), simple (+s) and error (-e) replies carry the value on the first line; a bulk string ($len) on
    // the second.
    return lines[0].startsWith("$") ? lines[1] ?? "" : lines[0].slice(1);
  } finally {
    conn.close();
  }
}
