/**
 * Leverage (PROTOCOL-v1 §5.10, PROTOCOL-v2 §5.9) in BPS (10 000 = 1×). A non-positive margin is infinite leverage
 * (DECISIONS 2.8: shown as "Infinity").
 */
import { floorDiv } from "./bigint.ts";
import { BPS_POWER } from "./constants.ts";
import { parseDecimal } from "./decimal.ts";
import { numberToPlainString } from "./spread.ts";

export const INFINITE_LEVERAGE = "Infinity" as const;
/** Leverage in BPS, or "Infinity" when the margin is ≤ 0. */
export type LeverageBps = bigint | typeof INFINITE_LEVERAGE;

/** ⌊size·10^4 / margin⌋; "Infinity" for margin ≤ 0; 0 for an empty position. */
export function leverageBps(sizeUsd: bigint, marginUsd: bigint): LeverageBps {
  if (sizeUsd === 0n) return 0n;
  if (marginUsd <= 0n) return INFINITE_LEVERAGE;
  return floorDiv(sizeUsd * BPS_POWER, marginUsd);
}

export interface MarginParts {
  collateralUsd: bigint;
  profitUsd: bigint;
  lossUsd: bigint;
  exitFeeUsd: bigint;
  borrowFeeUsd: bigint;
}

/** collateral + profit − (loss + exit fee + borrow fee); signed. */
export function marginWithPnlUsd(m: MarginParts): bigint {
  return m.collateralUsd + m.profitUsd - (m.lossUsd + m.exitFeeUsd + m.borrowFeeUsd);
}

/** The program's "initial" margin: collateral − (loss + exit fee + borrow fee) (profit not counted); signed. */
export function initialMarginUsd(m: MarginParts): bigint {
  return m.collateralUsd - (m.lossUsd + m.exitFeeUsd + m.borrowFeeUsd);
}

/**
 * Leverage shown for a position.
 *   includePnl = true  → size / (collateral + profit − loss − exit fee − borrow fee)  (the SDK's position metrics)
 *   includePnl = false → size / collateral                                          (no PnL, no fees)
 *
 * Choice (PROTOCOL-v1 §12 item 5, `includePnlInLeverageDisplay`): the flag is not an SDK concept. "Without PnL" is
 * read literally as the plain size/collateral ratio; the SDK's isInitial variant (losses counted, profit not) mixes
 * the two and is kept as {@link initialMarginUsd} for limit checks.
 */
export function displayLeverageBps(sizeUsd: bigint, m: MarginParts, includePnl: boolean): LeverageBps {
  return leverageBps(sizeUsd, includePnl ? marginWithPnlUsd(m) : m.collateralUsd);
}

/** A request's leverage multiplier (number or decimal string, e.g. 5 or "2.5") in BPS, truncated to 1 BPS. */
export function leverageToBps(leverage: number | string): bigint {
  const text = typeof leverage === "number" ? numberToPlainString(leverage) : leverage;
  return parseDecimal(text, 4);
}
