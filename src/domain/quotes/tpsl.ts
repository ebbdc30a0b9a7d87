/**
 * Take-profit / stop-loss evaluation shared by the open-position quote (`takeProfitQuote` / `stopLossQuote`,
 * PROTOCOL-v2 §5.12) and the TP/SL preview (§5.13): the outcome of closing a position at a trigger price, and the
 * exact inverse (the trigger price that realises a target PnL).
 */
import type { TradeSide } from "../../protocol/vocabulary.ts";
import { big, maxBig } from "../math/bigint.ts";
import { settleClose } from "../math/close.ts";
import { maxProfitPrice } from "../math/locked.ts";
import { pnlPercentBps } from "../math/pnl.ts";
import { usdValue } from "../math/oracle.ts";
import { type TriggerPnl, triggerPnl } from "../math/tpsl.ts";
import type { OraclePrice, PositionLike } from "../math/types.ts";
import { formatPercentBps, formatUsd } from "../format/ui.ts";
import type { MarketContext } from "../deployment-snapshot.ts";
import { marketFormat } from "../views/position-metrics.ts";

export interface TpSlQuoteDto {
  exitPriceUi: string;
  profitUsdUi: string;
  lossUsdUi: string;
  exitFeeUsdUi: string;
  receiveUsdUi: string;
  pnlPercentage: string;
  /** Take-profit of a LONG on an uncorrelated market: the price its profit is capped at; otherwise null. */
  maxProfitPriceUi: string | null;
}

/** Which trigger of an open-position request a TP/SL quote describes. */
export type TriggerKind = "takeProfit" | "stopLoss";

/**
 * The price beyond which the position's profit stops growing (PROTOCOL-v2 §5.11, PROTOCOL-v1 §5.13
 * `getMaxProfitPriceSync`): the entry plus the payout room usd(locked_amount) − collateral_usd spread over the size,
 * at the market's price precision. Only a LONG on an uncorrelated market has one; null for SHORT (the live service
 * reports none: a falling price is bounded by zero) and for correlated markets (the payout is the target token).
 */
export function maxProfitPriceUi(
  market: MarketContext,
  position: PositionLike,
  collateralPrice: OraclePrice,
): string | null {
  if (market.side !== "Long" || market.account.correlation) return null;
  const cap = maxProfitPrice(position, market.side, market.account, collateralPrice, market.collateral.account);
  return cap ? marketFormat(market).price(cap) : null;
}

/**
 * The time a trigger is evaluated at: after the position's profit-delay window.
 * Choice: a trigger fires in the future; evaluating it "now" would, for a position opened or increased within
 * `delay_seconds`, freeze its profit at the reference price and quote a take-profit as worth nothing.
 */
export function triggerEvalTime(
  position: Pick<PositionLike, "updateTime">,
  market: MarketContext,
  nowUnix: bigint,
): bigint {
  return maxBig(nowUnix, big(position.updateTime) + big(market.target.account.pricing.delaySeconds) + 1n);
}

/** PnL, exit price and exit fee of closing the whole position with the oracle at `trigger`. */
export function pnlAtTrigger(
  market: MarketContext,
  position: PositionLike,
  trigger: OraclePrice,
  collateralPrice: OraclePrice,
  nowUnix: bigint,
): TriggerPnl {
  return triggerPnl({
    position,
    side: market.side,
    triggerPrice: trigger,
    targetPricing: market.target.account.pricing,
    collateralPrice,
    collateralCustody: market.collateral.account,
    nowUnix: triggerEvalTime(position, market, nowUnix),
    closePositionRate: market.target.account.fees.closePosition,
  });
}

/**
 * `takeProfitQuote` / `stopLossQuote` of an open-position quote: the new position closed at the trigger. The payout
 * is the full-close settlement (collateral + capped profit − loss − price impact − exit fee − borrow fee);
 * `pnlPercentage` is (profit − loss) relative to the collateral (the on-chain TriggerQuote). `maxProfitPriceUi`, the
 * live service's addition, is the take-profit's ceiling ({@link maxProfitPriceUi}); a stop-loss has none (null).
 */
export function tpSlQuoteDto(
  market: MarketContext,
  position: PositionLike,
  trigger: OraclePrice,
  collateralPrice: OraclePrice,
  nowUnix: bigint,
  borrowFeeUsd: bigint,
  kind: TriggerKind,
): TpSlQuoteDto {
  const t = pnlAtTrigger(market, position, trigger, collateralPrice, nowUnix);
  const c = market.collateral.account;
  const settlement = settleClose({
    profitUsd: t.profitUsd,
    lossUsd: t.lossUsd,
    priceImpactUsd: position.priceImpactUsd,
    collateralUsd: position.collateralUsd,
    lockedValueUsd: usdValue(position.lockedAmount, c.decimals, collateralPrice, c.tokenAmountMultiplier),
    exitFeeUsd: t.exitFeeUsd,
    borrowFeeUsd,
  });
  return {
    exitPriceUi: marketFormat(market).price(t.exitPrice),
    profitUsdUi: formatUsd(t.profitUsd),
    lossUsdUi: formatUsd(t.lossUsd),
    exitFeeUsdUi: formatUsd(t.exitFeeUsd),
    receiveUsdUi: formatUsd(settlement.receiveUsd),
    pnlPercentage: formatPercentBps(pnlPercentBps(t.profitUsd - t.lossUsd, position.collateralUsd)),
    maxProfitPriceUi: kind === "takeProfit" ? maxProfitPriceUi(market, position, collateralPrice) : null,
  };
}

/** Largest u64: the highest price mantissa a trigger can carry. */
const MAX_PRICE = (1n << 64n) - 1n;

/**
 * The trigger price mantissa at which `netPnl` (a function of the trigger mantissa that is non-decreasing for a long
 * and non-increasing for a short) first reaches `target`, searching from the entry outwards:
 *   long:  the smallest T ≥ 1 with netPnl(T) ≥ target;
 *   short: the largest T ≥ 1 with netPnl(T) ≥ target.
 * null when no price reaches the target (a profit beyond the payout cap, a long loss beyond what a fall to zero
 * loses, …). Binary search: at most 64 evaluations.
 *
 * Choice (PROTOCOL-v2 §5.13 vs the forward mode): the SDK's closed form E ± (P + F)·10^|e|/A ignores the exit
 * spread, the payout cap and rounding, so a trigger it returns does not realise the target when fed back to the
 * forward mode. Inverting the forward computation itself makes reverse_pnl ∘ forward exact: the returned trigger
 * realises the target PnL to the micro-dollar whenever the target is a PnL the forward mode can produce.
 */
export function triggerForNetPnl(netPnl: (t: bigint) => bigint, side: TradeSide, target: bigint): bigint | null {
  if (side === "Long") {
    if (netPnl(MAX_PRICE) < target || netPnl(1n) > target) return null;
    let lo = 1n; // invariant: answer in [lo, hi]
    let hi = MAX_PRICE;
    while (lo < hi) {
      const mid = (lo + hi) / 2n;
      if (netPnl(mid) >= target) hi = mid;
      else lo = mid + 1n;
    }
    return lo;
  }
  if (netPnl(1n) < target || netPnl(MAX_PRICE) > target) return null;
  let lo = 1n;
  let hi = MAX_PRICE;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (netPnl(mid) >= target) lo = mid;
    else hi = mid - 1n;
  }
  return lo;
}
