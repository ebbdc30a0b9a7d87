/**
 * Position views: the v2 `PositionMetricsDto` (DECISIONS 2.8) and the earlier interface's `PositionTableDataUiDto`.
 * Numbers come from src/domain/math (`positionMetrics`), strings from src/domain/format (DECISIONS 2.10).
 *
 * Choice (prices): views use the latest price of a feed whatever its age — they describe the position at the last
 * known price (the REST answers, and the first message of a stream). The staleness rule of DECISIONS 5.9 applies to
 * quotes and previews (src/domain/quotes), which commit a user to a price, and pauses the streams' periodic messages
 * (owner-stream.ts).
 */
import { base64 } from "../../protocol/codec/bytes.ts";
import type { TradeSide } from "../../protocol/vocabulary.ts";
import type { Position } from "../../protocol/accounts/mod.ts";
import { tokenAmount } from "../math/oracle.ts";
import { borrowFeeUsd } from "../math/borrow.ts";
import { isDegen, positionLiquidationPrice } from "../math/liquidation.ts";
import { type PositionMetrics, positionMetrics } from "../math/metrics.ts";
import { INFINITE_LEVERAGE, leverageBps } from "../math/leverage.ts";
import type { OraclePrice, PositionLike } from "../math/types.ts";
import { U64_MAX } from "../../protocol/constants.ts";
import {
  formatKmb,
  formatLeverage,
  formatPercentBps,
  formatPrice,
  formatTokenAmount,
  formatUsd,
} from "../format/ui.ts";
import type { LivePrice, MarketContext } from "../deployment-snapshot.ts";
import { type OraclePriceDto, oraclePriceDto, tryCompute } from "./dto.ts";

export interface PositionMetricsDto {
  marketSymbol: string;
  collateralSymbol: string;
  sideUi: TradeSide;
  entryPriceUi: string;
  liquidationPriceUi: string;
  leverageUi: string;
  sizeAmountUi: string;
  sizeAmountUiKmb: string;
  sizeUsdUi: string;
  collateralAmountUi: string;
  collateralAmountUiKmb: string;
  collateralUsdUi: string;
  pnlWithFeeUsdUi: string;
  pnlPercentageWithFee: string;
  pnlWithoutFeeUsdUi: string;
  pnlPercentageWithoutFee: string;
  profitUsd: string;
  lossUsd: string;
  marginUsd: string;
  exitFeeUsd: string;
  borrowFeeUsd: string;
  priceImpactUsd: string;
  totalFeeUsd: string;
  leverage: string;
  liquidationPrice: OraclePriceDto;
  exitPrice: OraclePriceDto;
}

export interface PositionPnlDto {
  profitUsd: string;
  lossUsd: string;
  exitFeeUsd: string;
  borrowFeeUsd: string;
  exitFeeAmount: string;
  borrowFeeAmount: string;
  priceImpactUsd: string;
  priceImpactSet: boolean;
}

export interface PositionTableDataUiDto {
  key: string;
  positionAccountData: string;
  sideUi?: TradeSide;
  marketSymbol?: string;
  collateralSymbol?: string;
  entryOraclePrice?: OraclePriceDto;
  entryPriceUi?: string;
  sizeAmountUi?: string;
  sizeAmountUiKmb?: string;
  sizeUsdUi?: string;
  collateralAmountUi?: string;
  collateralAmountUiKmb?: string;
  collateralUsdUi?: string;
  isDegen?: boolean;
  pnl?: PositionPnlDto;
  pnlWithFeeUsdUi?: string;
  pnlPercentageWithFee?: string;
  pnlWithoutFeeUsdUi?: string;
  pnlPercentageWithoutFee?: string;
  liquidationPriceUi?: string;
  leverageUi?: string;
}

/** Prices a position view needs: the target's (PnL, exit price) and the collateral's (locked value, amounts). */
export interface PositionPrices {
  target: LivePrice;
  collateral: LivePrice;
}

export interface PositionFigures {
  metrics: PositionMetrics;
  /** Collateral in collateral-token native units: collateral_usd at the collateral price (positions store no amount). */
  collateralAmount: bigint;
}

/** The math of one position at the given prices and time. */
export function positionFigures(
  market: MarketContext,
  position: PositionLike,
  target: OraclePrice,
  collateral: OraclePrice,
  nowUnix: bigint,
): PositionFigures {
  const metrics = positionMetrics({
    position,
    side: market.side,
    targetPrice: target,
    targetCustody: market.target.account,
    collateralPrice: collateral,
    collateralCustody: market.collateral.account,
    nowUnix,
  });
  // The program computes these with checked u64 arithmetic: a position whose figures leave that range cannot be
  // settled on chain (MathOverflow), so its figures are not computable here either (views then leave them out).
  const { pnl } = metrics;
  for (const figure of [pnl.profitUsd, pnl.lossUsd, metrics.exitFeeUsd, metrics.borrowFeeUsd]) {
    if (figure > U64_MAX) throw new RangeError("position figures exceed the program's u64 range");
  }
  const c = market.collateral.account;
  return {
    metrics,
    collateralAmount: tokenAmount(position.collateralUsd, c.decimals, collateral, c.tokenAmountMultiplier),
  };
}

/** Display helpers bound to one market's tokens (prices at the target's usdPrecision, amounts at tokenPrecision). */
export function marketFormat(market: MarketContext) {
  const t = market.target.token;
  const c = market.collateral.token;
  return {
    price: (p: OraclePrice) => formatPrice(p, t.usdPrecision),
    size: (amount: bigint) => formatTokenAmount(amount, market.target.account.decimals, t.tokenPrecision),
    sizeKmb: (amount: bigint) => formatKmb(amount, market.target.account.decimals),
    collateral: (amount: bigint) => formatTokenAmount(amount, market.collateral.account.decimals, c.tokenPrecision),
    collateralKmb: (amount: bigint) => formatKmb(amount, market.collateral.account.decimals),
  };
}

/** v2 metrics of an open position. Every field is required by the contract, so both prices must be known. */
export function positionMetricsDto(
  market: MarketContext,
  position: PositionLike,
  prices: PositionPrices,
  nowUnix: bigint,
): PositionMetricsDto {
  const { metrics: m, collateralAmount } = positionFigures(
    market,
    position,
    prices.target.price,
    prices.collateral.price,
    nowUnix,
  );
  const f = marketFormat(market);
  const leverage = m.leverageBps;
  return {
    marketSymbol: market.config.targetSymbol,
    collateralSymbol: market.config.collateralSymbol,
    sideUi: market.side,
    entryPriceUi: f.price(position.entryPrice),
    liquidationPriceUi: f.price(m.liquidationPrice),
    leverageUi: formatLeverage(leverage),
    sizeAmountUi: f.size(position.sizeAmount),
    sizeAmountUiKmb: f.sizeKmb(position.sizeAmount),
    sizeUsdUi: formatUsd(position.sizeUsd),
    collateralAmountUi: f.collateral(collateralAmount),
    collateralAmountUiKmb: f.collateralKmb(collateralAmount),
    collateralUsdUi: formatUsd(position.collateralUsd),
    pnlWithFeeUsdUi: formatUsd(m.pnlWithFeeUsd),
    pnlPercentageWithFee: formatPercentBps(m.pnlPercentWithFeeBps),
    pnlWithoutFeeUsdUi: formatUsd(m.pnlWithoutFeeUsd),
    pnlPercentageWithoutFee: formatPercentBps(m.pnlPercentWithoutFeeBps),
    profitUsd: String(m.pnl.profitUsd),
    lossUsd: String(m.pnl.lossUsd),
    marginUsd: String(m.marginUsd),
    exitFeeUsd: String(m.exitFeeUsd),
    borrowFeeUsd: String(m.borrowFeeUsd),
    priceImpactUsd: String(m.pnl.priceImpactUsd),
    totalFeeUsd: String(m.totalFeeUsd),
    leverage: leverage === INFINITE_LEVERAGE ? INFINITE_LEVERAGE : String(leverage),
    liquidationPrice: oraclePriceDto(m.liquidationPrice),
    exitPrice: oraclePriceDto(m.pnl.exitPrice, prices.target.timestampSec),
  };
}

/**
 * The earlier interface's enriched position. `key` and `positionAccountData` always; the rest as far as it can be
 * computed: without the market (configuration or accounts) nothing else, without prices the fields that need none
 * (symbols, entry, size, collateral USD, degen flag, the liquidation price and — when `includePnl` is false — the
 * leverage, which depend on stored values only).
 *
 * `leverageUi` (DECISIONS 4.4, PROTOCOL-v1 §5.10): `includePnl` true → size / (collateral + profit − loss − exit fee
 * − borrow fee); false → size / collateral.
 */
export function positionTableDataUi(
  key: string,
  raw: Uint8Array,
  position: Position,
  market: MarketContext | undefined,
  prices: Partial<PositionPrices>,
  nowUnix: bigint,
  includePnl: boolean,
): PositionTableDataUiDto {
  const out: PositionTableDataUiDto = { key, positionAccountData: base64(raw) };
  if (!market) return out;
  const f = marketFormat(market);
  out.sideUi = market.side;
  out.marketSymbol = market.config.targetSymbol;
  out.collateralSymbol = market.config.collateralSymbol;
  out.entryOraclePrice = oraclePriceDto(position.entryPrice);
  out.entryPriceUi = f.price(position.entryPrice);
  out.sizeAmountUi = f.size(position.sizeAmount);
  out.sizeAmountUiKmb = f.sizeKmb(position.sizeAmount);
  out.sizeUsdUi = formatUsd(position.sizeUsd);
  out.collateralUsdUi = formatUsd(position.collateralUsd);
  out.isDegen = isDegen(position);
  if (!includePnl) out.leverageUi = formatLeverage(leverageBps(position.sizeUsd, position.collateralUsd));
  const borrow = borrowFeeUsd(position, market.collateral.account.borrowRateState, nowUnix);
  out.liquidationPriceUi = f.price(positionLiquidationPrice(position, market.side, market.target.account, borrow));

  const { target, collateral } = prices;
  if (!target || !collateral) return out;
  const figures = tryCompute(() => positionFigures(market, position, target.price, collateral.price, nowUnix));
  if (!figures) return out;
  const { metrics: m, collateralAmount } = figures;
  out.collateralAmountUi = f.collateral(collateralAmount);
  out.collateralAmountUiKmb = f.collateralKmb(collateralAmount);
  out.pnl = {
    profitUsd: String(m.pnl.profitUsd),
    lossUsd: String(m.pnl.lossUsd),
    exitFeeUsd: String(m.exitFeeUsd),
    borrowFeeUsd: String(m.borrowFeeUsd),
    exitFeeAmount: String(m.exitFeeAmount),
    borrowFeeAmount: String(m.borrowFeeAmount),
    priceImpactUsd: String(m.pnl.priceImpactUsd),
    priceImpactSet: position.priceImpactSet !== 0,
  };
  out.pnlWithFeeUsdUi = formatUsd(m.pnlWithFeeUsd);
  out.pnlPercentageWithFee = formatPercentBps(m.pnlPercentWithFeeBps);
  out.pnlWithoutFeeUsdUi = formatUsd(m.pnlWithoutFeeUsd);
  out.pnlPercentageWithoutFee = formatPercentBps(m.pnlPercentWithoutFeeBps);
  out.leverageUi = formatLeverage(includePnl ? m.leverageBps : m.plainLeverageBps);
  return out;
}
