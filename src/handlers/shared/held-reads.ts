/**
 * The held reads: GET routes with a path parameter whose answer, once computed by a read, is held until what it was
 * computed from changes (the owner views, src/runtime/owner-view-cache.ts). The service's edge (src/http/edge.ts)
 * answers such a request from what is held, before the app is entered; anything it does not hold (an owner never read
 * in this moment, an unusual spelling of the path or query) goes to the app, which validates, computes and holds it.
 *
 * Only an owner whose view is held can be answered here, and a view is held only after the app validated that owner,
 * so the edge never answers what the app would refuse: a path segment is looked up as it is (a percent-encoded one
 * never matches a held owner), and the query must be spelled exactly as below.
 */
import type { HeldAnswer, HeldRead } from "../../http/edge.ts";
import type { Services } from "../../services.ts";

/** A base58 public key alone in its path segment (anything else is the app's to answer). */
const OWNER = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** `prefix` + owner + `suffix` → the owner, or undefined. */
function ownerIn(pathAndQuery: string, prefix: string, suffix: string): string | undefined {
  if (!pathAndQuery.startsWith(prefix) || !pathAndQuery.endsWith(suffix)) return undefined;
  const owner = pathAndQuery.slice(prefix.length, pathAndQuery.length - suffix.length);
  return OWNER.test(owner) ? owner : undefined;
}

const answer = (view: { readonly json: string } | undefined, route: string): HeldAnswer | undefined =>
  view === undefined ? undefined : { json: view.json, identity: view, route };

/** The owner views' held answers: `GET /v2/owner/{owner}`, `/positions/owner/{owner}`, `/orders/owner/{owner}`. */
export function heldReadsOf(services: Services): HeldRead {
  const { v2, earlier } = services.deployments;
  return (pathAndQuery) => {
    if (pathAndQuery.startsWith("/v2/owner/")) {
      const owner = ownerIn(pathAndQuery, "/v2/owner/", "");
      return owner === undefined ? undefined : answer(v2.owners.heldView("basket", owner), "/v2/owner/:owner");
    }
    if (pathAndQuery.startsWith("/positions/owner/")) {
      for (const pnl of [false, true]) {
        const owner = ownerIn(pathAndQuery, "/positions/owner/", `?includePnlInLeverageDisplay=${pnl}`);
        if (owner) return answer(earlier.owners.heldView("positions", owner, pnl), "/positions/owner/:owner");
      }
      return undefined;
    }
    const owner = ownerIn(pathAndQuery, "/orders/owner/", "");
    return owner === undefined ? undefined : answer(earlier.owners.heldView("orders", owner), "/orders/owner/:owner");
  };
}
