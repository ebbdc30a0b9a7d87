/**
 * The cached reads: GET routes with a path parameter whose answer, once computed by a read, is cached until what it
 * was computed from changes (the owner views, src/runtime/owner-view-cache.ts). The edge (edge.ts) answers such a
 * request from the cache, before the app is entered; anything not cached (an owner never read in this moment, an
 * unusual spelling of the path or query) goes to the app, which validates, computes and caches it.
 *
 * Only an owner whose view is cached can be answered here, and a view is cached only after the app validated that
 * owner, so the edge never answers what the app would refuse: a path segment is looked up as it is (a percent-encoded
 * one never matches a cached owner), and the query must be spelled exactly as below. Each route's prefix and template
 * come from the generated route table at the interface's mount (src/http/mounts.ts), never from a path spelled here.
 */
import type { CachedRead, CachedReadAnswer } from "./edge.ts";
import type { Services } from "../../services.ts";
import { type InterfaceName, type Mounts, mountsOf, operationPath, routeTemplateOf } from "../mounts.ts";

/** A base58 public key alone in its path segment (anything else is the app's to answer). */
const OWNER = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * The owner named by a path `prefix` + owner (+ `?` query), with the query as written (`""` without one), or
 * undefined when the segment is not a public key alone. The path starts with `prefix`.
 */
function ownerAndQuery(pathAndQuery: string, prefix: string): { owner: string; query: string } | undefined {
  const queryAt = pathAndQuery.indexOf("?", prefix.length);
  const owner = pathAndQuery.slice(prefix.length, queryAt < 0 ? undefined : queryAt);
  return OWNER.test(owner) ? { owner, query: queryAt < 0 ? "" : pathAndQuery.slice(queryAt) } : undefined;
}

/** The queries of `/positions/owner/{owner}` answered from the cache, by the flag they set. */
const POSITIONS_QUERIES: ReadonlyMap<string, boolean> = new Map(
  [false, true].map((pnl) => [`?includePnlInLeverageDisplay=${pnl}`, pnl]),
);

const answer = (view: { readonly json: string } | undefined, route: string): CachedReadAnswer | undefined =>
  view === undefined ? undefined : { json: view.json, identity: view, route };

/** A cached route: the literal part of its mounted path before the owner, and its template as the app registers it. */
interface CachedRoute {
  prefix: string;
  template: string;
}

/** The cached route of an operation whose path ends in `{owner}` at the mounts, or undefined when it is off. */
function cachedRoute(mounts: Mounts, iface: InterfaceName, operationId: string): CachedRoute | undefined {
  const path = operationPath(mounts, iface, operationId);
  if (path === undefined) return undefined;
  if (!path.endsWith("/{owner}")) throw new Error(`${operationId}'s path ${path} does not end in its owner`);
  return { prefix: path.slice(0, -"{owner}".length), template: routeTemplateOf(path) };
}

/**
 * The owner views' cached answers: `GET /v2/owner/{owner}`, `/positions/owner/{owner}`, `/orders/owner/{owner}`, at
 * their interfaces' mounts (src/http/mounts.ts; the prefixes are computed here once, from the generated route table).
 */
export function cachedReadsOf(services: Services): CachedRead {
  const { v2, earlier } = services.deployments;
  const mounts = mountsOf(services.config);
  const basket = cachedRoute(mounts, "v2", "v2GetOwnerSnapshot");
  const positions = cachedRoute(mounts, "earlier", "getPositionsByOwner");
  const orders = cachedRoute(mounts, "earlier", "getOrdersByOwner");
  return (pathAndQuery) => {
    if (basket && pathAndQuery.startsWith(basket.prefix)) {
      const found = ownerAndQuery(pathAndQuery, basket.prefix);
      return found?.query === "" ? answer(v2.owners.cachedView("basket", found.owner), basket.template) : undefined;
    }
    if (positions && pathAndQuery.startsWith(positions.prefix)) {
      const found = ownerAndQuery(pathAndQuery, positions.prefix);
      const pnl = found && POSITIONS_QUERIES.get(found.query);
      if (found === undefined || pnl === undefined) return undefined;
      return answer(earlier.owners.cachedView("positions", found.owner, pnl), positions.template);
    }
    if (!orders || !pathAndQuery.startsWith(orders.prefix)) return undefined;
    const found = ownerAndQuery(pathAndQuery, orders.prefix);
    return found?.query === "" ? answer(earlier.owners.cachedView("orders", found.owner), orders.template) : undefined;
  };
}
