/**
 * Mount points (DECISIONS 1.1): the settings, where each documented path is served, the boot's refusal of mounts
 * under which both interfaces would answer one request, and what follows the mount besides the routes (documents,
 * docs page, rate-limit exemptions).
 */
import assert from "node:assert/strict";
import { ConfigError, loadConfig } from "../../src/config/env.ts";
import {
  assertMountsDisjoint,
  DEFAULT_MOUNTS,
  interfaceOf,
  mountedDocument,
  mountedPath,
  type Mounts,
  mountsOf,
} from "../../src/http/mounts.ts";
import { docsPageHtml } from "../../src/http/docs.ts";
import { createServiceApp } from "../../src/server.ts";
import { DOCUMENTS } from "../helpers/openapi.ts";

const LIVE: Mounts = { v2: "", earlier: "/v1" };

Deno.test("V2_BASE_PATH / EARLIER_BASE_PATH: defaults, prefixes, off; anything else is a ConfigError", () => {
  assert.deepEqual(mountsOf(loadConfig({})), DEFAULT_MOUNTS);
  assert.deepEqual(DEFAULT_MOUNTS, { v2: "/v2", earlier: "" });
  assert.deepEqual(mountsOf(loadConfig({ V2_BASE_PATH: "/", EARLIER_BASE_PATH: "/v1/" })), LIVE);
  assert.deepEqual(mountsOf(loadConfig({ V2_BASE_PATH: "/api/v2", EARLIER_BASE_PATH: "off" })), {
    v2: "/api/v2",
    earlier: null,
  });
  for (const bad of ["v2", "/v2 x", "/{x}", "/a//b", "/:p", "OFF"]) {
    assert.throws(
      () => loadConfig({ V2_BASE_PATH: bad }),
      (e) => e instanceof ConfigError && /V2_BASE_PATH/.test(e.message),
    );
  }
});

Deno.test("a documented path is served at its interface's mount", () => {
  assert.equal(mountedPath(DEFAULT_MOUNTS, "v2", "/v2/owner/{owner}"), "/v2/owner/{owner}");
  assert.equal(mountedPath(DEFAULT_MOUNTS, "earlier", "/health"), "/health");
  assert.equal(mountedPath(LIVE, "v2", "/v2/owner/{owner}"), "/owner/{owner}");
  assert.equal(mountedPath(LIVE, "earlier", "/docs/"), "/v1/docs/");
  assert.equal(mountedPath({ v2: null, earlier: "" }, "v2", "/v2/health"), undefined);
  assert.throws(() => mountedPath(LIVE, "v2", "/health"), /not a path of the v2 interface/);
});

Deno.test("an operation's interface is the document that declares it; no operationId is in both", () => {
  const declared = (document: { paths: Record<string, Record<string, { operationId?: string }>> }) =>
    Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((o) => o.operationId ?? []));
  const v2 = declared(DOCUMENTS.v2 as never);
  const earlier = declared(DOCUMENTS.earlier as never);
  assert.ok(v2.length > 40 && earlier.length > 30);
  assert.deepEqual(v2.filter((id) => earlier.includes(id)), []);
  assert.deepEqual(v2.filter((id) => interfaceOf(id) !== "v2"), []);
  assert.deepEqual(earlier.filter((id) => interfaceOf(id) !== "earlier"), []);
  assert.throws(() => interfaceOf("v2NoSuchOperation"), /no operation v2NoSuchOperation/);
});

Deno.test("mounts under which both interfaces answer one method and path stop the boot, naming both routes", () => {
  for (
    const ok of [DEFAULT_MOUNTS, LIVE, { v2: "", earlier: null }, { v2: null, earlier: "" }, {
      v2: "/a",
      earlier: "/b",
    }]
  ) {
    assertMountsDisjoint(ok);
  }
  assert.throws(
    () => assertMountsDisjoint({ v2: "", earlier: "" }),
    (e) =>
      e instanceof ConfigError && e.message.includes("V2_BASE_PATH=/ and EARLIER_BASE_PATH=/") &&
      e.message.includes("GET /health: v2's GET /v2/health and the earlier interface's GET /health"),
  );
  // Not only equal paths: a parameter segment of one matches the other's literal.
  assert.throws(
    () => assertMountsDisjoint({ v2: "/positions", earlier: "" }),
    (e) =>
      e instanceof ConfigError &&
      e.message.includes(
        "GET /positions/health: v2's GET /v2/health and the earlier interface's GET /positions/{pubkey}",
      ),
  );
});

Deno.test("the service refuses colliding mounts before it boots anything", async () => {
  await assert.rejects(
    () => createServiceApp(loadConfig({ V2_BASE_PATH: "/", EARLIER_BASE_PATH: "/" })),
    (e) => e instanceof ConfigError && e.message.includes("GET /health: v2's GET /v2/health"),
  );
});

Deno.test("the served documents carry the mounted paths; the default serves the YAML as it is", () => {
  assert.equal(mountedDocument(DOCUMENTS.v2, DEFAULT_MOUNTS, "v2"), DOCUMENTS.v2);
  const v2 = mountedDocument(DOCUMENTS.v2, LIVE, "v2");
  const earlier = mountedDocument(DOCUMENTS.earlier, LIVE, "earlier");
  assert.deepEqual(Object.keys(v2.paths), Object.keys(DOCUMENTS.v2.paths).map((p) => p.slice("/v2".length)));
  assert.deepEqual(Object.keys(earlier.paths), Object.keys(DOCUMENTS.earlier.paths).map((p) => `/v1${p}`));
  assert.equal(v2.paths["/owner/{owner}"], DOCUMENTS.v2.paths["/v2/owner/{owner}"]);
  assert.deepEqual(
    (v2 as { servers?: unknown }).servers,
    [{ url: "/" }],
    "the server stays the host's root: the paths carry the mount",
  );
  assert.equal(mountedDocument(DOCUMENTS.v2, LIVE, "v2"), v2, "made once");
});

Deno.test("the docs page names each document and its script where the mounts serve them", () => {
  const page = docsPageHtml(LIVE);
  assert.match(page, /"url":"\/api-docs\/openapi.json"/);
  assert.match(page, /"url":"\/v1\/api-docs\/openapi.json"/);
  assert.match(page, /<script src="\/v1\/docs\/scalar.js">/);
  const onlyEarlier = docsPageHtml({ v2: null, earlier: "" });
  assert.doesNotMatch(onlyEarlier, /v2 \(basket model\)/);
  assert.match(docsPageHtml(), /"url":"\/v2\/api-docs\/openapi.json"/);
});
