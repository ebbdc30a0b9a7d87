/**
 * What the open-position quote takes and gives (`OpenPositionRequest`, `OpenPositionResponseDto` without
 * `transactionBase64` / `err`), and the terms its builders take: shared by the position trades (./open.ts) and the
 * earlier interface's SWAP trade (./swap.ts), which answers in the same shape.
 */
import type { OraclePrice, PositionLike, Privilege } from "../math/types.ts";
import type { MarketContext } from "../deployment-snapshot.ts";
import type { SwapLeg } from "./swap-leg.ts";
import type { TpSlQuoteDto } from "./tpsl.ts";

export interface OpenPositionRequest {
  inputTokenSymbol: string;
  outputTokenSymbol: string;
  inputAmountUi: string;
  leverage: number;
  tradeType: "LONG" | "SHORT" | "SWAP";
  orderType?: "MARKET" | "LIMIT";
  limitPrice?: string;
  takeProfit?: string;
  stopLoss?: string;
  /** Omitted in preview-only mode: then no existing position is looked up. */
  owner?: string;
  /** Earlier interface only. */
  degenMode?: boolean;
  tradingFeeDiscountPercent?: number;
  privilege?: Privilege;
  userReferralAccount?: string;
  tokenStakeTokenAccount?: string;
  /** Earlier interface, SWAP only: the owner's whitelist account (swap-fee exemption). */
  userWhitelistAccount?: string;
}

export interface OpenPositionQuoteDto {
  oldLeverage?: string;
  oldEntryPrice?: string;
  oldLiquidationPrice?: string;
  newLeverage: string;
  newEntryPrice: string;
  newLiquidationPrice: string;
  entryFee: string;
  entryFeeBeforeDiscount: string;
  discountPercentage: string;
  openPositionFeePercent: string;
  availableLiquidity: string;
  youPayUsdUi: string;
  youRecieveUsdUi: string;
  marginFeePercentage: string;
  outputAmount: string;
  outputAmountUi: string;
  takeProfitQuote?: TpSlQuoteDto;
  stopLossQuote?: TpSlQuoteDto;
  swapInPriceUi?: string;
  swapOutPriceUi?: string;
  swapFeeUsdUi?: string;
}

/** What a transaction builder needs besides the DTO (native amounts, accounts, prices). */
export interface OpenPositionTerms {
  kind: "open" | "increase" | "limit" | "swap";
  market?: MarketContext;
  inputCustody: string;
  /** Input-token native units. */
  amountIn: bigint;
  /** Collateral-token native units entering the position (after a swap-in). */
  collateralAmount: bigint;
  /** Target native size delta (`size_amount`). */
  sizeAmount: bigint;
  /** Fill price of the delta (slippage bounds are taken around it). */
  entryPrice?: OraclePrice;
  /** The target's oracle price the trade was quoted at (trigger and limit prices are checked against it). */
  markPrice?: OraclePrice;
  /** The position after the trade (fees deducted): what attached triggers close and the minimum-collateral base. */
  position?: PositionLike;
  limitPrice?: OraclePrice;
  takeProfitPrice?: OraclePrice;
  stopLossPrice?: OraclePrice;
  privilege: Privilege;
  discountBps: bigint;
  swap?: SwapLeg;
}

export interface OpenPositionQuote {
  dto: OpenPositionQuoteDto;
  terms: OpenPositionTerms;
}
