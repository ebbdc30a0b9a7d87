import assert from "node:assert/strict";
import { ConfigError, ConfigSchema, isLiveMode, loadConfig } from "../../src/config/env.ts";

Deno.test("config: defaults replay the embedded world on 0.0.0.0:8080", () => {
  const config = loadConfig({});
  assert.equal(config.HOST, "0.0.0.0");
  assert.equal(config.PORT, 8080);
  assert.equal(config.REPLAY_DIR, "fixtures/world");
  assert.equal(config.RATE_LIMIT_RPS, 10);
  assert.equal(isLiveMode(config), false);
});

Deno.test("config: values are parsed and live mode follows RPC_URL", () => {
  const config = loadConfig({ PORT: "9000", RPC_URL: "http://127.0.0.1:8899", TRUST_PROXY: "true", PATH: "/bin" });
  assert.equal(config.PORT, 9000);
  assert.equal(config.TRUST_PROXY, true);
  assert.equal(isLiveMode(config), true);
});

Deno.test("config: a bad value is rejected at boot, naming the variable", () => {
  assert.throws(
    () => loadConfig({ PORT: "eighty" }),
    (e: unknown) => e instanceof ConfigError && /PORT/.test(e.message),
  );
  assert.throws(() => loadConfig({ RPC_URL: "not a url" }), /RPC_URL/);
  // A scheme the sources cannot use is refused at boot, not left to fail every ingest session.
  const http = "http://127.0.0.1:1";
  for (
    const [env, message] of [
      [{ RPC_URL: "ftp://127.0.0.1:1" }, /RPC_URL: must be an http:\/\/ or https:\/\/ URL/],
      [{ RPC_URL: "ws://127.0.0.1:1" }, /RPC_URL: must be an http/],
      [{ RPC_URL: http, ER_RPC_URL: "wss://er.example" }, /ER_RPC_URL: must be an http/],
      [{ RPC_URL: http, RPC_WS_URL: "http://127.0.0.1:2" }, /RPC_WS_URL: must be a ws:\/\/ or wss:\/\/ URL/],
      [{ RPC_URL: http, ER_RPC_WS_URL: "https://er.example" }, /ER_RPC_WS_URL: must be a ws/],
      [{ RPC_URL: http, ORACLE_URL: "https://oracle.example" }, /ORACLE_URL: must be a ws/],
    ] as const
  ) assert.throws(() => loadConfig(env), message);
  const live = loadConfig({
    RPC_URL: "https://rpc.example",
    RPC_WS_URL: "wss://rpc.example",
    ER_RPC_URL: http,
    ER_RPC_WS_URL: "ws://127.0.0.1:2",
    ORACLE_URL: "wss://oracle.example/v1/stream",
  });
  assert.equal(live.ORACLE_URL, "wss://oracle.example/v1/stream");
  // Live mode's other upstreams without RPC_URL would be ignored in favour of the replay: refused, each named.
  assert.throws(() => loadConfig({ ER_RPC_URL: "http://127.0.0.1:1" }), /ER_RPC_URL: requires RPC_URL/);
  for (
    const name of ["RPC_WS_URL", "ER_RPC_URL", "ER_RPC_WS_URL", "ORACLE_URL", "ORACLE_TOKEN"] as const
  ) {
    const value = name === "ORACLE_TOKEN"
      ? "secret"
      : name.endsWith("WS_URL") || name === "ORACLE_URL"
      ? "ws://x"
      : http;
    assert.throws(
      () => loadConfig({ [name]: value }),
      new RegExp(`^ConfigError: invalid configuration:\n  ${name}: requires RPC_URL`),
    );
  }
  assert.throws(
    () => loadConfig({ ORACLE_URL: "wss://oracle.example", ORACLE_TOKEN: "t" }),
    /ORACLE_URL: requires RPC_URL \(the base chain\) as well\n {2}ORACLE_TOKEN: requires RPC_URL/,
  );
  assert.equal(loadConfig({}).RPC_URL, undefined, "no upstream at all: the replay");
  // In live mode too: a WebSocket URL without its RPC, a token without its stream.
  assert.throws(
    () => loadConfig({ RPC_URL: http, ER_RPC_WS_URL: "ws://er", ORACLE_TOKEN: "t" }),
    /^ConfigError: invalid configuration:\n {2}ER_RPC_WS_URL: requires ER_RPC_URL as well\n {2}ORACLE_TOKEN: requires ORACLE_URL as well$/,
  );
  // Named together with a bad value, not only once that is fixed.
  assert.throws(
    () => loadConfig({ RPC_WS_URL: "http://x", ORACLE_TOKEN: "t" }),
    /RPC_WS_URL: must be a ws:\/\/ or wss:\/\/ URL\n {2}RPC_WS_URL: requires RPC_URL \(the base chain\) as well\n {2}ORACLE_TOKEN: requires RPC_URL \(the base chain\) and ORACLE_URL as well/,
  );
});

Deno.test("every configuration variable is in .env.example and in the README's configuration table", async () => {
  const example = await Deno.readTextFile(".env.example");
  const readme = await Deno.readTextFile("README.md");
  const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## Endpoint status"));
  for (const name of Object.keys(ConfigSchema.shape)) {
    assert.match(example, new RegExp(`^# ${name}=`, "m"), `.env.example lacks ${name}`);
    assert.match(table, new RegExp(`\`${name}\``), `README configuration table lacks ${name}`);
  }
});

Deno.test("the container runs the Deno version the project pins", async () => {
  const dockerfile = await Deno.readTextFile("Dockerfile");
  const ci = await Deno.readTextFile(".ci/run");
  const pinned = /deno@(\d+\.\d+\.\d+)/.exec(ci)![1];
  // The base is a build argument (deploy/verify-image.sh builds on a local one); its default is the official image.
  assert.match(dockerfile, new RegExp(`^ARG BASE=denoland/deno:${pinned.replaceAll(".", "\\.")}$`, "m"));
  assert.match(dockerfile, /^FROM \$\{BASE\}$/m);
});

Deno.test("config: LOG_LEVEL and REDIS_URL are validated", () => {
  assert.equal(loadConfig({}).LOG_LEVEL, "info");
  assert.equal(loadConfig({}).REDIS_URL, undefined);
  assert.equal(loadConfig({ REDIS_URL: "redis://cache:6379" }).REDIS_URL, "redis://cache:6379");
  assert.throws(() => loadConfig({ LOG_LEVEL: "loud" }), /LOG_LEVEL/);
  assert.throws(() => loadConfig({ REDIS_URL: "http://cache:6379" }), /REDIS_URL/);
});
