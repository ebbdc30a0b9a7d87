/** The app's router answers exactly as hono's TrieRouter, keeping only literal route paths' matches. */
import assert from "node:assert/strict";
import { TrieRouter } from "hono/router/trie-router";
import { LiteralPathRouter } from "../../src/http/router.ts";

const ROUTES: [string, string][] = [
  ["ALL", "/*"],
  ["GET", "/positions/:pubkey"],
  ["GET", "/positions/owner/:owner"],
  ["GET", "/pool-data"],
  ["GET", "/pool-data/:pool_pubkey"],
  ["GET", "/pool-data/status/initialized"],
  ["POST", "/v2/preview/margin"],
];
const REQUESTS: [string, string][] = [
  ["GET", "/pool-data"],
  ["GET", "/pool-data/status/initialized"],
  ["GET", "/pool-data/abc"],
  ["GET", "/positions/owner/x"],
  ["GET", "/positions/owner"],
  ["POST", "/v2/preview/margin"],
  ["GET", "/v2/preview/margin"],
  ["GET", "/nowhere"],
];

Deno.test("literal path router: every match equals the trie's, first and later reads alike", () => {
  const trie = new TrieRouter<string>();
  const router = new LiteralPathRouter<string>();
  for (const [method, path] of ROUTES) {
    trie.add(method, path, `${method} ${path}`);
    router.add(method, path, `${method} ${path}`);
  }
  for (let read = 0; read < 2; read++) {
    for (const [method, path] of REQUESTS) {
      assert.deepEqual(router.match(method, path), trie.match(method, path), `${method} ${path}, read ${read}`);
    }
  }
});

Deno.test("literal path router: a literal path's match is kept; other paths and later routes are matched afresh", () => {
  const router = new LiteralPathRouter<string>();
  for (const [method, path] of ROUTES) router.add(method, path, path);
  const kept = router.match("GET", "/pool-data");
  assert.equal(router.match("GET", "/pool-data"), kept, "kept: the same result object");
  assert.notEqual(router.match("GET", "/pool-data/abc"), router.match("GET", "/pool-data/abc"), "a parameter path");
  assert.notEqual(router.match("GET", "/nowhere"), router.match("GET", "/nowhere"), "a path of no route");
  router.add("GET", "/pool-data", "second");
  const after = router.match("GET", "/pool-data");
  assert.notEqual(after, kept);
  assert.deepEqual(after[0].map(([handler]) => handler), ["/*", "/pool-data", "second"]);
});
