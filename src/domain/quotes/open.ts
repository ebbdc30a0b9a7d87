/**
 * Open-position quote (`OpenPositionResponseDto` without `transactionBase64` / `err`; PROTOCOL-v1 §5.4–5.5, §5.12,
 * PROTOCOL-v2 §5.5, §5.9, §5.12): MARKET opens and increases, LIMIT orders priced at `limitPrice`, attached TP/SL
 * quotes, and (earlier interface) swap-and-open and plain SWAP trades.
 *
 * Market choice for (outputTokenSymbol, side): the market of the owner's existing position when there is one (an
 * increase, addressed where it actually is); otherwise `marketForNewPosition` (v2: the market the v2 reference
 * names, JitoSOL-collateral for SOL longs; earlier interface: the market whose collateral is the paying token).
 *
 * v2 trades paid in another token than the market's collateral (DECISIONS 5.12, e.g. 11 USDC into SOL long): the
 * program swaps the payment in without a swap fee, so the payment counts at its own oracle price (after its token
 * multiplier) and every same-token rule (size, fee, leverage, liquidation, minimum collateral) applies to that USD
 * value; borrow rate, liquidity and locked amounts are the market's collateral ("lock") custody's.
 */
import { type TradeSide, tradeSide } from "../../protocol/vocabulary.ts";
import { discountBpsFor } from "../math/fees.ts";
import { leverageToBps } from "../math/leverage.ts";
import { type OpenQuote, openQuote, sizeFromLeverage } from "../math/open.ts";
import { tokenAmount, usdValue } from "../math/oracle.ts";
import type { OraclePrice, PositionLike, Privilege } from "../math/types.ts";
import { formatLeverage, formatUsd } from "../format/ui.ts";
import type { CustodyContext, DeploymentSnapshot, LivePrice, MarketContext } from "../deployment-snapshot.ts";
import { bpsPercent, leverageDecimal, ratePercent } from "../views/dto.ts";
import { marketFormat, type PositionFigures, positionFigures } from "../views/position-metrics.ts";
import {
  requireCustodyInPool,
  requireMarkets,
  requireOpenSession,
  requirePrice,
  requireToken,
} from "./market-lookup.ts";
import { existingPosition, type OpenPositionRef } from "./position-lookup.ts";
import {
  availableLiquidityUsd,
  degenPosition,
  requireFeeCovered,
  requireLeverageWithin,
  requireLiquidity,
  requireMinimumCollateral,
} from "./program-rules.ts";
import { parseAmount, parseUiPrice } from "./request-numbers.ts";
import { type SwapLeg, swapLeg } from "./swap-leg.ts";
import { swapFields, swapTradeQuote } from "./swap.ts";
import { privilegeOf } from "./privilege.ts";
import { marketForNewPosition } from "./new-position-market.ts";
import { parseOrderPrice } from "./order-price.ts";
import { fail, type QuoteResult, runQuote } from "./result.ts";
import { tpSlQuoteDto, type TriggerKind } from "./tpsl.ts";
import type {
  OpenPositionQuote,
  OpenPositionQuoteDto,
  OpenPositionRequest,
  OpenPositionTerms,
} from "./open-contract.ts";

export function openPositionQuote(
  snapshot: DeploymentSnapshot,
  req: OpenPositionRequest,
): QuoteResult<OpenPositionQuote> {
  return runQuote(() => {
    if (req.tradeType !== "SWAP") return computeOpen(snapshot, req);
    if (snapshot.version === "v2") fail("UNSUPPORTED_TRADE_TYPE", "SWAP is not supported in v2");
    return swapTradeQuote(snapshot, req);
  });
}

/**
 * A position trade in four steps, each a function of what the previous ones established: resolve what is traded
 * and with what, size it, check it against the market's limits, then describe it twice, for the client (DTO) and
 * for the transaction builder (terms). Each step raises its failures (`fail`) in the order the client should meet them.
 */
function computeOpen(snapshot: DeploymentSnapshot, req: OpenPositionRequest): OpenPositionQuote {
  const target = resolveOpenTarget(snapshot, req);
  const sized = sizeOpen(snapshot, req, target);
  // Preview-only (no owner, both interfaces): nothing will be submitted, so the numbers of a trade below the minimum
  // collateral are still shown; a build with an owner refuses it.
  const newLeverage = checkOpenLimits(target, sized, req.owner !== undefined);
  const triggers = triggerPrices(snapshot, req, target.prices.target.price.exponent);
  return {
    dto: openDto(snapshot, target, sized, newLeverage, triggers),
    terms: openTerms(target, sized, triggers),
  };
}

/** What an open trades: the market (and the position it increases), what the trader pays with, and the prices. */
interface OpenTarget {
  side: TradeSide;
  isLimit: boolean;
  market: MarketContext;
  /** The owner's position on `market` that a MARKET order increases. */
  existing?: OpenPositionRef;
  /** The custody of the token paid. */
  input: CustodyContext;
  /**
   * The payment is not the market's collateral token: it is swapped into it (earlier interface), or valued at its
   * own price (v2, and earlier-interface limit orders).
   */
  swapIn: boolean;
  prices: { target: LivePrice; collateral: LivePrice; input: LivePrice };
  privilege: Privilege;
  discountBps: bigint;
  degen: boolean;
}

/** The trade in numbers: what enters the position, its size, and the position after it. */
interface OpenSizing {
  /** Input-token native units. */
  amountIn: bigint;
  /** v2: an amount of "0" answers liquidity and rates only (PROTOCOL-v2 §5.12); nothing is sized or checked. */
  quoting: boolean;
  limitPrice?: OraclePrice;
  /** The price the size is taken at: the limit price, else the oracle's. */
  tradePrice: OraclePrice;
  youPayUsd: bigint;
  swap?: SwapLeg;
  /** Collateral-token native units entering the position (after a swap-in). */
  collateralAmount: bigint;
  collateralUsd: bigint;
  /** Target native size delta (`size_amount`). */
  sizeAmount: bigint;
  /** The increased position's figures before the trade. */
  old?: PositionFigures;
  quote: OpenQuote;
  /** The position after the trade (degen mode: flagged, with its liquidation price). */
  position: PositionLike;
  liquidationPrice: OraclePrice;
  availableLiquidityUsd: bigint;
}

/**
 * Markets for (output token, side), the owner's position to increase, the paid custody, and the prices the trade
 * needs. A payment in another token than the market's collateral is swapped in (earlier interface: swap-and-open)
 * or valued at its own price (v2, DECISIONS 5.12; earlier-interface limit orders).
 */
function resolveOpenTarget(snapshot: DeploymentSnapshot, req: OpenPositionRequest): OpenTarget {
  const side = tradeSide(req.tradeType);
  const isLimit = req.orderType === "LIMIT";
  requireToken(snapshot, req.inputTokenSymbol);
  const markets = requireMarkets(snapshot, req.outputTokenSymbol, side);
  // A limit order rests on its own; only a MARKET order with an owner can increase an existing position.
  const existing = req.owner && !isLimit ? existingPosition(snapshot, req.owner, markets) : undefined;
  const market = existing?.market ?? marketForNewPosition(snapshot, markets, req.inputTokenSymbol);
  const input = requireCustodyInPool(snapshot, req.inputTokenSymbol, market.pool);
  const swapIn = input.pubkey !== market.collateral.pubkey;

  const target = requirePrice(snapshot, market.target.token);
  requireOpenSession(target, market.config.targetSymbol);
  const collateral = requirePrice(snapshot, market.collateral.token);
  const prices = { target, collateral, input: swapIn ? requirePrice(snapshot, input.token) : collateral };

  const privilege = privilegeOf(snapshot, req);
  return {
    side,
    isLimit,
    market,
    existing,
    input,
    swapIn,
    prices,
    privilege,
    discountBps: snapshot.version === "v2" ? 0n : discountBpsFor(privilege, req.tradingFeeDiscountPercent),
    degen: snapshot.version === "earlier" && req.degenMode === true,
  };
}

/**
 * Sizes the trade: the amount paid and its leverage (checked against the market's bounds first: sizing outside
 * them means nothing), the collateral it becomes, the size that leverage buys, and the position after the trade.
 */
function sizeOpen(snapshot: DeploymentSnapshot, req: OpenPositionRequest, t: OpenTarget): OpenSizing {
  const { market, input, prices } = t;
  const leverageBps = leverageToBps(req.leverage);
  const amountIn = parseAmount(req.inputAmountUi, input.account.decimals, "inputAmountUi");
  const quoting = amountIn > 0n;
  if (quoting) requireLeverageWithin(market, leverageBps, t.degen);

  let limitPrice: OraclePrice | undefined;
  if (t.isLimit) {
    if (req.limitPrice === undefined) fail("COMPUTE_FAILED", "limitPrice is required for LIMIT orders");
    limitPrice = requestPrice(snapshot, req.limitPrice, prices.target.price.exponent, "limitPrice");
  }
  const tradePrice = limitPrice ?? prices.target.price;

  // Collateral entering the position, in the collateral token.
  const c = market.collateral.account;
  let swap: SwapLeg | undefined;
  let collateralAmount = amountIn;
  const youPayUsd = usdValue(amountIn, input.account.decimals, prices.input.price, input.account.tokenAmountMultiplier);
  /** v2: the payment's own USD value is the collateral added (no swap fee, DECISIONS 5.12). */
  let valuedUsd: bigint | undefined;
  if (t.swapIn && amountIn > 0n) {
    if (snapshot.version === "v2") {
      valuedUsd = youPayUsd;
      collateralAmount = tokenAmount(youPayUsd, c.decimals, prices.collateral.price, c.tokenAmountMultiplier);
    } else if (t.isLimit) {
      // The reserve is converted at the fill; it is valued at today's prices.
      collateralAmount = tokenAmount(youPayUsd, c.decimals, prices.collateral.price, c.tokenAmountMultiplier);
    } else {
      swap = swapLeg(snapshot, market.pool, input, market.collateral, amountIn);
      collateralAmount = swap.quote.minAmountOut;
    }
  }
  const collateralUsd = valuedUsd ??
    usdValue(collateralAmount, c.decimals, prices.collateral.price, c.tokenAmountMultiplier);

  const leg = sizeLeg(snapshot, {
    market,
    side: t.side,
    existing: t.existing,
    markPrice: prices.target.price,
    tradePrice,
    collateralPrice: prices.collateral.price,
    collateralAmount,
    collateralUsd,
    valuedUsd,
    leverageBps,
    discountBps: t.discountBps,
    degen: t.degen,
    sized: quoting,
  });
  return {
    amountIn,
    quoting,
    limitPrice,
    tradePrice,
    youPayUsd,
    swap,
    collateralAmount,
    collateralUsd,
    ...leg,
    availableLiquidityUsd: availableLiquidityUsd(market, prices.collateral.price),
  };
}

/** What the size of an open, an increase or a reverse's new leg is taken from. */
export interface LegBasis {
  market: MarketContext;
  side: TradeSide;
  /** The owner's position on `market` the leg increases. */
  existing?: OpenPositionRef;
  /** The target's oracle price (the increased position's figures before the trade are taken at it). */
  markPrice: OraclePrice;
  /** The price the size is taken at: a limit price, else the oracle's. */
  tradePrice: OraclePrice;
  collateralPrice: OraclePrice;
  /** Collateral-token native units entering the position. */
  collateralAmount: bigint;
  collateralUsd: bigint;
  /** v2: a payment in another token counts at its own USD value (DECISIONS 5.12). */
  valuedUsd?: bigint;
  leverageBps: bigint;
  discountBps: bigint;
  degen: boolean;
  /** False: nothing is sized (a v2 quote of "0" answers liquidity and rates only). */
  sized: boolean;
}

/**
 * The size `leverageBps` buys with the collateral, and the position after the leg (degen mode: flagged, with its
 * liquidation price): the step an open and a reverse's new leg share.
 */
export function sizeLeg(snapshot: DeploymentSnapshot, b: LegBasis) {
  const { market } = b;
  const sized = sizeFromLeverage({
    collateralUsd: b.collateralUsd,
    leverageBps: b.leverageBps,
    side: b.side,
    targetPrice: b.tradePrice,
    targetCustody: market.target.account,
    discountBps: b.discountBps,
  });
  const sizeAmount = b.sized ? sized.sizeAmount : 0n;
  const old = b.existing
    ? positionFigures(market, b.existing.position, b.markPrice, b.collateralPrice, snapshot.nowUnix)
    : undefined;
  const quote = openQuote({
    position: b.existing?.position ?? null,
    side: b.side,
    collateralDeltaAmount: b.collateralAmount,
    sizeDeltaAmount: sizeAmount,
    targetPrice: b.tradePrice,
    targetCustody: market.target.account,
    collateralPrice: b.collateralPrice,
    collateralCustody: market.collateral.account,
    market: market.account,
    nowUnix: snapshot.nowUnix,
    discountBps: b.discountBps,
    existingPnlUsd: old ? old.metrics.pnl.profitUsd - old.metrics.pnl.lossUsd : undefined,
    collateralDeltaUsd: b.valuedUsd,
  });
  const after = b.degen
    ? degenPosition(quote.newPosition, b.side, market.target.account, quote.borrowFeeUsd)
    : { position: quote.newPosition as PositionLike, liquidationPrice: quote.newLiquidationPrice };
  return { sizeAmount, old, quote, ...after };
}

/**
 * The sized trade against what the program would refuse: collateral that does not cover the entry fee, collateral
 * after fees below the market minimum (when `enforceMinCollateral`), a size beyond the available liquidity, a lock
 * beyond the collateral custody's free assets. Returns
 * the new leverage as the contract shows it (it exists only once the fee is covered); "0" when nothing is quoted.
 */
function checkOpenLimits(t: OpenTarget, s: OpenSizing, enforceMinCollateral: boolean): string {
  if (!s.quoting) return formatLeverage(0n);
  const newLeverage = requireFeeCovered(s.quote.newLeverageBps, s.collateralUsd);
  if (enforceMinCollateral) requireMinimumCollateral(t.market, s.position.collateralUsd, { degen: t.degen });
  requireLiquidity(
    t.market,
    t.prices.collateral.price,
    s.quote.sizeDeltaUsd,
    s.position.lockedAmount - (t.existing?.position.lockedAmount ?? 0n),
  );
  return newLeverage;
}

interface TriggerPrices {
  takeProfit?: OraclePrice;
  stopLoss?: OraclePrice;
}

function triggerPrices(snapshot: DeploymentSnapshot, req: OpenPositionRequest, exponent: number): TriggerPrices {
  const price = (text: string | undefined, field: string) =>
    text === undefined ? undefined : requestPrice(snapshot, text, exponent, field);
  return { takeProfit: price(req.takeProfit, "takeProfit"), stopLoss: price(req.stopLoss, "stopLoss") };
}

/**
 * A limit or trigger price of the request. v2 holds it to the order rules (zero or beyond u64: 400
 * TRIGGER_PRICE_INVALID, DECISIONS 3.3); the earlier interface answers a zero price as a compute failure.
 */
function requestPrice(snapshot: DeploymentSnapshot, text: string, exponent: number, field: string): OraclePrice {
  return snapshot.version === "v2" ? parseOrderPrice(text, exponent, field) : parseUiPrice(text, exponent, field);
}

/** The quote as the contract shows it: the old position (an increase), the new one, fees, rates, and TP/SL quotes. */
function openDto(
  snapshot: DeploymentSnapshot,
  t: OpenTarget,
  s: OpenSizing,
  newLeverage: string,
  triggers: TriggerPrices,
): OpenPositionQuoteDto {
  const { market } = t;
  const f = marketFormat(market);
  const dto: Partial<OpenPositionQuoteDto> = {};
  if (t.existing && s.old) {
    const oldLeverage = leverageDecimal(s.old.metrics.leverageBps);
    if (oldLeverage !== undefined) dto.oldLeverage = oldLeverage;
    dto.oldEntryPrice = f.price(t.existing.position.entryPrice);
    dto.oldLiquidationPrice = f.price(s.old.metrics.liquidationPrice);
  }
  Object.assign(dto, {
    newLeverage,
    newEntryPrice: f.price(s.quote.entryPrice),
    newLiquidationPrice: f.price(s.liquidationPrice),
    entryFee: formatUsd(s.quote.feeUsd),
    entryFeeBeforeDiscount: formatUsd(s.quote.feeUsdBeforeDiscount),
    discountPercentage: bpsPercent(t.discountBps),
    openPositionFeePercent: ratePercent(market.target.account.fees.openPosition),
    availableLiquidity: formatUsd(s.availableLiquidityUsd),
    youPayUsdUi: formatUsd(s.youPayUsd),
    youRecieveUsdUi: formatUsd(s.quote.sizeDeltaUsd),
    marginFeePercentage: ratePercent(market.collateral.account.borrowRateState.currentRate),
    outputAmount: String(s.sizeAmount),
    outputAmountUi: f.size(s.sizeAmount),
  });
  const tpSl = (price: OraclePrice, kind: TriggerKind) =>
    tpSlQuoteDto(market, s.position, price, t.prices.collateral.price, snapshot.nowUnix, s.quote.borrowFeeUsd, kind);
  if (s.quoting && triggers.takeProfit) dto.takeProfitQuote = tpSl(triggers.takeProfit, "takeProfit");
  if (s.quoting && triggers.stopLoss) dto.stopLossQuote = tpSl(triggers.stopLoss, "stopLoss");
  if (s.swap) swapFields(dto, s.swap);
  return dto as OpenPositionQuoteDto;
}

/** What the transaction builder needs: native amounts, accounts and prices. */
function openTerms(t: OpenTarget, s: OpenSizing, triggers: TriggerPrices): OpenPositionTerms {
  return {
    kind: t.isLimit ? "limit" : t.existing ? "increase" : "open",
    market: t.market,
    inputCustody: t.input.pubkey,
    amountIn: s.amountIn,
    collateralAmount: s.collateralAmount,
    sizeAmount: s.sizeAmount,
    entryPrice: s.quote.entryDeltaPrice,
    markPrice: t.prices.target.price,
    position: s.position,
    limitPrice: s.limitPrice,
    takeProfitPrice: triggers.takeProfit,
    stopLossPrice: triggers.stopLoss,
    privilege: t.privilege,
    discountBps: t.discountBps,
    swap: s.swap,
  };
}
