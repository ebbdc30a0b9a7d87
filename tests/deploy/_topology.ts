/**
 * The compose topology without containers, for tests/deploy/nginx-topology.test.ts: Debian's nginx running
 * `deploy/nginx.conf` itself (only the addresses it listens on and proxies to are substituted, plus scratch paths for a
 * non-root nginx), two service processes started as `deno task start` starts them, and a real redis-server.
 * Where nginx is not installed the test is skipped with a message, as the Redis tests are (`.ci/run` installs both).
 */
import { freePort } from "../helpers/ports.ts";

function installed(command: string): boolean {
  try {
    return new Deno.Command(command, { args: ["-v"], stdout: "null", stderr: "null" }).outputSync().success;
  } catch {
    return false;
  }
}

/** Debian puts nginx in /usr/sbin, which a non-root user's PATH may not hold. */
export const NGINX = ["nginx", "/usr/sbin/nginx"].find(installed);

export const HAS_NGINX = NGINX !== undefined;
if (!HAS_NGINX) console.warn("nginx is not installed: the nginx topology test is skipped");

/**
 * deploy/nginx.conf with the compose service names replaced by loopback addresses. Everything that decides how
 * requests are proxied (headers, upgrades, retries, timeouts) stays as committed; a directive that is missing is
 * an error here rather than a silently different configuration.
 */
export function substituteAddresses(
  conf: string,
  listenPort: number,
  upstreamPorts: number[],
  scratch: string,
): string {
  const servers = [...conf.matchAll(/^\s*server api-\d+:8080\b/gm)];
  if (servers.length !== upstreamPorts.length) {
    throw new Error(`deploy/nginx.conf: expected ${upstreamPorts.length} upstream servers, found ${servers.length}`);
  }
  let out = conf;
  upstreamPorts.forEach((port, i) => {
    out = out.replace(new RegExp(`server api-${i + 1}:8080\\b`), `server 127.0.0.1:${port}`);
  });
  if (!/^\s*listen 8080;/m.test(out)) throw new Error("deploy/nginx.conf: no `listen 8080;`");
  out = out.replace(/^(\s*)listen 8080;/m, `$1listen 127.0.0.1:${listenPort};`);
  // A non-root nginx cannot write the package's temporary directories or its log files.
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${scratch}/${kind};`).join("\n");
  return out.replace(/^http \{$/m, `http {\n${temp}`).replace("access_log /dev/stdout;", "access_log off;");
}

export interface Process {
  port: number;
  base: string;
  /** Everything it wrote on stdout so far (drained continuously, so a full pipe never blocks it). */
  output(): string;
  kill(signal?: Deno.Signal): Promise<Deno.CommandStatus>;
}

function drained(child: Deno.ChildProcess) {
  let text = "";
  const decoder = new TextDecoder();
  const done = child.stdout.pipeTo(
    new WritableStream({ write: (chunk) => void (text += decoder.decode(chunk, { stream: true })) }),
  ).catch(() => {});
  return { text: () => text, done };
}

function handle(child: Deno.ChildProcess, port: number): Process {
  const out = drained(child);
  let status: Promise<Deno.CommandStatus> | undefined;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    output: out.text,
    kill(signal: Deno.Signal = "SIGTERM") {
      if (!status) {
        try {
          child.kill(signal);
        } catch {
          // already exited
        }
        status = child.status.then(async (s) => (await out.done, s));
      }
      return status;
    },
  };
}

async function untilAnswers(url: string, what: string, ms: number, ok: (r: Response) => boolean) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      if (ok(response)) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not answer ${url} within ${ms} ms`);
}

/** One replica as `deno task start` runs it (same flags), on the embedded world, logging every request. */
export async function startReplica(env: Record<string, string>): Promise<Process> {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "--v8-flags=--no-allocation-site-pretenuring", "src/main.ts"],
    // Its own metrics port: the default (9464) is one per machine, and other service processes may hold it.
    env: { HOST: "127.0.0.1", PORT: String(port), METRICS_PORT: String(freePort()), LOG_LEVEL: "debug", ...env },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const replica = handle(child, port);
  try {
    await untilAnswers(`${replica.base}/v2/health`, "a replica", 90_000, (r) => r.status === 200);
  } catch (error) {
    await replica.kill("SIGKILL");
    throw error;
  }
  return replica;
}

/** nginx in the foreground on deploy/nginx.conf (addresses substituted), its files in a scratch directory. */
export async function startNginx(upstreamPorts: number[]): Promise<Process & { conf: string }> {
  const scratch = await Deno.makeTempDir({ prefix: "nginx-topology-" });
  // Run as root, nginx's workers are `nobody`: they must reach the temporary directories the master makes here.
  await Deno.chmod(scratch, 0o755);
  const port = freePort();
  const conf = substituteAddresses(await Deno.readTextFile("deploy/nginx.conf"), port, upstreamPorts, scratch);
  const confPath = `${scratch}/nginx.conf`;
  await Deno.writeTextFile(confPath, conf);
  const child = new Deno.Command(NGINX!, {
    args: ["-e", "stderr", "-p", scratch, "-c", confPath, "-g", `daemon off; pid ${scratch}/nginx.pid;`],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const nginx = handle(child, port);
  try {
    await untilAnswers(`${nginx.base}/docs/`, "nginx", 10_000, () => true);
  } catch (error) {
    await nginx.kill("SIGKILL");
    throw error;
  }
  const kill = nginx.kill;
  return {
    ...nginx,
    conf,
    async kill(signal?: Deno.Signal) {
      const status = await kill(signal);
      await Deno.remove(scratch, { recursive: true }).catch(() => {});
      return status;
    },
  };
}

/**
 * The replicas that logged a request, by its X-Request-Id (they log every request at debug, holding lines up to
 * 10 ms before writing them: see src/http/logger.ts), waiting up to 2 s for the line.
 */
export async function servedBy(replicas: Process[], requestId: string): Promise<number[]> {
  const find = () =>
    replicas.flatMap((replica, i) =>
      replica.output().split("\n").some((line) => line.includes(`"requestId":"${requestId}"`)) ? [i] : []
    );
  const deadline = Date.now() + 2_000;
  while (find().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return find();
}
