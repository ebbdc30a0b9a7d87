/** One symbol's price for the price endpoints of both interfaces, which differ only in how they answer a miss. */
import type { DeploymentIndex } from "../../config/deployment-index.ts";
import type { TokenConfig } from "../../config/pool-config.ts";
import { type PriceDto, priceDto } from "../../domain/views/prices.ts";
import type { PriceStore } from "../../state/price-store.ts";

export type PriceLookup =
  | { kind: "found"; token: TokenConfig; price: PriceDto }
  | { kind: "unknown-symbol" }
  | { kind: "no-price"; token: TokenConfig };

/** The price of a configured symbol (case-insensitive), or why there is none. */
export function lookupPrice(index: DeploymentIndex, prices: PriceStore, symbol: string): PriceLookup {
  const token = index.token(symbol);
  if (!token) return { kind: "unknown-symbol" };
  const entry = token.feedId ? prices.get(token.feedId) : undefined;
  return entry ? { kind: "found", token, price: priceDto(entry) } : { kind: "no-price", token };
}
