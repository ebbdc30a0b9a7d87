/**
 * The owner's position a request names or a trade increases: a v2 basket entry or an earlier-interface position
 * account, with its market, and what a close of it starts from.
 */
import { type RequestSide, type TradeSide, tradeSide } from "../../protocol/vocabulary.ts";
import type { Position } from "../../protocol/accounts/mod.ts";
import type { DeploymentSnapshot, MarketContext } from "../deployment-snapshot.ts";
import { basketAddress, earlierPositionAddress } from "../views/owner.ts";
import { positionFitsMarket } from "../views/dto.ts";
import { requireMarkets, type tradePrices } from "./market-lookup.ts";
import { COMPUTE_FAILED_TEXT, fail } from "./result.ts";

/** How a request names a position: by account (earlier interface) or by owner, market symbol and side. */
export type PositionTarget =
  | { positionKey: string }
  | {
    owner: string;
    marketSymbol: string;
    side: RequestSide | TradeSide;
    /** Which market of (symbol, side), by its collateral token (DECISIONS 5.21); see `requireMarkets`. */
    collateralSymbol?: string;
  };

/** A non-empty position with its market. `key` is the position account (earlier) or the basket (v2). */
export interface OpenPositionRef {
  key: string;
  owner: string;
  market: MarketContext;
  position: Position;
}

/** The first non-empty basket entry among `markets` (configuration order), or undefined (also without a basket). */
export function basketPositionIn(snapshot: DeploymentSnapshot, owner: string, markets: readonly MarketContext[]) {
  const key = basketAddress(snapshot, owner);
  const basket = snapshot.accounts.get("Basket", key);
  if (!basket) return { key, basket: undefined, found: undefined };
  for (const market of markets) {
    const entry = basket.positions.find((p) => p.market === market.pubkey && p.position.sizeAmount !== 0n);
    if (entry) return { key, basket, found: { key, owner, market, position: entry.position } as OpenPositionRef };
  }
  return { key, basket, found: undefined };
}

/** The first non-empty earlier-interface position account of the owner among `markets`. */
function earlierPositionIn(snapshot: DeploymentSnapshot, owner: string, markets: readonly MarketContext[]) {
  for (const market of markets) {
    const key = earlierPositionAddress(snapshot, owner, market.pubkey);
    const position = snapshot.accounts.get("Position", key);
    if (position && position.sizeAmount !== 0n) return { key, owner, market, position } as OpenPositionRef;
  }
  return undefined;
}

/**
 * The owner's non-empty position among the given markets (SOL long has two markets: the position is addressed by
 * the market it is actually in), or undefined.
 */
export function existingPosition(
  snapshot: DeploymentSnapshot,
  owner: string,
  markets: readonly MarketContext[],
): OpenPositionRef | undefined {
  const found = snapshot.version === "v2"
    ? basketPositionIn(snapshot, owner, markets).found
    : earlierPositionIn(snapshot, owner, markets);
  return found && fittingItsMarket(found);
}

/**
 * The position a request names. Failures: unknown symbol / market, no basket (v2), an unknown position account
 * (earlier `positionKey`), or no non-empty position ("Position is empty").
 */
export function requirePosition(snapshot: DeploymentSnapshot, target: PositionTarget): OpenPositionRef {
  return fittingItsMarket(findPosition(snapshot, target));
}

/** `ref`, refused (COMPUTE_FAILED) when its amounts do not fit its market's decimals (corrupt account data). */
function fittingItsMarket(ref: OpenPositionRef): OpenPositionRef {
  if (!positionFitsMarket(ref.position, ref.market.target.account.decimals)) {
    fail("COMPUTE_FAILED", COMPUTE_FAILED_TEXT);
  }
  return ref;
}

function findPosition(snapshot: DeploymentSnapshot, target: PositionTarget): OpenPositionRef {
  if ("positionKey" in target) {
    const key = target.positionKey;
    const position = snapshot.accounts.get("Position", key);
    if (!position) fail("POSITION_NOT_FOUND", `position account ${key} not found`);
    if (position.sizeAmount === 0n) fail("POSITION_NOT_FOUND", "Position is empty");
    const market = snapshot.market(position.market) ??
      fail("UNKNOWN_MARKET", `market ${position.market} of position ${key} is not configured`);
    return { key, owner: position.owner, market, position };
  }
  const side = tradeSide(target.side);
  const markets = requireMarkets(snapshot, target.marketSymbol, side, target.collateralSymbol);
  if (snapshot.version === "v2") {
    const { basket, found } = basketPositionIn(snapshot, target.owner, markets);
    if (!basket) fail("BASKET_NOT_FOUND", `no basket for owner ${target.owner}`);
    return found ?? fail("POSITION_NOT_FOUND", "Position is empty");
  }
  return earlierPositionIn(snapshot, target.owner, markets) ?? fail("POSITION_NOT_FOUND", "Position is empty");
}

/**
 * What every close computation (close, exit-fee preview, the close half of a reverse) takes from the position's
 * market, the prices and the clock; the caller adds the size to close.
 */
export function closeBasis(
  snapshot: DeploymentSnapshot,
  market: MarketContext,
  position: OpenPositionRef["position"],
  prices: ReturnType<typeof tradePrices>,
) {
  return {
    position,
    side: market.side,
    targetPrice: prices.target.price,
    targetCustody: market.target.account,
    collateralPrice: prices.collateral.price,
    collateralCustody: market.collateral.account,
    nowUnix: snapshot.nowUnix,
  };
}
