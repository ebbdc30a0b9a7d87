/**
 * Oracle prices as the Price DTO, keyed by the configuration's token symbols. SOL and WSOL share one feed and
 * both keys appear (DECISIONS 5.9). Symbols match case-insensitively.
 */
import type { DeploymentIndex } from "../../config/deployment-index.ts";
import type { TokenConfig } from "../../config/pool-config.ts";
import type { PriceEntry, PriceStore } from "../../state/price-store.ts";

/** The market sessions the contract documents (DECISIONS 2.2). */
export type ContractMarketSession = "regular" | "preMarket" | "postMarket" | "overNight" | "closed" | "open";
const SESSIONS: ReadonlySet<string> = new Set(["regular", "preMarket", "postMarket", "overNight", "closed", "open"]);

export interface PriceDto {
  price: number;
  exponent: number;
  confidence: 0;
  priceUi: number;
  timestampUs: number;
  marketSession: ContractMarketSession;
}

/**
 * The feed's session passes through (DECISIONS 2.2). A value outside the documented set would break clients that
 * switch on it, so it is reported as `closed`: the conservative reading of a session we cannot interpret.
 */
export function contractSession(session: string): ContractMarketSession {
  return SESSIONS.has(session) ? session as ContractMarketSession : "closed";
}

export function priceDto(entry: PriceEntry): PriceDto {
  const price = Number(entry.price);
  return {
    price,
    exponent: entry.exponent,
    // The feed publishes no confidence band for these prices; the contract fixes it at 0.
    confidence: 0,
    priceUi: Number(`${entry.price}e${entry.exponent}`),
    timestampUs: Number(entry.timestampUs),
    marketSession: contractSession(entry.marketSession),
  };
}

interface PriceMapCache {
  prices: PriceStore;
  dirty: boolean;
  map: Record<string, PriceDto>;
}

/**
 * The map only changes when a price does (every 200 ms at most), while it may be read thousands of times a second:
 * it is rebuilt on the first read after a change, from a dirty flag the price store's subscription sets.
 */
const priceMapCaches = new WeakMap<DeploymentIndex, PriceMapCache>();

/** Every configured symbol that has a price. */
export function priceMap(index: DeploymentIndex, prices: PriceStore): Record<string, PriceDto> {
  let cache = priceMapCaches.get(index);
  if (!cache || cache.prices !== prices) {
    const fresh: PriceMapCache = { prices, dirty: true, map: {} };
    prices.subscribe(() => fresh.dirty = true);
    priceMapCaches.set(index, cache = fresh);
  }
  if (cache.dirty) {
    cache.dirty = false;
    cache.map = buildPriceMap(index, prices);
  }
  return cache.map;
}

function buildPriceMap(index: DeploymentIndex, prices: PriceStore): Record<string, PriceDto> {
  const out: Record<string, PriceDto> = {};
  const seen = new Set<string>();
  for (const pool of index.pools) {
    for (const token of pool.tokens) {
      if (seen.has(token.symbol)) continue;
      seen.add(token.symbol);
      const entry = token.feedId ? prices.get(token.feedId) : undefined;
      if (entry) out[token.symbol] = priceDto(entry);
    }
  }
  return out;
}

export type PriceLookup =
  | { kind: "found"; token: TokenConfig; price: PriceDto }
  | { kind: "unknown-symbol" }
  | { kind: "no-price"; token: TokenConfig };

export function lookupPrice(index: DeploymentIndex, prices: PriceStore, symbol: string): PriceLookup {
  const token = index.token(symbol);
  if (!token) return { kind: "unknown-symbol" };
  const entry = token.feedId ? prices.get(token.feedId) : undefined;
  return entry ? { kind: "found", token, price: priceDto(entry) } : { kind: "no-price", token };
}
