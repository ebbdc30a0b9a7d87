/**
 * The owner streams' messages and the rule that pauses them, pure:
 * - messages are JSON text built once per owner and sent as is to every socket of that owner;
 * - the v2 basket view (`GET /v2/owner/{owner}`, the `basket` message's data) is assembled from parts already
 *   serialized, so an owner's position metrics are serialized once for the REST answer, the `basket` message and
 *   the `metrics` message alike;
 * - periodic messages pause while a price they are computed from is missing or stale (DECISIONS 5.9), instead of
 *   sending figures at a price the service no longer trusts. The REST views and the first message of a connection
 *   still answer at the last known price (see position-metrics.ts).
 */
import type { Basket } from "../../protocol/accounts/basket.ts";
import { base64 } from "../../protocol/codec/bytes.ts";
import type { DeploymentSnapshot } from "../deployment-snapshot.ts";

/** The `type` of every message of both streams (v2: basket, metrics; earlier interface: positions, orders). */
export type StreamMessageType = "basket" | "metrics" | "positions" | "orders";

/** `{"type":…,"data":…}` around data already serialized as JSON. */
export function streamMessage(type: StreamMessageType, dataJson: string): string {
  return `{"type":"${type}","data":${dataJson}}`;
}

/**
 * JSON text of the owner's `MbBasketSnapshotDto`, byte for byte what `JSON.stringify` of the DTO gives
 * (same members in the same order), from the basket's address and bytes and the two metric maps as JSON.
 */
export function basketViewJson(
  owner: string,
  basket: { pubkey: string; data: Uint8Array } | undefined,
  positionMetricsJson: string,
  orderMetricsJson: string,
): string {
  const head = `{"owner":${JSON.stringify(owner)}`;
  if (!basket) return `${head},"basketPubkey":null,"basketData":null,"positionMetrics":{},"orderMetrics":{}}`;
  return `${head},"basketPubkey":${JSON.stringify(basket.pubkey)},"basketData":"${base64(basket.data)}",` +
    `"positionMetrics":${positionMetricsJson},"orderMetrics":${orderMetricsJson}}`;
}

/**
 * Whether every market in `markets` has both of its prices usable (present and not stale, DECISIONS 5.9). Markets the
 * configuration does not know are skipped: no figure of theirs is shown, so no price of theirs can be wrong.
 */
export function marketPricesUsable(
  snapshot: DeploymentSnapshot,
  markets: Iterable<string>,
  /** Answers per market already known on this snapshot (cached by a caller asking for many owners). */
  known?: Map<string, boolean>,
): boolean {
  for (const key of markets) {
    let usable = known?.get(key);
    if (usable === undefined) {
      const market = snapshot.market(key);
      usable = !market ||
        (snapshot.quotePrice(market.target.token) !== undefined &&
          snapshot.quotePrice(market.collateral.token) !== undefined);
      known?.set(key, usable);
    }
    if (!usable) return false;
  }
  return true;
}

/** The markets of the basket's open positions (what its `metrics` message is computed from). */
export function openBasketMarkets(basket: Basket): string[] {
  return basket.positions.filter((p) => p.position.sizeAmount !== 0n).map((p) => p.market);
}

/** The markets of the owner's open earlier-interface position accounts (what its `positions` message shows). */
export function openPositionMarkets(snapshot: DeploymentSnapshot, owner: string): string[] {
  return snapshot.accounts.listOwnedBy("Position", owner)
    .filter(({ value }) => value.sizeAmount !== 0n)
    .map(({ value }) => value.market);
}
