/**
 * Interactive documentation at `/docs/` for both interfaces (Scalar), with the viewer's script served from the
 * npm package so the page makes no request to any CDN (DECISIONS 1.6): default fonts off, no proxy, no telemetry.
 */
import type { AppEnv } from "../services.ts";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { DEFAULT_MOUNTS, DOCS_SCRIPT_DOCUMENTED_PATH, mountedPath, type Mounts, operationPath } from "./mounts.ts";

/** Where the viewer's script is served by default (it follows the earlier interface's mount). */
export const DOCS_SCRIPT_PATH = DOCS_SCRIPT_DOCUMENTED_PATH;

let scriptCache: Uint8Array | undefined;

/** The package does not export its browser bundle, so locate it next to the package's resolved entry point. */
function scalarStandaloneScript(): Uint8Array {
  if (!scriptCache) {
    const entry = createRequire(import.meta.url).resolve("@scalar/api-reference");
    const packageRoot = dirname(dirname(entry));
    scriptCache = Deno.readFileSync(join(packageRoot, "dist", "browser", "standalone.js"));
  }
  return scriptCache;
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
    c.header("content-type", "application/javascript; charset=utf-8");
    c.header("cache-control", "public, max-age=86400");
    return c.body(scalarStandaloneScript() as Uint8Array<ArrayBuffer>);
  });
}
