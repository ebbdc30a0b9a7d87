/**
 * Which market a *new* position opens on when several markets share a target token and side (SOL long has two in
 * Crypto.1: SOL- and JitoSOL-collateral). An existing position is always addressed on the market it is in
 * (`existingPosition` / `requirePosition` in common.ts); this module only decides for a position that does not exist.
 *
 * - v2: the market the v2 reference names (PROTOCOL-v2 §3.2 and §7.4): the v2 SDK applies a LONG collateral
 *   override `SOL|WSOL → JitoSOL`, so new SOL longs open on the JitoSOL-collateral market, whatever token pays (the
 *   program swaps a payment in another token in, DECISIONS 5.12). Every other (target, side) has one market.
 * - earlier interface: the market whose collateral is the paying token (a payment in the collateral token needs no
 *   swap), else the first configured one.
 */
import type { DeploymentSnapshot, MarketContext } from "../deployment-snapshot.ts";

/** The v2 SDK's LONG collateral override (PROTOCOL-v2 §3.2): collateral symbol → the collateral opened with. */
const V2_LONG_COLLATERAL_OVERRIDE: ReadonlyMap<string, string> = new Map([
  ["SOL", "JitoSOL"],
  ["WSOL", "JitoSOL"],
]);

/** `markets`: the configured markets of one (target, side), in configuration order (never empty). */
export function marketForNewPosition(
  snapshot: DeploymentSnapshot,
  markets: readonly MarketContext[],
  payingSymbol: string,
): MarketContext {
  if (snapshot.version === "v2") return v2Market(markets);
  const paying = snapshot.token(payingSymbol);
  const byPayment = paying &&
    markets.find((m) => snapshot.custodyForToken(paying.symbol, m.pool.poolAddress)?.pubkey === m.collateral.pubkey);
  return byPayment ?? markets[0];
}

function v2Market(markets: readonly MarketContext[]): MarketContext {
  if (markets.length > 1 && markets[0].side === "Long") {
    for (const m of markets) {
      const preferred = V2_LONG_COLLATERAL_OVERRIDE.get(m.config.collateralSymbol);
      const found = preferred === undefined
        ? undefined
        : markets.find((other) => other.config.collateralSymbol === preferred);
      if (found) return found;
    }
  }
  return markets[0];
}
