/**
 * Per-owner views: the v2 basket view (`MbBasketSnapshotDto`, DECISIONS 2.5) and the earlier interface's
 * enriched position and order listings. Pure over a DeploymentSnapshot; views never throw on account data — a position or order
 * whose figures cannot be computed is left out (v2) or listed with its raw fields only (earlier interface).
 */
import { base64 } from "../../protocol/codec/bytes.ts";
import { basket as basketPda, order as orderPda, position as positionPda } from "../../protocol/pda.ts";
import type { Basket } from "../../protocol/accounts/basket.ts";
import type { DeploymentSnapshot, MarketContext } from "../deployment-snapshot.ts";
import { positionFitsMarket, tryCompute } from "./dto.ts";
import {
  hasLiveSlot,
  orderDataUi,
  type OrderDataUiDto,
  type OrderMetricsDto,
  orderMetricsDto,
} from "./order-metrics.ts";
import {
  type PositionMetricsDto,
  positionMetricsDto,
  type PositionPrices,
  positionTableDataUi,
  type PositionTableDataUiDto,
} from "./position-metrics.ts";

export interface MbBasketSnapshotDto {
  owner: string;
  basketPubkey: string | null;
  basketData: string | null;
  positionMetrics: Record<string, PositionMetricsDto>;
  orderMetrics: Record<string, OrderMetricsDto>;
}

/** Latest prices of a market's target and collateral tokens (any age; see position-metrics.ts). */
export function viewPrices(snapshot: DeploymentSnapshot, market: MarketContext): Partial<PositionPrices> {
  return { target: snapshot.price(market.target.token), collateral: snapshot.price(market.collateral.token) };
}

/** The owner's basket address (PDA `["basket", owner]`). */
export function basketAddress(snapshot: DeploymentSnapshot, owner: string): string {
  return basketPda(snapshot.programId, owner);
}

/**
 * Position metrics of a decoded basket, keyed by market: non-zero positions of configured markets with both prices
 * known. The first entry of a market wins (a market has at most one position).
 */
export function basketPositionMetrics(
  snapshot: DeploymentSnapshot,
  basket: Basket,
): Record<string, PositionMetricsDto> {
  const out: Record<string, PositionMetricsDto> = {};
  for (const { market: key, position } of basket.positions) {
    if (position.sizeAmount === 0n || key in out) continue;
    const market = snapshot.market(key);
    if (!market || !positionFitsMarket(position, market.target.account.decimals)) continue;
    const { target, collateral } = viewPrices(snapshot, market);
    if (!target || !collateral) continue;
    const dto = tryCompute(() => positionMetricsDto(market, position, { target, collateral }, snapshot.nowUnix));
    if (dto) out[key] = dto;
  }
  return out;
}

/** Order metrics of a decoded basket, keyed by market: only markets with at least one listed slot. */
export function basketOrderMetrics(snapshot: DeploymentSnapshot, basket: Basket): Record<string, OrderMetricsDto> {
  const out: Record<string, OrderMetricsDto> = {};
  for (const { market: key, order } of basket.orders) {
    if (key in out || !hasLiveSlot(order)) continue;
    const market = snapshot.market(key);
    if (!market) continue;
    const dto = orderMetricsDto(snapshot, market, order);
    if (dto) out[key] = dto;
  }
  return out;
}

/** An owner's basket as stored: its address, raw bytes (immutable, replaced on every change) and decoded value. */
export interface OwnerBasket {
  readonly pubkey: string;
  /** Read when asked: a packed account's bytes are expanded into a fresh array then (see `StoredBasket`). */
  readonly data: Uint8Array;
  readonly basket: Basket;
}

/**
 * A basket found in the store, its bytes read only when asked for. The metrics a stream sends every second need the
 * decoded basket, never its bytes; a packed account's `data` is a fresh full-length array on each read, and reading it
 * for every streamed owner every second cost the 10,000-socket stream bench most of its headroom (malloc and page
 * clearing of about 30 MiB/s of arrays; p99 580-660 ms and lost messages, against 28-39 ms before accounts were held
 * packed). Not cached once read: a found basket can outlive many moments (the owner view cache holds it until the
 * owner's accounts change), and the one view of a moment that needs the bytes serializes them once.
 */
class StoredBasket implements OwnerBasket {
  readonly #account: { readonly data: Uint8Array };

  constructor(readonly pubkey: string, account: { readonly data: Uint8Array }, readonly basket: Basket) {
    this.#account = account;
  }

  get data(): Uint8Array {
    return this.#account.data;
  }
}

/**
 * The owner's basket at its PDA, or undefined when there is none (or what is there does not decode). A caller that
 * keeps the owner's basket address passes it (deriving it costs a base58 decode even when memoised).
 */
export function ownerBasket(
  snapshot: DeploymentSnapshot,
  owner: string,
  pubkey = basketAddress(snapshot, owner),
): OwnerBasket | undefined {
  const raw = snapshot.accounts.raw(pubkey);
  const basket = raw ? snapshot.accounts.get("Basket", pubkey) : undefined;
  return raw && basket ? new StoredBasket(pubkey, raw, basket) : undefined;
}

/**
 * `GET /positions/owner/{owner}`: the owner's non-empty position accounts, enriched, sorted by USD size (largest
 * first; ties by account key so the order is stable).
 */
export function positionsByOwner(
  snapshot: DeploymentSnapshot,
  owner: string,
  includePnl: boolean,
): PositionTableDataUiDto[] {
  const rows: { sizeUsd: bigint; dto: PositionTableDataUiDto }[] = [];
  for (const { pubkey, value: position } of snapshot.accounts.listOwnedBy("Position", owner)) {
    if (position.sizeAmount === 0n) continue;
    const raw = snapshot.accounts.raw(pubkey);
    if (!raw) continue;
    const found = snapshot.market(position.market);
    const market = found && positionFitsMarket(position, found.target.account.decimals) ? found : undefined;
    const prices = market ? viewPrices(snapshot, market) : {};
    const dto = tryCompute(() =>
      positionTableDataUi(pubkey, raw.data, position, market, prices, snapshot.nowUnix, includePnl)
    ) ?? positionTableDataUi(pubkey, raw.data, position, undefined, {}, snapshot.nowUnix, includePnl);
    rows.push({ sizeUsd: position.sizeUsd, dto });
  }
  rows.sort((a, b) =>
    a.sizeUsd === b.sizeUsd
      ? (a.dto.key < b.dto.key ? -1 : a.dto.key > b.dto.key ? 1 : 0)
      : a.sizeUsd > b.sizeUsd
      ? -1
      : 1
  );
  return rows.map((r) => r.dto);
}

/** `GET /orders/owner/{owner}`: one record per order account of the owner, by account key. */
export function ordersByOwner(snapshot: DeploymentSnapshot, owner: string): OrderDataUiDto[] {
  const out: OrderDataUiDto[] = [];
  for (const { pubkey, value: order } of snapshot.accounts.listOwnedBy("Order", owner)) {
    const raw = snapshot.accounts.raw(pubkey);
    if (!raw) continue;
    out.push(
      tryCompute(() => orderDataUi(snapshot, pubkey, raw.data, order)) ?? {
        key: pubkey,
        orderAccountData: base64(raw.data),
        limitOrders: [],
        takeProfitOrders: [],
        stopLossOrders: [],
      },
    );
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Earlier-interface position and order account addresses of (owner, market). */
export function earlierPositionAddress(snapshot: DeploymentSnapshot, owner: string, market: string): string {
  return positionPda(snapshot.programId, owner, market);
}

export function earlierOrderAddress(snapshot: DeploymentSnapshot, owner: string, market: string): string {
  return orderPda(snapshot.programId, owner, market);
}
