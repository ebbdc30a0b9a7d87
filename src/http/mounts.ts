/**
 * Where each interface is served (DECISIONS 1.1): `V2_BASE_PATH` (default `/v2`) and `EARLIER_BASE_PATH` (default `/`),
 * each a path prefix or `off`. The YAML writes every path at its interface's default mount (`/v2/health`,
 * `/health`); a route is served at its mount followed by the rest of its documented path (`V2_BASE_PATH=/`:
 * `/health`; `EARLIER_BASE_PATH=/v1`: `/v1/health`). Everything that names a route follows: the app's routes and
 * streams, the edge's plain and cached reads, the rate limit's exemptions, the metrics' route labels (the templates as
 * registered), the served documents, the docs page.
 *
 * Every mounted path is computed here once, when the app is built; nothing on a request's path asks this module
 * anything.
 */
import { routes as v2Routes } from "../../gen/v2/routes.ts";
import { routes as earlierRoutes } from "../../gen/earlier/routes.ts";
import { type Config, ConfigError } from "../config/env.ts";

export type InterfaceName = "v2" | "earlier";

/** Each interface's generated route table, by operationId. */
const ROUTES: Readonly<Record<InterfaceName, Readonly<Record<string, { method: string; path: string }>>>> = {
  v2: v2Routes,
  earlier: earlierRoutes,
};

/** Each interface's route prefix: `""` at the root, `/v2`, …; `null` when the interface is off. */
export type Mounts = Readonly<Record<InterfaceName, string | null>>;

/** Where the documents write their paths. */
const DOCUMENTED_PREFIX: Readonly<Record<InterfaceName, string>> = { v2: "/v2", earlier: "" };

/** The default mounts: as the documents write the paths. */
export const DEFAULT_MOUNTS: Mounts = DOCUMENTED_PREFIX;

/** The setting each interface's mount comes from (for messages). */
const SETTING: Record<InterfaceName, string> = { v2: "V2_BASE_PATH", earlier: "EARLIER_BASE_PATH" };

type MountSettings = Partial<Pick<Config, "V2_BASE_PATH" | "EARLIER_BASE_PATH">>;

/**
 * The mounts a configuration sets (a configuration built without them: the defaults), the same object for the same
 * configuration: handlers ask with `services.config` and what is made per mounts is cached by that object.
 */
export function mountsOf(config: MountSettings): Mounts {
  let mounts = mountsByConfig.get(config);
  if (mounts === undefined) {
    const v2 = config.V2_BASE_PATH === undefined ? DEFAULT_MOUNTS.v2 : config.V2_BASE_PATH;
    const earlier = config.EARLIER_BASE_PATH === undefined ? DEFAULT_MOUNTS.earlier : config.EARLIER_BASE_PATH;
    mounts = v2 === DEFAULT_MOUNTS.v2 && earlier === DEFAULT_MOUNTS.earlier ? DEFAULT_MOUNTS : { v2, earlier };
    mountsByConfig.set(config, mounts);
  }
  return mounts;
}

const mountsByConfig = new WeakMap<MountSettings, Mounts>();

/** The path a documented path of `iface` is served at, or undefined when the interface is off. */
export function mountedPath(mounts: Mounts, iface: InterfaceName, documentedPath: string): string | undefined {
  const mount = mounts[iface];
  if (mount === null) return undefined;
  const documented = DOCUMENTED_PREFIX[iface];
  if (!documentedPath.startsWith(`${documented}/`)) {
    throw new Error(`${documentedPath} is not a path of the ${iface} interface (under ${documented || "/"})`);
  }
  return mount + documentedPath.slice(documented.length);
}

/**
 * The interface an operation belongs to: the one whose generated route table holds it. The one place that answers
 * this (the first-load guard and the builders' refusal texts ask it).
 */
export function interfaceOf(operationId: string): InterfaceName {
  if (Object.hasOwn(ROUTES.v2, operationId)) return "v2";
  if (Object.hasOwn(ROUTES.earlier, operationId)) return "earlier";
  throw new Error(`no operation ${operationId} in either interface`);
}

/** The path the operation `operationId` of `iface` is served at (undefined: the interface is off). */
export function operationPath(mounts: Mounts, iface: InterfaceName, operationId: string): string | undefined {
  const route = Object.hasOwn(ROUTES[iface], operationId) ? ROUTES[iface][operationId] : undefined;
  if (route === undefined) throw new Error(`no ${iface} operation ${operationId}`);
  return mountedPath(mounts, iface, route.path);
}

/** The route template Hono registers for an OpenAPI path (`/v2/owner/{owner}` → `/v2/owner/:owner`). */
export const routeTemplateOf = (openApiPath: string) => openApiPath.replace(/\{([^}]+)\}/g, ":$1");

/** Routes served besides the operations: the docs page's script (docs.ts), an earlier-interface path. */
export const DOCS_SCRIPT_DOCUMENTED_PATH = "/docs/scalar.js";

interface ServedRoute {
  iface: InterfaceName;
  method: string;
  documented: string;
}

function servedRoutes(): ServedRoute[] {
  const of = (iface: InterfaceName) =>
    Object.values(ROUTES[iface]).map((r) => ({ iface, method: r.method.toUpperCase(), documented: r.path }));
  return [
    ...of("v2"),
    ...of("earlier"),
    { iface: "earlier", method: "GET", documented: DOCS_SCRIPT_DOCUMENTED_PATH },
  ];
}

/** Whether two path templates (`{name}` a parameter) can match one path: same segment count, each pair equal or one a parameter. */
function overlap(a: string, b: string): boolean {
  const x = a.split("/");
  const y = b.split("/");
  if (x.length !== y.length) return false;
  const parameter = (segment: string) => segment.startsWith("{");
  return x.every((segment, i) => segment === y[i] || parameter(segment) || parameter(y[i]));
}

/**
 * Refuses (ConfigError) mounts under which a v2 route and an earlier route would answer one method and path, naming
 * both routes; e.g. both interfaces at `/`: `GET /health` would be v2's health and the earlier one's.
 */
export function assertMountsDisjoint(mounts: Mounts): void {
  const served = servedRoutes().flatMap((r) => {
    const path = mountedPath(mounts, r.iface, r.documented);
    return path === undefined ? [] : [{ ...r, path }];
  });
  const v2 = served.filter((r) => r.iface === "v2");
  const earlier = served.filter((r) => r.iface === "earlier");
  const clashes: string[] = [];
  for (const a of v2) {
    for (const b of earlier) {
      if (a.method === b.method && overlap(a.path, b.path)) {
        clashes.push(
          `${a.method} ${a.path}: v2's ${a.method} ${a.documented} and the earlier interface's ${b.method} ` +
            `${b.documented}`,
        );
      }
    }
  }
  if (clashes.length === 0) return;
  const setting = (iface: InterfaceName) => `${SETTING[iface]}=${mounts[iface] || "/"}`;
  const shown = clashes.slice(0, 5).join("\n  ") + (clashes.length > 5 ? `\n  … and ${clashes.length - 5} more` : "");
  throw new ConfigError(
    `invalid configuration: with ${setting("v2")} and ${setting("earlier")} both interfaces would answer the same ` +
      `requests (mount them apart, or set one to off):\n  ${shown}`,
  );
}

/**
 * A bundled document as served under `mounts`: its paths re-rooted at the interface's mount (the `servers` entry
 * stays the host's root `/`, under which each path is now written in full). The default mount serves the document as
 * it is. Cached per document and mount: it is made once.
 */
export function mountedDocument<D extends { paths?: Record<string, unknown> }>(
  document: D,
  mounts: Mounts,
  iface: InterfaceName,
): D {
  if (mounts[iface] === DEFAULT_MOUNTS[iface]) return document;
  const key = `${iface} ${mounts[iface]}`;
  let byMount = mountedDocuments.get(document);
  if (byMount === undefined) mountedDocuments.set(document, byMount = new Map());
  let served = byMount.get(key) as D | undefined;
  if (served === undefined) {
    const paths = Object.fromEntries(
      Object.entries(document.paths ?? {}).map(([path, item]) => [mountedPath(mounts, iface, path) ?? path, item]),
    );
    byMount.set(key, served = { ...document, paths });
  }
  return served;
}

const mountedDocuments = new WeakMap<object, Map<string, unknown>>();
