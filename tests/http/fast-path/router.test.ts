/** The app's router answers exactly as hono's TrieRouter, keeping route paths' matches (parameter paths bounded). */
import assert from "node:assert/strict";
import { TrieRouter } from "hono/router/trie-router";
import { CachedMatchRouter } from "../../../src/http/fast-path/router.ts";

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

Deno.test("cached match router: every match equals the trie's, first and later reads alike", () => {
  const trie = new TrieRouter<string>();
  const router = new CachedMatchRouter<string>();
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

Deno.test("cached match router: a literal path's match is cached; a path of no route and later routes are matched afresh", () => {
  const router = new CachedMatchRouter<string>();
  for (const [method, path] of ROUTES) router.add(method, path, path);
  const cached = router.match("GET", "/pool-data");
  assert.equal(router.match("GET", "/pool-data"), cached, "cached: the same result object");
  assert.equal(
    router.match("GET", "/pool-data/abc"),
    router.match("GET", "/pool-data/abc"),
    "a parameter path: cached",
  );
  assert.notEqual(router.match("GET", "/nowhere"), router.match("GET", "/nowhere"), "a path of no route");
  router.add("GET", "/pool-data", "second");
  const after = router.match("GET", "/pool-data");
  assert.notEqual(after, cached);
  assert.deepEqual(after[0].map(([handler]) => handler), ["/*", "/pool-data", "second"]);
});

Deno.test("cached match router: parameter paths are cached up to the bound, the least used out, and answer as the trie", () => {
  const trie = new TrieRouter<string>();
  const router = new CachedMatchRouter<string>(2);
  for (const [method, path] of ROUTES) {
    trie.add(method, path, path);
    router.add(method, path, path);
  }
  const first = router.match("GET", "/positions/owner/a");
  router.match("GET", "/positions/owner/b");
  assert.equal(router.match("GET", "/positions/owner/a"), first, "within the bound: cached");
  // Paths not read again go once as many others have been cached since (a bounded memo of two generations).
  for (const other of ["c", "d", "e"]) router.match("GET", `/positions/owner/${other}`);
  assert.notEqual(router.match("GET", "/positions/owner/a"), first, "past the bound: dropped");
  for (const path of ["/positions/owner/a", "/positions/owner/b", "/positions/owner/c", "/positions/xyz"]) {
    assert.deepEqual(router.match("GET", path), trie.match("GET", path), path);
  }
  const long = "/positions/" + "k".repeat(200);
  assert.notEqual(
    router.match("GET", long),
    router.match("GET", long),
    "a path over the cached length is matched afresh",
  );
});
