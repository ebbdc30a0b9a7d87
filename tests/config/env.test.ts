import assert from "node:assert/strict";
import { ConfigError, isLiveMode, loadConfig } from "../../src/config/env.ts";

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
  assert.throws(() => loadConfig({ ER_RPC_URL: "http://127.0.0.1:1" }), /ER_RPC_URL: requires RPC_URL/);
});
