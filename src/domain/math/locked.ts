/**
 * Locked payout and the max-profit price (PROTOCOL-v1 §5.13, §5.15; PROTOCOL-v2 §5.11).
 */
import type { TradeSide } from "../../protocol/vocabulary.ts";
import { floorDiv, minBig, pow10 } from "./bigint.ts";
import { BPS_POWER, DIFF_PRICE_EXPONENT } from "./constants.ts";
import { scalePrice, tokenAmount, usdValue } from "./oracle.ts";
import type { CollateralCustody, MarketLike, OraclePrice, PositionLike } from "./types.ts";

/**
 * USD the pool locks for a position: ⌊(size_usd + collateral_usd)·payoff / 10^4⌋, payoff = min(10^4, max_payoff_bps)
 * for correlated or short markets, max_payoff_bps otherwise.
 */
export function lockedUsdFor(
  sizeUsd: bigint,
  collateralUsd: bigint,
  side: TradeSide,
  market: Pick<MarketLike, "correlation" | "maxPayoffBps">,
): bigint {
  const payoff = market.correlation || side === "Short" ? minBig(BPS_POWER, market.maxPayoffBps) : market.maxPayoffBps;
  return floorDiv((sizeUsd + collateralUsd) * payoff, BPS_POWER);
}

/** Locked amount in collateral-token native units (rounded down) for a locked USD value. */
export function lockedAmountFor(
  lockedUsd: bigint,
  collateralPrice: OraclePrice,
  collateral: CollateralCustody,
): bigint {
  return tokenAmount(lockedUsd, collateral.decimals, collateralPrice, collateral.tokenAmountMultiplier);
}

/**
 * Price at which the position's profit reaches its cap (usd(locked_amount) − collateral_usd):
 *   Δ = ⌊maxProfit·10^(size_decimals+3) / size_amount⌋ at exponent −9, rescaled to the entry exponent;
 *   long: E + Δ; short: max(E − Δ, 0). Returns null when there is no cap: a correlated long (its payout is the
 *   collateral token itself), or an empty position.
 * Choice: with no profit room (maxProfit ≤ 0) the SDK returns a zero price; we return the entry price (Δ = 0), the
 * price beyond which no further profit accrues.
 */
export function maxProfitPrice(
  position: Pick<PositionLike, "entryPrice" | "sizeAmount" | "sizeDecimals" | "lockedAmount" | "collateralUsd">,
  side: TradeSide,
  market: Pick<MarketLike, "correlation">,
  collateralPrice: OraclePrice,
  collateral: CollateralCustody,
): OraclePrice | null {
  if (position.sizeAmount === 0n) return null;
  if (side === "Long" && market.correlation) return null;
  const lockedUsd = usdValue(
    position.lockedAmount,
    collateral.decimals,
    collateralPrice,
    collateral.tokenAmountMultiplier,
  );
  const room = lockedUsd - position.collateralUsd;
  const e = position.entryPrice.exponent;
  const diff = room <= 0n ? 0n : scalePrice(
    {
      price: floorDiv(room * pow10(position.sizeDecimals + 3), position.sizeAmount),
      exponent: DIFF_PRICE_EXPONENT,
    },
    e,
  ).price;
  const p = side === "Long" ? position.entryPrice.price + diff : position.entryPrice.price - diff;
  return { price: p < 0n ? 0n : p, exponent: e };
}
