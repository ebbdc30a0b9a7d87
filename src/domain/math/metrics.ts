/**
 * Live metrics of one position (PROTOCOL-v1 §5.10 `getPositionMetrics`, PROTOCOL-v2 §5.8–5.10): PnL, fees, margin,
 * leverage, liquidation price. Composes the single-purpose modules; pure, `nowUnix` is a parameter.
 */
import type { TradeSide } from "../../protocol/vocabulary.ts";
import { borrowFeeUsd } from "./borrow.ts";
import { exitFee, feeAmount } from "./fees.ts";
import { displayLeverageBps, type LeverageBps, leverageBps, marginWithPnlUsd } from "./leverage.ts";
import { positionLiquidationPrice } from "./liquidation.ts";
import { maxPriceOf, minPriceOf } from "./oracle.ts";
import { type Pnl, pnlAgainst, pnlPercentBps, pnlWithFeeUsd, pnlWithoutFeeUsd } from "./pnl.ts";
import type { CustodyLike, IntLike, OraclePrice, PositionLike, PriceInput } from "./types.ts";

export type MetricsTargetCustody = Pick<CustodyLike, "pricing" | "fees">;
export type MetricsCollateralCustody = Pick<CustodyLike, "decimals" | "tokenAmountMultiplier" | "borrowRateState">;

export interface PositionMetricsInput {
  position: PositionLike;
  side: TradeSide;
  targetPrice: PriceInput;
  targetCustody: MetricsTargetCustody;
  collateralPrice: PriceInput;
  collateralCustody: MetricsCollateralCustody;
  nowUnix: IntLike;
}

export interface PositionMetrics {
  pnl: Pnl;
  /** USD-6 on size_usd (no discount: the live figure). */
  exitFeeUsd: bigint;
  /** Collateral-token native, at the collateral max price (PROTOCOL-v2 §5.6). */
  exitFeeAmount: bigint;
  /** Lock fee + unsettled fees, USD-6. */
  borrowFeeUsd: bigint;
  /** Collateral-token native, at the collateral min price (PROTOCOL-v2 §5.7). */
  borrowFeeAmount: bigint;
  totalFeeUsd: bigint;
  /** collateral + profit − loss − exit fee − borrow fee (signed). */
  marginUsd: bigint;
  /** BPS with PnL and fees (the SDK's metrics leverage). */
  leverageBps: LeverageBps;
  /** BPS size / collateral (includePnlInLeverageDisplay = false). */
  plainLeverageBps: LeverageBps;
  pnlWithoutFeeUsd: bigint;
  pnlWithFeeUsd: bigint;
  /** Hundredths of a percent of collateral_usd. */
  pnlPercentWithoutFeeBps: bigint;
  pnlPercentWithFeeBps: bigint;
  liquidationPrice: OraclePrice;
}

export function positionMetrics(input: PositionMetricsInput): PositionMetrics {
  const { position: pos, side, targetCustody, collateralCustody } = input;
  const collateralMin = minPriceOf(input.collateralPrice);
  const pnl = pnlAgainst(pos, input);
  const empty = pos.sizeUsd === 0n || pos.entryPrice.price === 0n;
  const exit = empty ? 0n : exitFee(pos.sizeUsd, targetCustody.fees.closePosition).feeUsd;
  const borrow = empty ? 0n : borrowFeeUsd(pos, collateralCustody.borrowRateState, input.nowUnix);
  const parts = {
    collateralUsd: pos.collateralUsd,
    profitUsd: pnl.profitUsd,
    lossUsd: pnl.lossUsd,
    exitFeeUsd: exit,
    borrowFeeUsd: borrow,
  };
  const withoutFee = pnlWithoutFeeUsd(pnl);
  const withFee = pnlWithFeeUsd(pnl, exit, borrow);
  return {
    pnl,
    exitFeeUsd: exit,
    exitFeeAmount: feeAmount(exit, maxPriceOf(input.collateralPrice), collateralCustody),
    borrowFeeUsd: borrow,
    borrowFeeAmount: feeAmount(borrow, collateralMin, collateralCustody),
    totalFeeUsd: exit + borrow,
    marginUsd: marginWithPnlUsd(parts),
    leverageBps: empty ? 0n : displayLeverageBps(pos.sizeUsd, parts, true),
    plainLeverageBps: empty ? 0n : leverageBps(pos.sizeUsd, pos.collateralUsd),
    pnlWithoutFeeUsd: withoutFee,
    pnlWithFeeUsd: withFee,
    pnlPercentWithoutFeeBps: pnlPercentBps(withoutFee, pos.collateralUsd),
    pnlPercentWithFeeBps: pnlPercentBps(withFee, pos.collateralUsd),
    liquidationPrice: empty
      ? { price: 0n, exponent: pos.entryPrice.exponent }
      : positionLiquidationPrice(pos, side, targetCustody, borrow),
  };
}
