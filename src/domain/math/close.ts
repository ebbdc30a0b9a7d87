/**
 * Closing a position, fully or partly (PROTOCOL-v1 §5.11, PROTOCOL-v2 §5.12 "Close-position quote",
 * DECISIONS 5.6): USD → size delta, proration, settlement of assets against liabilities, the resulting position.
 */
import type { TradeSide } from "../../protocol/vocabulary.ts";
import { borrowFeeUsd } from "./borrow.ts";
import { floorDiv, minBig, pow10 } from "./bigint.ts";
import { FULL_CLOSE_THRESHOLD_PERCENT } from "./constants.ts";
import { exitFee } from "./fees.ts";
import { displayLeverageBps, type LeverageBps } from "./leverage.ts";
import { positionLiquidationPrice } from "./liquidation.ts";
import { maxWithdrawableCollateralUsd } from "./collateral.ts";
import { maxPriceOf, minPriceOf, tokenAmount, usdValue } from "./oracle.ts";
import { type Pnl, pnlAgainst } from "./pnl.ts";
import { exitPriceForSize } from "./spread.ts";
import type { CustodyLike, IntLike, OraclePrice, PositionLike, PriceInput } from "./types.ts";

/** What a close asks for beside its USD amount. */
export interface CloseAsked {
  /** `closeAll`: everything, whatever the amount. */
  closeAll?: boolean;
  /**
   * The amount's text is zero ("0", "0.00": `isZeroDecimal`), which asks for everything. Not the parsed amount: a
   * non-zero amount below one micro-USD parses to 0 too, and is a partial close of nothing (refused by the builders).
   */
  askedZero?: boolean;
}

/**
 * DECISIONS 5.6: full close when `closeAll`, when the request asks for zero USD, or when it is at least 97 % of the
 * position's USD size (inputUsd·100 ≥ 97·size_usd, exact integer comparison).
 */
export function isFullClose(inputUsd: bigint, positionSizeUsd: bigint, asked: CloseAsked = {}): boolean {
  if (asked.closeAll || asked.askedZero) return true;
  return inputUsd * 100n >= FULL_CLOSE_THRESHOLD_PERCENT * positionSizeUsd;
}

/**
 * Size delta (target native) for closing `sizeDeltaUsd` of the position: ⌊size_amount·Δusd / size_usd⌋, capped at
 * the whole size.
 *
 * Choice (PROTOCOL-v2 §8 item 5, entry-price based vs proportional): SDK1 converts at the average entry price
 * (entry.tokens(Δusd)). After increases, size_usd is the sum of the fills' values and differs from
 * entry_price × size_amount, so that conversion can exceed the position or leave dust on a "100 %" close. The
 * proportional split maps 100 % of size_usd to exactly 100 % of size_amount and is otherwise within rounding of the
 * SDK's figure.
 */
export function sizeDeltaForUsd(position: Pick<PositionLike, "sizeAmount" | "sizeUsd">, sizeDeltaUsd: bigint): bigint {
  if (sizeDeltaUsd <= 0n || position.sizeUsd === 0n) return 0n;
  if (sizeDeltaUsd >= position.sizeUsd) return position.sizeAmount;
  return floorDiv(position.sizeAmount * sizeDeltaUsd, position.sizeUsd);
}

/** Closing ratio scaled by 10^size_decimals: ⌊Δsize_amount·10^d / size_amount⌋ (10^d = 100 %). */
export function closeRatio(sizeDeltaAmount: bigint, sizeAmount: bigint, sizeDecimals: number): bigint {
  if (sizeAmount === 0n) return 0n;
  return floorDiv(minBig(sizeDeltaAmount, sizeAmount) * pow10(sizeDecimals), sizeAmount);
}

export type ProratedFields = Pick<
  PositionLike,
  "sizeAmount" | "sizeUsd" | "lockedAmount" | "collateralUsd" | "unsettledFeesUsd" | "degenSizeUsd" | "priceImpactUsd"
>;

/**
 * Splits a position into the closed part and the rest. The closed part has size_amount = Δ and every USD/locked
 * field scaled by ⌊x·r / 10^d⌋ with r = {@link closeRatio}; the rest is the difference, so the two always add up.
 */
export function splitPosition<P extends PositionLike>(
  position: P,
  sizeDeltaAmount: bigint,
): { closed: P; remaining: P; ratio: bigint } {
  const delta = minBig(sizeDeltaAmount, position.sizeAmount);
  const ratio = closeRatio(delta, position.sizeAmount, position.sizeDecimals);
  const unit = pow10(position.sizeDecimals);
  const part = (x: bigint) => floorDiv(x * ratio, unit);
  const closed: P = {
    ...position,
    sizeAmount: delta,
    sizeUsd: part(position.sizeUsd),
    lockedAmount: part(position.lockedAmount),
    collateralUsd: part(position.collateralUsd),
    unsettledFeesUsd: part(position.unsettledFeesUsd),
    degenSizeUsd: part(position.degenSizeUsd),
    priceImpactUsd: part(position.priceImpactUsd),
  };
  const remaining: P = {
    ...position,
    sizeAmount: position.sizeAmount - closed.sizeAmount,
    sizeUsd: position.sizeUsd - closed.sizeUsd,
    lockedAmount: position.lockedAmount - closed.lockedAmount,
    collateralUsd: position.collateralUsd - closed.collateralUsd,
    unsettledFeesUsd: position.unsettledFeesUsd - closed.unsettledFeesUsd,
    degenSizeUsd: position.degenSizeUsd - closed.degenSizeUsd,
    priceImpactUsd: position.priceImpactUsd - closed.priceImpactUsd,
  };
  return { closed, remaining, ratio };
}

export interface SettlementInput {
  profitUsd: bigint;
  lossUsd: bigint;
  priceImpactUsd: bigint;
  collateralUsd: bigint;
  /** usd(locked_amount) at the collateral max price: the most the pool can pay. */
  lockedValueUsd: bigint;
  exitFeeUsd: bigint;
  borrowFeeUsd: bigint;
}

export interface Settlement {
  /** USD-6 paid out. */
  receiveUsd: bigint;
  /** USD-6 of fees actually collected (exit + borrow when solvent; what is left after the loss when not). */
  feesUsd: bigint;
  solvent: boolean;
}

/**
 * assets = min(profit + collateral, locked value); liabilities = loss + price impact + exit fee + borrow fee.
 * assets ≥ liabilities ⇒ receive assets − liabilities; else receive 0 and the fees collected are what the assets
 * leave after the loss (never negative).
 */
export function settleClose(s: SettlementInput): Settlement {
  const assets = minBig(s.profitUsd + s.collateralUsd, s.lockedValueUsd);
  const liabilities = s.lossUsd + s.priceImpactUsd + s.exitFeeUsd + s.borrowFeeUsd;
  if (assets >= liabilities) {
    return { receiveUsd: assets - liabilities, feesUsd: s.exitFeeUsd + s.borrowFeeUsd, solvent: true };
  }
  const left = assets - s.lossUsd;
  return { receiveUsd: 0n, feesUsd: left > 0n ? left : 0n, solvent: false };
}

/**
 * What happens to the close proceeds of a partial close:
 * - "withdraw": all paid out (v2 `decrease_position_size_er` returns the payout);
 * - "keepLeverageSame": the earlier interface's keepLeverageSame — proceeds go back into the position and at most
 *   its max-withdrawable amount is paid out (SDK `getDecreaseSizeCollateralAndFeeSync`);
 * - "retain": nothing paid out, proceeds stay as collateral (earlier interface without keepLeverageSame: only
 *   `decrease_size`).
 * A full close always pays everything out.
 */
export type ProceedsMode = "withdraw" | "keepLeverageSame" | "retain";

export interface CloseQuoteInput {
  position: PositionLike;
  side: TradeSide;
  targetPrice: PriceInput;
  targetCustody: Pick<CustodyLike, "pricing" | "fees">;
  collateralPrice: PriceInput;
  collateralCustody: Pick<CustodyLike, "decimals" | "tokenAmountMultiplier" | "borrowRateState">;
  nowUnix: IntLike;
  /** USD-6 to close; ignored when `full` or when `sizeDeltaAmount` is given. */
  sizeDeltaUsd: bigint;
  /** Target-native size to close, when the request names the size itself (v2 decrease-position). */
  sizeDeltaAmount?: bigint;
  full: boolean;
  discountBps?: bigint;
  proceeds?: ProceedsMode;
  /**
   * Earlier interface (DECISIONS 5.11): the exit fee of a **full** close is valued at the exit price of the closed
   * amount (SDK `getExitPriceAndFeeSync`, PROTOCOL-v1 §5.6 and §5.11 full-close receive) instead of the position's
   * entry-valued `size_usd`. Partial closes keep the entry-valued base (§5.11 keepLeverageSame).
   */
  exitFeeAtExitPrice?: boolean;
}

export interface CloseQuote {
  full: boolean;
  sizeDeltaAmount: bigint;
  /** The closed part (prorated). */
  closed: PositionLike;
  pnl: Pnl;
  /** Signed: profit − loss of the closed part. */
  settledPnlUsd: bigint;
  exitFeeUsd: bigint;
  exitFeeBeforeDiscountUsd: bigint;
  /** Lock + unsettled fee of the closed part. */
  borrowFeeUsd: bigint;
  /** exit + borrow after / before discount. */
  feesUsd: bigint;
  feesBeforeDiscountUsd: bigint;
  settlement: Settlement;
  /** Paid to the user, USD-6 and collateral-token native (at the collateral max price). */
  receiveUsd: bigint;
  receiveAmount: bigint;
  /** The position after the close (zero size for a full close). */
  newPosition: PositionLike;
  newLeverageBps: LeverageBps;
  newLiquidationPrice: OraclePrice;
}

/** A full or partial close quote on the prorated part of the position. */
export function closeQuote(input: CloseQuoteInput): CloseQuote {
  const { position, side, targetCustody, collateralCustody } = input;
  const discountBps = input.discountBps ?? 0n;
  const deltaAmount = input.full
    ? position.sizeAmount
    : input.sizeDeltaAmount ?? sizeDeltaForUsd(position, input.sizeDeltaUsd);
  const { closed, remaining } = splitPosition(position, deltaAmount);
  const collateralMax = maxPriceOf(input.collateralPrice);
  const pnl = pnlAgainst(closed, input);
  const fullClose = closed.sizeAmount === position.sizeAmount;
  const exitFeeBaseUsd = fullClose && input.exitFeeAtExitPrice
    ? exitValueUsd(closed, side, input.targetPrice, targetCustody.pricing)
    : closed.sizeUsd;
  const exit = exitFee(exitFeeBaseUsd, targetCustody.fees.closePosition, discountBps);
  const borrow = closed.sizeAmount === 0n ? 0n : borrowFeeUsd(closed, collateralCustody.borrowRateState, input.nowUnix);
  const settlement = settleClose({
    profitUsd: pnl.profitUsd,
    lossUsd: pnl.lossUsd,
    priceImpactUsd: closed.priceImpactUsd,
    collateralUsd: closed.collateralUsd,
    lockedValueUsd: usdValue(
      closed.lockedAmount,
      collateralCustody.decimals,
      collateralMax,
      collateralCustody.tokenAmountMultiplier,
    ),
    exitFeeUsd: exit.feeUsd,
    borrowFeeUsd: borrow,
  });

  const full = remaining.sizeAmount === 0n;
  let receiveUsd = settlement.receiveUsd;
  let newPosition: PositionLike = remaining;
  if (full) {
    newPosition = { ...remaining, sizeUsd: 0n, collateralUsd: 0n, lockedAmount: 0n };
  } else {
    const mode = input.proceeds ?? "withdraw";
    if (mode !== "withdraw") {
      const withProceeds = { ...remaining, collateralUsd: remaining.collateralUsd + settlement.receiveUsd };
      receiveUsd = 0n;
      if (mode === "keepLeverageSame") {
        const rest = remainingFigures(withProceeds, input);
        receiveUsd = minBig(
          settlement.receiveUsd,
          maxWithdrawableCollateralUsd({
            position: withProceeds,
            pricing: targetCustody.pricing,
            lossUsd: rest.pnl.lossUsd,
            exitFeeUsd: rest.exitFeeUsd,
            borrowFeeUsd: rest.borrowFeeUsd,
          }),
        );
      }
      newPosition = { ...withProceeds, collateralUsd: withProceeds.collateralUsd - receiveUsd };
    }
  }
  const after = full ? undefined : remainingFigures(newPosition, input);
  return {
    full,
    sizeDeltaAmount: closed.sizeAmount,
    closed,
    pnl,
    settledPnlUsd: pnl.profitUsd - pnl.lossUsd,
    exitFeeUsd: exit.feeUsd,
    exitFeeBeforeDiscountUsd: exit.feeUsdBeforeDiscount,
    borrowFeeUsd: borrow,
    feesUsd: exit.feeUsd + borrow,
    feesBeforeDiscountUsd: exit.feeUsdBeforeDiscount + borrow,
    settlement,
    receiveUsd,
    receiveAmount: tokenAmount(
      receiveUsd,
      collateralCustody.decimals,
      collateralMax,
      collateralCustody.tokenAmountMultiplier,
    ),
    newPosition,
    newLeverageBps: after === undefined ? 0n : after.leverage,
    newLiquidationPrice: after === undefined
      ? { price: 0n, exponent: position.entryPrice.exponent }
      : after.liquidation,
  };
}

/**
 * USD value of a closed size at its exit price (PROTOCOL-v1 §5.6): X = exit(side, price, spread for the size valued
 * at the oracle price); value = usd(size_amount at X).
 */
export function exitValueUsd(
  closed: Pick<PositionLike, "sizeAmount" | "sizeDecimals">,
  side: TradeSide,
  targetPrice: PriceInput,
  pricing: CloseQuoteInput["targetCustody"]["pricing"],
): bigint {
  const atOracle = usdValue(closed.sizeAmount, closed.sizeDecimals, minPriceOf(targetPrice));
  const exit = exitPriceForSize(side, targetPrice, pricing, atOracle);
  return usdValue(closed.sizeAmount, closed.sizeDecimals, exit);
}

function remainingFigures(position: PositionLike, input: CloseQuoteInput) {
  const pnl = pnlAgainst(position, input);
  const exitFeeUsd = exitFee(position.sizeUsd, input.targetCustody.fees.closePosition).feeUsd;
  const borrow = borrowFeeUsd(position, input.collateralCustody.borrowRateState, input.nowUnix);
  const leverage = displayLeverageBps(position.sizeUsd, {
    collateralUsd: position.collateralUsd,
    profitUsd: pnl.profitUsd,
    lossUsd: pnl.lossUsd,
    exitFeeUsd,
    borrowFeeUsd: borrow,
  }, true);
  const liquidation = positionLiquidationPrice(position, input.side, input.targetCustody, borrow);
  return { pnl, exitFeeUsd, borrowFeeUsd: borrow, leverage, liquidation };
}
