/**
 * The service as a process: configuration errors stop the boot; SIGTERM closes the stream sockets (1001) and shuts down
 * cleanly after serving.
 */
import assert from "node:assert/strict";
import { freePort } from "../helpers/ports.ts";

const SAMPLE_OWNER = "Ec9hbAKeAzEpTJKTebKqSGYWAQQb9uzUuqqrXu2k3HFC";

Deno.test("a bad configuration value stops the boot with exit code 2, naming the variable", async () => {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "src/main.ts"],
    env: { PORT: "eighty" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(output.code, 2);
  assert.match(new TextDecoder().decode(output.stderr), /PORT/);
});

Deno.test("a recording or a configuration file that cannot be read stops the boot the same way, in one line", async () => {
  for (
    const [env, line] of [
      [{ REPLAY_DIR: "/no/such/recording" }, /^REPLAY_DIR: no readable recording in \/no\/such\/recording \(/],
      [
        { POOL_CONFIG_V2: "/no/such/pool-config.json" },
        /^POOL_CONFIG_V2: \/no\/such\/pool-config.json: cannot be read/,
      ],
    ] as const
  ) {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-all", "src/main.ts"],
      env: { ...env, PORT: String(freePort()) },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(output.stderr).split("\n").filter((l) => l && !/punycode/.test(l));
    assert.equal(output.code, 2, stderr.join("\n"));
    assert.equal(stderr.length, 1, "one line, no stack trace");
    assert.match(stderr[0], line);
  }
});

Deno.test("SIGTERM: stream sockets close with 1001, the service finishes and exits 0", async () => {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "src/main.ts"],
    env: { PORT: String(port), HOST: "127.0.0.1" },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const deadline = Date.now() + 60_000;
  let health: Response | undefined;
  while (!health && Date.now() < deadline) {
    try {
      health = await fetch(`http://127.0.0.1:${port}/v2/health`);
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  assert.ok(health, "the service came up");
  assert.equal(health.status, 200);
  await health.body?.cancel();
  const socket = new WebSocket(`ws://127.0.0.1:${port}/v2/owner/${SAMPLE_OWNER}/ws`);
  const closed = new Promise<number>((resolve) => socket.onclose = (event) => resolve(event.code));
  await new Promise((resolve, reject) => {
    socket.onmessage = resolve;
    socket.onerror = reject;
  });
  child.kill("SIGTERM");
  assert.equal(await closed, 1001);
  const status = await child.status;
  const log = new TextDecoder().decode(await new Response(child.stdout).arrayBuffer());
  assert.equal(status.code, 0);
  // Structured logs: every line is one JSON object; the socket's request was logged with its id (the health read's
  // 200, a polled read, is written at debug only), then the shutdown.
  const entries = log.trim().split("\n").map((line) => JSON.parse(line));
  const requests = entries.filter((e) => e.msg === "request");
  assert.ok(requests.some((e) => e.route === "/v2/owner/:owner/ws" && typeof e.requestId === "string"), log);
  assert.ok(!requests.some((e) => e.route === "/v2/health"));
  assert.deepEqual({ ...entries.at(-2), time: undefined }, {
    time: undefined,
    level: "info",
    msg: "shutting down",
    signal: "SIGTERM",
    deadlineMs: 10_000,
  });
  assert.equal(entries.at(-1).msg, "stopped");
});

Deno.test("SIGTERM: what is still open at SHUTDOWN_TIMEOUT_MS is dropped, and the process exits 0 within it", async () => {
  // A connection that never sends its headers would otherwise hold the drain for HTTP_HEADERS_TIMEOUT_MS (60 s here).
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "src/main.ts"],
    env: { PORT: String(port), HOST: "127.0.0.1", SHUTDOWN_TIMEOUT_MS: "2000", HTTP_HEADERS_TIMEOUT_MS: "60000" },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    try {
      await (await fetch(`http://127.0.0.1:${port}/v2/health`)).body?.cancel();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const silent = await Deno.connect({ hostname: "127.0.0.1", port });
  await new Promise((r) => setTimeout(r, 200));
  const signalledAt = Date.now();
  child.kill("SIGTERM");
  const status = await child.status;
  const took = Date.now() - signalledAt;
  silent.close();
  await child.stdout.cancel();
  assert.equal(status.code, 0);
  assert.ok(took >= 900 && took < 4_000, `exited ${took} ms after SIGTERM: at the drain's deadline, not before`);
});

Deno.test("SIGTERM during the boot's wait for an upstream: a graceful stop, exit 0, without waiting out the 120 s", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "src/main.ts"],
    // Nothing listens on port 9: the first load cannot come, and the boot waits for it.
    env: { PORT: String(freePort()), HOST: "127.0.0.1", RPC_URL: "http://127.0.0.1:9" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  // The first failed attempt is logged at warn (stderr): the boot is waiting.
  const stderr = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (!/"ingest: base/.test(seen)) {
    const { value, done } = await stderr.read();
    if (done) break;
    seen += value;
  }
  assert.match(seen, /"ingest: base/);
  const signalledAt = Date.now();
  child.kill("SIGTERM");
  const status = await child.status;
  await stderr.cancel();
  const log = new TextDecoder().decode(await new Response(child.stdout).arrayBuffer());
  assert.equal(status.code, 0);
  assert.ok(Date.now() - signalledAt < 20_000, "stopped at once, not after the wait");
  const entries = log.trim().split("\n").map((line) => JSON.parse(line));
  assert.deepEqual(entries.slice(-2).map((e) => e.msg), ["shutting down", "stopped"]);
  assert.ok(!entries.some((e) => e.msg === "listening"), "it never listened");
});
