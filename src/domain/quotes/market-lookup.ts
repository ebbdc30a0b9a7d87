/**
 * Symbols → tokens, markets, custodies and usable prices (DECISIONS 5.9): what a quote looks up before any math.
 * Every failure is raised with a stable code and text (DECISIONS 3.2) through `fail`.
 */
import { oppositeSide, requestSide, type TradeSide } from "../../protocol/vocabulary.ts";
import type { PoolConfig, TokenConfig } from "../../config/pool-config.ts";
import type { CustodyContext, DeploymentSnapshot, LivePrice, MarketContext } from "../deployment-snapshot.ts";
import { fail } from "./result.ts";

export function requireToken(snapshot: DeploymentSnapshot, symbol: string): TokenConfig {
  return snapshot.token(symbol) ?? fail("UNKNOWN_SYMBOL", `unknown token symbol '${symbol}'`);
}

/**
 * The markets of (target symbol, side) in configuration order; UNKNOWN_SYMBOL / UNKNOWN_MARKET otherwise. Two markets
 * may share a target and side (SOL long: SOL- and JitoSOL-collateral); `collateralSymbol` keeps the one of that
 * collateral token (DECISIONS 5.21), and without it the caller picks among them (the market where the owner holds
 * the position or order, the first configured when several do).
 */
export function requireMarkets(
  snapshot: DeploymentSnapshot,
  symbol: string,
  side: TradeSide,
  collateralSymbol?: string,
): MarketContext[] {
  requireToken(snapshot, symbol);
  const markets = snapshot.marketsFor(symbol, side);
  if (!markets.length) fail("UNKNOWN_MARKET", `no ${requestSide(side)} market for symbol '${symbol}'`);
  if (collateralSymbol === undefined) return markets;
  const collateral = requireToken(snapshot, collateralSymbol);
  const chosen = markets.filter((m) => m.collateral.account.mint === collateral.mintKey);
  if (!chosen.length) {
    fail(
      "UNKNOWN_MARKET",
      `no ${requestSide(side)} market for symbol '${symbol}' with ${collateral.symbol} collateral`,
    );
  }
  return chosen;
}

/** A price usable for a quote: present and, outside a `closed` session, not older than the age limit. */
export function requirePrice(snapshot: DeploymentSnapshot, token: TokenConfig): LivePrice {
  return snapshot.quotePrice(token) ?? fail("PRICE_UNAVAILABLE", `price for symbol '${token.symbol}' not available`);
}

/** Trades are refused while the target's oracle session is `closed` (registry code MARKET_CLOSED). */
export function requireOpenSession(price: LivePrice, symbol: string): void {
  if (price.session === "closed") fail("MARKET_CLOSED", `market for symbol '${symbol}' is closed`);
}

/** A custody of a token symbol in the market's pool (the token a trader pays with or receives). */
export function requireCustodyInPool(snapshot: DeploymentSnapshot, symbol: string, pool: PoolConfig): CustodyContext {
  requireToken(snapshot, symbol);
  return snapshot.custodyForToken(symbol, pool.poolAddress) ??
    fail("UNKNOWN_SYMBOL", `token '${symbol}' is not part of pool ${pool.poolName}`);
}

/** The markets of the opposite side of a position's market (for reverse). */
export function oppositeMarkets(snapshot: DeploymentSnapshot, market: MarketContext): MarketContext[] {
  const side = oppositeSide(market.side);
  const markets = snapshot.marketsFor(market.config.targetSymbol, side);
  if (!markets.length) {
    fail("UNKNOWN_MARKET", `no ${requestSide(side)} market for symbol '${market.config.targetSymbol}'`);
  }
  return markets;
}

/** Target and collateral prices of a market for a trade quote (fresh; the target's session must be open). */
export function tradePrices(snapshot: DeploymentSnapshot, market: MarketContext, trade: boolean) {
  const target = requirePrice(snapshot, market.target.token);
  if (trade) requireOpenSession(target, market.config.targetSymbol);
  const collateral = market.collateral.pubkey === market.target.pubkey
    ? target
    : requirePrice(snapshot, market.collateral.token);
  return { target, collateral };
}
