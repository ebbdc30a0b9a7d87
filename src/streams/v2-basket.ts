/**
 * `GET /v2/owner/{owner}/ws` (v2 document, Events): what the basket stream sends.
 *
 * - `basket` first (the `GET /v2/owner/{owner}` payload; nulls for an owner without a basket), then again on every
 *   change of the owner's basket account, as the account store notifies it;
 * - `metrics` (the basket view's position metrics) every `updateIntervalMs`, while the owner has a basket and every
 *   price its open positions are valued at is usable (DECISIONS 5.9: a stale or missing price pauses them).
 *
 * A `metrics` message never shows a position the latest `basket` message no longer has: both come from the owner
 * view cache, keyed by the basket's bytes, and a basket change is sent (a microtask after the store's notification)
 * before any later tick can run.
 */
import { type StreamDefinition, walletsChangedBy } from "./hub.ts";

/** What the stream reads of one owner (the owner view cache's basket view). */
export interface BasketViews {
  basket(
    owner: string,
    options?: { cache?: boolean },
  ): { basketMessage: string; metricsMessage: string | undefined; pricesUsable: boolean };
}

/** The basket stream has no per-socket options besides the interval. */
export type V2BasketParams = Record<never, never>;

export function v2BasketStream(views: BasketViews, programId: string): StreamDefinition<V2BasketParams> {
  return {
    name: "v2",
    variant: () => "",
    opening: (owner) => [views.basket(owner).basketMessage],
    periodic: (owner) => {
      // Not cached: the hub computes it once for all of the owner's sockets of this tick (see ReadOptions).
      const view = views.basket(owner, { cache: false });
      return view.pricesUsable ? view.metricsMessage : undefined;
    },
    ownersChangedBy: (change) => walletsChangedBy(change, programId, ["Basket"]),
    changed: (owner) => views.basket(owner).basketMessage,
  };
}
