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
  assert.deepEqual({ ...entries.at(-1), time: undefined }, {
    time: undefined,
    level: "info",
    msg: "shutting down",
    signal: "SIGTERM",
  });
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
  assert.equal(entries.at(-1).msg, "shutting down");
  assert.ok(!entries.some((e) => e.msg === "listening"), "it never listened");
});
