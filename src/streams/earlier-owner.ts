/**
 * `GET /owner/{owner}/ws` (earlier-interface document, Events; DECISIONS 4.4): what the owner stream sends.
 *
 * - on connect one `positions` message and one `orders` message (the `GET /positions/owner/{owner}` and
 *   `GET /orders/owner/{owner}` payloads);
 * - `positions` every `updateIntervalMs`, recomputed at current prices, with PnL in the displayed leverage when the
 *   socket asked for `includePnlInLeverageDisplay` (the two variants are computed separately); paused while a price
 *   the positions are valued at is stale or missing (DECISIONS 5.9);
 * - `orders` again whenever one of the owner's order accounts changes, as the account store notifies it.
 */
import { type StreamDefinition, walletsChangedBy } from "./hub.ts";

interface Listing {
  message: string;
  pricesUsable: boolean;
}

/** What the stream reads of one owner (the owner view cache's listings). */
export interface OwnerListings {
  positions(owner: string, includePnlInLeverageDisplay: boolean, options?: { cache?: boolean }): Listing;
  orders(owner: string): Listing;
}

export interface EarlierOwnerParams {
  includePnlInLeverageDisplay: boolean;
}

export function earlierOwnerStream(views: OwnerListings, programId: string): StreamDefinition<EarlierOwnerParams> {
  return {
    name: "earlier",
    variant: (params) => params.includePnlInLeverageDisplay ? "pnl" : "",
    opening: (owner, params) => [
      views.positions(owner, params.includePnlInLeverageDisplay).message,
      views.orders(owner).message,
    ],
    periodic: (owner, params) => {
      // Not cached: the hub computes it once for all of the owner's sockets of this tick (see ReadOptions).
      const listing = views.positions(owner, params.includePnlInLeverageDisplay, { cache: false });
      return listing.pricesUsable ? listing.message : undefined;
    },
    ownersChangedBy: (change) => walletsChangedBy(change, programId, ["Order"]),
    changed: (owner) => views.orders(owner).message,
  };
}
