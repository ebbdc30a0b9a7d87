/**
 * Order views: the v2 `OrderMetricsDto` with `LimitOrderMetricsDto` / `TriggerOrderMetricsDto` entries
 * (DECISIONS 2.6, 2.7) and the earlier interface's `OrderDataUiDto` (same entries plus `market`).
 *
 * Slots (DECISIONS 5.8): `orderId` is the index in the market's limit / take-profit / stop-loss list; an empty slot
 * (limit `size_amount` = 0, trigger `trigger_size` = 0) is skipped but keeps its index, so ids stay stable.
 *
 * A limit entry's position figures (collateral after the entry fee, leverage, liquidation price) are those of the
 * position the order would open at its limit price: the reserve is valued at the reserve token's price, converted to
 * the market's collateral token, and run through the open math (src/domain/math/open.ts) with the limit price as the
 * oracle price, so the entry spread and fee apply as at the fill.
 */
import { base64 } from "../../protocol/codec/bytes.ts";
import type { TradeSide } from "../../protocol/vocabulary.ts";
import type { LimitOrder, TriggerOrder } from "../../protocol/accounts/mod.ts";
import type { Order } from "../../protocol/accounts/order.ts";
import type { BasketOrder } from "../../protocol/accounts/basket.ts";
import { openQuote } from "../math/open.ts";
import { tokenAmount, usdValue } from "../math/oracle.ts";
import { formatLeverage, formatOptionalPrice, formatTokenAmount, formatUsd } from "../format/ui.ts";
import type { CustodyContext, DeploymentSnapshot, MarketContext } from "../deployment-snapshot.ts";
import { type OraclePriceDto, oraclePriceDto, plausiblePrice, tryCompute } from "./dto.ts";
import { marketFormat } from "./position-metrics.ts";

/** The figures of a limit entry that need live prices (reserve and collateral token). */
export interface LimitOrderPricedFields {
  reserveAmountUsdUi: string;
  collateralAmountUi: string;
  collateralAmountUiKmb: string;
  collateralAmountUsdUi: string;
  leverageUi: string;
  liquidationPriceUi: string;
}

export interface LimitOrderStaticFields {
  orderId: number;
  sideUi: TradeSide;
  symbol: string;
  reserveSymbol: string;
  reserveAmountUi: string;
  sizeAmountUi: string;
  sizeAmountUiKmb: string;
  sizeUsdUi: string;
  entryOraclePrice: OraclePriceDto;
  entryPriceUi: string;
  limitTakeProfitPriceUi: string;
  limitStopLossPriceUi: string;
  receiveTokenSymbol: string;
  reserveTokenSymbol: string;
}

export type LimitOrderMetricsDto = LimitOrderStaticFields & LimitOrderPricedFields;

export interface TriggerOrderMetricsDto {
  orderId: number;
  sideUi: TradeSide;
  symbol: string;
  receiveTokenSymbol: string;
  sizeAmountUi: string;
  sizeAmountUiKmb: string;
  sizeUsdUi: string;
  type: "TP" | "SL";
  triggerPriceUi: string;
  leverage: "";
}

export interface OrderMetricsDto {
  marketSymbol: string;
  sideUi: TradeSide;
  limitOrders: LimitOrderMetricsDto[];
  takeProfitOrders: TriggerOrderMetricsDto[];
  stopLossOrders: TriggerOrderMetricsDto[];
}

export type LimitOrderUiDto = { market: string } & LimitOrderStaticFields & Partial<LimitOrderPricedFields>;
export type TriggerOrderUiDto = { market: string } & TriggerOrderMetricsDto;

export interface OrderDataUiDto {
  key: string;
  orderAccountData: string;
  limitOrders: LimitOrderUiDto[];
  takeProfitOrders: TriggerOrderUiDto[];
  stopLossOrders: TriggerOrderUiDto[];
}

export const isLimitSlotEmpty = (slot: LimitOrder) => slot.sizeAmount === 0n;
export const isTriggerSlotEmpty = (slot: TriggerOrder) => slot.triggerSize === 0n;

/** Slots whose prices cannot be computed with (corrupt exponents) are not listed. */
const plausibleLimit = (slot: LimitOrder) =>
  plausiblePrice(slot.limitPrice) && plausiblePrice(slot.takeProfitPrice) && plausiblePrice(slot.stopLossPrice);
const plausibleTrigger = (slot: TriggerOrder) => plausiblePrice(slot.triggerPrice);

/** Slots in use (and computable), each with its stable index. */
function live<T>(slots: readonly T[], isEmpty: (slot: T) => boolean, plausible: (slot: T) => boolean) {
  const out: { id: number; slot: T }[] = [];
  slots.forEach((slot, id) => {
    if (!isEmpty(slot) && plausible(slot)) out.push({ id, slot });
  });
  return out;
}

/** Token paid out by an order: the custody of `uid` in the market's pool, else the market's collateral token. */
function receiveSymbol(snapshot: DeploymentSnapshot, market: MarketContext, uid: number): string {
  return snapshot.custodyByUid(market.pool.poolAddress, uid)?.config.symbol ?? market.config.collateralSymbol;
}

function limitStatic(
  market: MarketContext,
  id: number,
  slot: LimitOrder,
  reserve: CustodyContext,
  receive: string,
): LimitOrderStaticFields {
  const f = marketFormat(market);
  const reserveAmountUi = formatTokenAmount(slot.reserveAmount, reserve.account.decimals, reserve.token.tokenPrecision);
  return {
    orderId: id,
    sideUi: market.side,
    symbol: market.config.targetSymbol,
    reserveSymbol: reserve.config.symbol,
    reserveAmountUi,
    sizeAmountUi: f.size(slot.sizeAmount),
    sizeAmountUiKmb: f.sizeKmb(slot.sizeAmount),
    sizeUsdUi: formatUsd(usdValue(slot.sizeAmount, market.target.account.decimals, slot.limitPrice)),
    entryOraclePrice: oraclePriceDto(slot.limitPrice),
    entryPriceUi: f.price(slot.limitPrice),
    limitTakeProfitPriceUi: formatOptionalPrice(slot.takeProfitPrice, market.target.token.usdPrecision),
    limitStopLossPriceUi: formatOptionalPrice(slot.stopLossPrice, market.target.token.usdPrecision),
    receiveTokenSymbol: receive,
    reserveTokenSymbol: reserve.config.symbol,
  };
}

/** The price-dependent part of a limit entry, or undefined when the reserve or collateral price is unknown. */
export function limitPriced(
  snapshot: DeploymentSnapshot,
  market: MarketContext,
  slot: LimitOrder,
  reserve: CustodyContext,
): LimitOrderPricedFields | undefined {
  const reservePrice = snapshot.price(reserve.token);
  const collateralPrice = snapshot.price(market.collateral.token);
  if (!reservePrice || !collateralPrice) return undefined;
  const r = reserve.account;
  const c = market.collateral.account;
  const reserveUsd = usdValue(slot.reserveAmount, r.decimals, reservePrice.price, r.tokenAmountMultiplier);
  const collateralIn = reserve.pubkey === market.collateral.pubkey
    ? slot.reserveAmount
    : tokenAmount(reserveUsd, c.decimals, collateralPrice.price, c.tokenAmountMultiplier);
  const q = openQuote({
    position: null,
    side: market.side,
    collateralDeltaAmount: collateralIn,
    sizeDeltaAmount: slot.sizeAmount,
    targetPrice: slot.limitPrice,
    targetCustody: market.target.account,
    collateralPrice: collateralPrice.price,
    collateralCustody: c,
    market: market.account,
    nowUnix: snapshot.nowUnix,
  });
  const collateralUsd = q.newPosition.collateralUsd;
  const collateralAmount = tokenAmount(collateralUsd, c.decimals, collateralPrice.price, c.tokenAmountMultiplier);
  const f = marketFormat(market);
  return {
    reserveAmountUsdUi: formatUsd(reserveUsd),
    collateralAmountUi: f.collateral(collateralAmount),
    collateralAmountUiKmb: f.collateralKmb(collateralAmount),
    collateralAmountUsdUi: formatUsd(collateralUsd),
    leverageUi: formatLeverage(q.newLeverageBps),
    liquidationPriceUi: f.price(q.newLiquidationPrice),
  };
}

function triggerEntry(
  snapshot: DeploymentSnapshot,
  market: MarketContext,
  id: number,
  slot: TriggerOrder,
  type: "TP" | "SL",
): TriggerOrderMetricsDto {
  const f = marketFormat(market);
  return {
    orderId: id,
    sideUi: market.side,
    symbol: market.config.targetSymbol,
    receiveTokenSymbol: receiveSymbol(snapshot, market, slot.receiveCustodyUid),
    sizeAmountUi: f.size(slot.triggerSize),
    sizeAmountUiKmb: f.sizeKmb(slot.triggerSize),
    sizeUsdUi: formatUsd(usdValue(slot.triggerSize, market.target.account.decimals, slot.triggerPrice)),
    type,
    triggerPriceUi: f.price(slot.triggerPrice),
    leverage: "",
  };
}

type Slots = Pick<BasketOrder, "limitOrders" | "takeProfitOrders" | "stopLossOrders">;

/** Whether any limit, take-profit or stop-loss slot is in use. */
export function hasLiveSlot(order: Slots): boolean {
  return order.limitOrders.some((s) => !isLimitSlotEmpty(s)) ||
    order.takeProfitOrders.some((s) => !isTriggerSlotEmpty(s)) ||
    order.stopLossOrders.some((s) => !isTriggerSlotEmpty(s));
}

/**
 * v2 orders of one market. Every member of a limit entry is required, so an entry whose reserve token is unknown
 * or whose reserve / collateral price is missing is left out (its id is not reused). Undefined when nothing can be
 * listed.
 */
export function orderMetricsDto(
  snapshot: DeploymentSnapshot,
  market: MarketContext,
  order: Slots,
): OrderMetricsDto | undefined {
  const limitOrders: LimitOrderMetricsDto[] = [];
  for (const { id, slot } of live(order.limitOrders, isLimitSlotEmpty, plausibleLimit)) {
    const reserve = snapshot.custodyByUid(market.pool.poolAddress, slot.reserveCustodyUid);
    if (!reserve) continue;
    const priced = tryCompute(() => limitPriced(snapshot, market, slot, reserve));
    if (!priced) continue;
    const receive = receiveSymbol(snapshot, market, slot.receiveCustodyUid);
    limitOrders.push({ ...limitStatic(market, id, slot, reserve, receive), ...priced });
  }
  const takeProfitOrders = live(order.takeProfitOrders, isTriggerSlotEmpty, plausibleTrigger)
    .map(({ id, slot }) => triggerEntry(snapshot, market, id, slot, "TP"));
  const stopLossOrders = live(order.stopLossOrders, isTriggerSlotEmpty, plausibleTrigger)
    .map(({ id, slot }) => triggerEntry(snapshot, market, id, slot, "SL"));
  if (!limitOrders.length && !takeProfitOrders.length && !stopLossOrders.length) return undefined;
  return {
    marketSymbol: market.config.targetSymbol,
    sideUi: market.side,
    limitOrders,
    takeProfitOrders,
    stopLossOrders,
  };
}

/**
 * The earlier interface's record of one order account. Entries of a market absent from the configuration are not
 * listed (the record itself is, with empty lists); price-dependent limit fields are left out without prices.
 */
export function orderDataUi(snapshot: DeploymentSnapshot, key: string, raw: Uint8Array, order: Order): OrderDataUiDto {
  const out: OrderDataUiDto = {
    key,
    orderAccountData: base64(raw),
    limitOrders: [],
    takeProfitOrders: [],
    stopLossOrders: [],
  };
  const market = snapshot.market(order.market);
  if (!market) return out;
  const tag = { market: market.pubkey };
  for (const { id, slot } of live(order.limitOrders, isLimitSlotEmpty, plausibleLimit)) {
    const reserve = snapshot.custodyByUid(market.pool.poolAddress, slot.reserveCustodyUid);
    if (!reserve) continue;
    const receive = receiveSymbol(snapshot, market, slot.receiveCustodyUid);
    const priced = tryCompute(() => limitPriced(snapshot, market, slot, reserve));
    out.limitOrders.push({ ...tag, ...limitStatic(market, id, slot, reserve, receive), ...priced });
  }
  for (const { id, slot } of live(order.takeProfitOrders, isTriggerSlotEmpty, plausibleTrigger)) {
    out.takeProfitOrders.push({ ...tag, ...triggerEntry(snapshot, market, id, slot, "TP") });
  }
  for (const { id, slot } of live(order.stopLossOrders, isTriggerSlotEmpty, plausibleTrigger)) {
    out.stopLossOrders.push({ ...tag, ...triggerEntry(snapshot, market, id, slot, "SL") });
  }
  return out;
}
