/**
 * Interactive documentation at `/docs/` for both interfaces (Scalar), with the viewer's script served from the
 * npm package so the page makes no request to any CDN (DECISIONS 1.6): default fonts off, no proxy, no telemetry.
 * The script (4.35 MB) is the largest answer the service sends: gzipped once (1.2 MB) for clients that accept it,
 * and streamed from the one shared copy, so a client that stops reading holds a chunk, not the script.
 */
import type { AppEnv } from "../services.ts";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { DEFAULT_MOUNTS, DOCS_SCRIPT_DOCUMENTED_PATH, mountedPath, type Mounts, operationPath } from "./mounts.ts";

/** The viewer's script as served: its bytes, and their gzip, each read and compressed once and shared by every answer. */
interface ScriptAsset {
  identity: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

let scriptAsset: ScriptAsset | undefined;

/** The package does not export its browser bundle, so locate it next to the package's resolved entry point. */
function scalarStandaloneScript(): ScriptAsset {
  if (!scriptAsset) {
    const entry = createRequire(import.meta.url).resolve("@scalar/api-reference");
    const packageRoot = dirname(dirname(entry));
    const identity = Deno.readFileSync(join(packageRoot, "dist", "browser", "standalone.js"));
    scriptAsset = { identity, gzip: new Uint8Array(gzipSync(identity, { level: 9 })) };
  }
  return scriptAsset;
}

/** Bytes handed to the server at a time: an answer a client does not read holds about this much, not the asset. */
const CHUNK_BYTES = 64 * 1024;

/**
 * A body over shared bytes, handed out a chunk at a time as the client takes them. A whole-buffer body is copied
 * into each answer (4 MiB per unread answer of the script); this holds views of the one copy.
 */
export function sharedBytesBody(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      controller.enqueue(bytes.subarray(offset, offset + CHUNK_BYTES));
      offset += CHUNK_BYTES;
      if (offset >= bytes.length) controller.close();
    },
  }, { highWaterMark: 0 });
}

/** The page, naming each mounted interface's document where it is served. Made once per mounts. */
export function docsPageHtml(mounts: Mounts = DEFAULT_MOUNTS): string {
  let page = pages.get(mounts);
  if (page === undefined) pages.set(mounts, page = pageHtml(mounts));
  return page;
}

const pages = new WeakMap<Mounts, string>();

function pageHtml(mounts: Mounts): string {
  const v2 = operationPath(mounts, "v2", "v2GetOpenApiDocument");
  const earlier = operationPath(mounts, "earlier", "getOpenApiDocument");
  const configuration = {
    sources: [
      ...(v2 === undefined ? [] : [{ title: "v2 (basket model)", slug: "v2", url: v2 }]),
      ...(earlier === undefined ? [] : [{ title: "Earlier interface", slug: "earlier", url: earlier }]),
    ],
    withDefaultFonts: false,
    hideClientButton: true,
    telemetry: false,
    // The viewer's hosted extras (AI chat, MCP generation, deploy toolbar) call the vendor's servers: off.
    agent: { disabled: true },
    mcp: { disabled: true },
    showToolbar: "never",
  };
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Perpetuals trading API</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="${mountedPath(mounts, "earlier", DOCS_SCRIPT_DOCUMENTED_PATH)}"></script>
    <script>Scalar.createApiReference("#app", ${JSON.stringify(configuration)});</script>
  </body>
</html>
`;
}

/**
 * The viewer's script is an asset, not an API operation, so it is registered outside the OpenAPI route table; beside
 * the docs page, under the earlier interface's mount (none when that interface is off).
 */
export function docsAssetRoutes(app: OpenAPIHono<AppEnv>, mounts: Mounts = DEFAULT_MOUNTS) {
  const path = mountedPath(mounts, "earlier", DOCS_SCRIPT_DOCUMENTED_PATH);
  if (path === undefined) return;
  app.get(path, (c) => {
    const asset = scalarStandaloneScript();
    const gzip = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
    const bytes = gzip ? asset.gzip : asset.identity;
    const headers: Record<string, string> = {
      "content-type": "application/javascript; charset=utf-8",
      "cache-control": "public, max-age=86400",
      "content-length": String(bytes.length),
      vary: "Accept-Encoding",
    };
    if (gzip) headers["content-encoding"] = "gzip";
    return c.body(sharedBytesBody(bytes), 200, headers);
  });
}
