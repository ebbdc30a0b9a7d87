/**
 * The custody a close, a decrease or a collateral removal pays out through, its `dispensing_custody` (writable;
 * DECISIONS 5.17): the custody of `withdrawTokenSymbol` in the market's pool, as the vendor SDK does and as
 * reverse-position pays its close out through the opposite market's collateral custody; without it the market's
 * collateral (lock) custody. The payout is credited to the basket in that token.
 *
 * Refused before building: an unknown symbol (UNKNOWN_SYMBOL), and a token the program cannot pay out in, 400
 * VALIDATION_FAILED naming the field: one that is not a custody of the market's pool (the program takes the
 * dispensing custody from the market's pool), or a virtual one (no vault to pay from).
 */
import { requireToken } from "../../quotes/market-lookup.ts";
import { failField } from "../../quotes/result.ts";
import type { CustodyContext, DeploymentSnapshot, MarketContext } from "../../deployment-snapshot.ts";
import { marketLabel } from "./order-slots.ts";

export function payoutCustody(
  snapshot: DeploymentSnapshot,
  market: MarketContext,
  withdrawTokenSymbol: string | undefined,
): CustodyContext {
  if (withdrawTokenSymbol === undefined) return market.collateral;
  const { symbol } = requireToken(snapshot, withdrawTokenSymbol);
  const refuse = (why: string): never =>
    failField(
      "VALIDATION_FAILED",
      "withdrawTokenSymbol",
      `names ${symbol}, which the program cannot pay out in on the ${marketLabel(market)} market: ${why}`,
    );
  const custody = snapshot.custodyForToken(symbol, market.pool.poolAddress) ??
    refuse(`it is not a token of pool ${market.pool.poolName}`);
  if (custody.config.isVirtual) refuse("it is a virtual token, with no vault to pay from");
  return custody;
}
