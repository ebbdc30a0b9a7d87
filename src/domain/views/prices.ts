/**
 * Oracle prices as the contract's Price DTO, keyed by the configuration's token symbols. SOL and WSOL share one feed
 * and both keys appear (DECISIONS 5.9). Symbols match case-insensitively.
 */
import type { PoolConfig } from "../../config/pool-config.ts";
import type { PriceSample } from "../deployment-snapshot.ts";

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

export function priceDto(sample: PriceSample): PriceDto {
  return {
    price: Number(sample.price),
    exponent: sample.exponent,
    // The feed publishes no confidence band for these prices; the contract fixes it at 0.
    confidence: 0,
    priceUi: Number(`${sample.price}e${sample.exponent}`),
    timestampUs: Number(sample.timestampUs),
    marketSession: contractSession(sample.marketSession),
  };
}

/** Every configured symbol that has a price, in configuration order. */
export function priceMap(
  pools: readonly PoolConfig[],
  priceOfFeed: (feedId: number) => PriceSample | undefined,
): Record<string, PriceDto> {
  const out: Record<string, PriceDto> = {};
  const seen = new Set<string>();
  for (const pool of pools) {
    for (const token of pool.tokens) {
      if (seen.has(token.symbol)) continue;
      seen.add(token.symbol);
      const sample = token.feedId ? priceOfFeed(token.feedId) : undefined;
      if (sample) out[token.symbol] = priceDto(sample);
    }
  }
  return out;
}
