/** `CORS_ORIGINS` parsing and the origin check the REST CORS headers and the WebSocket upgrades share. */
import assert from "node:assert/strict";
import { isAllowedOrigin, normalizeOrigin, parseCorsOrigins } from "../../src/config/cors-origins.ts";
import { ConfigError, loadConfig } from "../../src/config/env.ts";

Deno.test("CORS_ORIGINS: `*` by default, or a list normalized as browsers send origins", () => {
  assert.equal(loadConfig({}).CORS_ORIGINS, "*");
  assert.equal(loadConfig({ CORS_ORIGINS: " * " }).CORS_ORIGINS, "*");
  assert.deepEqual(
    loadConfig({ CORS_ORIGINS: "https://App.Example.com:443/, http://localhost:5173,,capacitor://LocalHost" })
      .CORS_ORIGINS,
    ["https://app.example.com", "http://localhost:5173", "capacitor://localhost"],
  );
  assert.deepEqual(parseCorsOrigins("http://a.test,http://a.test/"), ["http://a.test"]);
  assert.equal(normalizeOrigin("http://[::1]:8080"), "http://[::1]:8080");
  assert.equal(normalizeOrigin("https://bücher.example"), "https://xn--bcher-kva.example");
});

Deno.test("CORS_ORIGINS: anything that is not an origin stops the boot, naming the variable and the entry", () => {
  const cases: [string, RegExp][] = [
    ["https://app.example.com/path", /not an origin/],
    ["https://app.example.com?x=1", /not an origin/],
    ["app.example.com", /not an origin/],
    ["https://user@app.example.com", /not an origin/],
    ["https://*.example.com", /wildcards are not supported/],
    ["*,https://app.example.com", /cannot be combined/],
    ["null", /"null" cannot be allowed/],
    [" , ", /no origin given/],
    ["https://app.example.com:99999", /host or port is invalid/],
  ];
  for (const [value, message] of cases) {
    assert.throws(
      () => loadConfig({ CORS_ORIGINS: value }),
      (e: unknown) => e instanceof ConfigError && /CORS_ORIGINS/.test(e.message) && message.test(e.message),
      value,
    );
  }
});

Deno.test("isAllowedOrigin: `*` allows all, a list exactly its origins; no Origin header is not a browser", () => {
  const list = parseCorsOrigins("https://app.example.com,http://localhost:5173");
  assert.equal(isAllowedOrigin("https://anything.example", "*"), true);
  assert.equal(isAllowedOrigin("null", "*"), true);
  assert.equal(isAllowedOrigin("https://app.example.com", list), true);
  assert.equal(isAllowedOrigin("http://localhost:5173", list), true);
  for (
    const refused of ["http://app.example.com", "https://app.example.com:8443", "http://localhost:5174", "null", ""]
  ) {
    assert.equal(isAllowedOrigin(refused, list), false, refused);
  }
  assert.equal(isAllowedOrigin(undefined, list), true);
  assert.equal(isAllowedOrigin(null, list), true);
});
