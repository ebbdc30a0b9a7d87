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
import { maxBig } from "../math/bigint.ts";
import { discountBpsFor } from "../math/fees.ts";
import { leverageToBps } from "../math/leverage.ts";
import { positionLiquidationPrice } from "../math/liquidation.ts";
import { type OpenQuote, openQuote, sizeFromLeverage } from "../math/open.ts";
import { tokenAmount, usdValue } from "../math/oracle.ts";
import type { OraclePrice, PositionLike, Privilege } from "../math/types.ts";
import { formatLeverage, formatPrice, formatTokenAmount, formatUsd } from "../format/ui.ts";
import type { CustodyContext, DeploymentSnapshot, LivePrice, MarketContext } from "../views/context.ts";
import { bpsPercent, leverageDecimal, ratePercent } from "../views/dto.ts";
import { marketFormat, type PositionFigures, positionFigures } from "../views/position-metrics.ts";
import {
  availableLiquidityUsd,
  existingPosition,
  type OpenPositionRef,
  parseAmount,
  parseUiPrice,
  requireCollateralMinimum,
  requireCustodyInPool,
  requireLiquidity,
  requireMarkets,
  requireOpenSession,
  requirePrice,
  requireToken,
  type SwapLeg,
  swapLeg,
  usdText,
} from "./common.ts";
import { grantPrivilege, swapFeeExemption } from "./privilege.ts";
import { marketForNewPosition } from "./new-position-market.ts";
import { parseOrderPrice } from "./order-price.ts";
import { fail, type QuoteResult, runQuote } from "./result.ts";
import { type TpSlQuoteDto, tpSlQuoteDto, type TriggerKind } from "./tpsl.ts";

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
export interface OpenPositionPlan {
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
  plan: OpenPositionPlan;
}

export function openPositionQuote(
  snapshot: DeploymentSnapshot,
  req: OpenPositionRequest,
): QuoteResult<OpenPositionQuote> {
  return runQuote(() => {
    if (req.tradeType !== "SWAP") return computeOpen(snapshot, req);
    if (snapshot.version === "v2") fail("UNSUPPORTED_TRADE_TYPE", "SWAP is not supported in v2");
    return computeSwap(snapshot, req);
  });
}

/**
 * The fee privilege of an earlier-interface request: the one asked for (`privilege`, else inferred from the accounts
 * sent) when its accounts exist, else NONE (./privilege.ts). v2 always trades with NONE.
 */
export function privilegeOf(
  snapshot: DeploymentSnapshot,
  req: Pick<OpenPositionRequest, "owner" | "privilege" | "userReferralAccount" | "tokenStakeTokenAccount">,
): Privilege {
  if (snapshot.version === "v2") return "NONE";
  return grantPrivilege(snapshot, req.owner, req).privilege;
}

/**
 * A position trade in four steps, each a function of what the previous ones established: resolve what is traded
 * and with what, size it, check it against the market's limits, then describe it twice, for the client (DTO) and
 * for the transaction builder (plan). Each step raises its failures (`fail`) in the order the client should meet them.
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
    plan: openPlan(target, sized, triggers),
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
  if (quoting) checkLeverage(market, leverageBps, t.degen);

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

  const sized = sizeFromLeverage({
    collateralUsd,
    leverageBps,
    side: t.side,
    targetPrice: tradePrice,
    targetCustody: market.target.account,
    discountBps: t.discountBps,
  });
  const sizeAmount = quoting ? sized.sizeAmount : 0n;

  const old = t.existing
    ? positionFigures(market, t.existing.position, prices.target.price, prices.collateral.price, snapshot.nowUnix)
    : undefined;
  const quote = openQuote({
    position: t.existing?.position ?? null,
    side: t.side,
    collateralDeltaAmount: collateralAmount,
    sizeDeltaAmount: sizeAmount,
    targetPrice: tradePrice,
    targetCustody: market.target.account,
    collateralPrice: prices.collateral.price,
    collateralCustody: c,
    market: market.account,
    nowUnix: snapshot.nowUnix,
    discountBps: t.discountBps,
    existingPnlUsd: old ? old.metrics.pnl.profitUsd - old.metrics.pnl.lossUsd : undefined,
    collateralDeltaUsd: valuedUsd,
  });
  let position: PositionLike = quote.newPosition;
  let liquidationPrice = quote.newLiquidationPrice;
  if (t.degen) {
    position = { ...position, degenSizeUsd: position.sizeUsd };
    liquidationPrice = positionLiquidationPrice(position, t.side, market.target.account, quote.borrowFeeUsd);
  }
  return {
    amountIn,
    quoting,
    limitPrice,
    tradePrice,
    youPayUsd,
    swap,
    collateralAmount,
    collateralUsd,
    sizeAmount,
    old,
    quote,
    position,
    liquidationPrice,
    availableLiquidityUsd: availableLiquidityUsd(market, prices.collateral.price),
  };
}

/**
 * Leverage bounds of a new trade (target custody pricing, BPS): min_init_leverage ≤ L ≤ max_init_leverage
 * (max_init_degen_leverage in degen mode). The program rejects anything else (MinLeverage / MaxInitLeverage).
 */
function checkLeverage(market: MarketContext, leverageBps: bigint, degen: boolean): void {
  const p = market.target.account.pricing;
  const min = BigInt(p.minInitLeverage);
  const max = BigInt(degen ? p.maxInitDegenLeverage : p.maxInitLeverage);
  const x = (bps: bigint) => `${formatLeverage(bps)}x`;
  if (leverageBps < min) fail("COMPUTE_FAILED", `leverage ${x(leverageBps)} is below the market minimum of ${x(min)}`);
  if (max > 0n && leverageBps > max) {
    fail("COMPUTE_FAILED", `leverage ${x(leverageBps)} is above the market maximum of ${x(max)}`);
  }
}

/**
 * The sized trade against what the program would refuse: collateral that does not cover the entry fee, collateral
 * after fees below the market minimum (when `enforceMinCollateral`), a size beyond the available liquidity, a lock
 * beyond the collateral custody's free assets. Returns
 * the new leverage as the contract shows it (it exists only once the fee is covered); "0" when nothing is quoted.
 */
function checkOpenLimits(t: OpenTarget, s: OpenSizing, enforceMinCollateral: boolean): string {
  if (!s.quoting) return formatLeverage(0n);
  const newLeverage = leverageDecimal(s.quote.newLeverageBps) ??
    fail("INSUFFICIENT_COLLATERAL", `collateral of ${usdText(s.collateralUsd)} does not cover the entry fee`);
  if (enforceMinCollateral) requireCollateralMinimum(t.market, s.position.collateralUsd, t.degen);
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
function openPlan(t: OpenTarget, s: OpenSizing, triggers: TriggerPrices): OpenPositionPlan {
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

/** swapInPriceUi = the input's price (the lower bound used), swapOutPriceUi = the output's (upper bound), total fee. */
function swapFields(dto: Partial<OpenPositionQuoteDto>, swap: SwapLeg): void {
  dto.swapInPriceUi = formatPrice(swap.fromPrice.price, swap.from.token.usdPrecision);
  dto.swapOutPriceUi = formatPrice(swap.toPrice.price, swap.to.token.usdPrecision);
  dto.swapFeeUsdUi = formatUsd(swap.quote.feeUsd);
}

/**
 * Earlier interface, `tradeType` SWAP: exchange `inputTokenSymbol` for `outputTokenSymbol` within the first pool that
 * holds both. Position fields carry the swap's figures: `entryFee` = swap fee, `newEntryPrice` = the output token's
 * price, `youPayUsdUi` / `youRecieveUsdUi` = input / guaranteed output at their prices, `outputAmount` = the
 * guaranteed output (minAmountOut); leverage, liquidation price, fee and borrow rates are "0".
 */
function computeSwap(snapshot: DeploymentSnapshot, req: OpenPositionRequest): OpenPositionQuote {
  const inToken = requireToken(snapshot, req.inputTokenSymbol);
  const outToken = requireToken(snapshot, req.outputTokenSymbol);
  const pool = snapshot.input.config.pools.find((p) =>
    snapshot.custodyForToken(inToken.symbol, p.poolAddress) &&
    snapshot.custodyForToken(outToken.symbol, p.poolAddress)
  ) ?? fail("UNKNOWN_MARKET", `no pool swaps '${inToken.symbol}' to '${outToken.symbol}'`);
  const from = requireCustodyInPool(snapshot, inToken.symbol, pool);
  const to = requireCustodyInPool(snapshot, outToken.symbol, pool);
  if (from.pubkey === to.pubkey) {
    fail("COMPUTE_FAILED", `'${inToken.symbol}' and '${outToken.symbol}' are the same token`);
  }
  for (const leg of [from, to]) {
    const p: LivePrice = requirePrice(snapshot, leg.token);
    requireOpenSession(p, leg.config.symbol);
  }
  const amountIn = parseAmount(req.inputAmountUi, from.account.decimals, "inputAmountUi");
  const exempt = swapFeeExemption(snapshot, req.owner, req.userWhitelistAccount, pool.poolAddress) !== undefined;
  const swap = swapLeg(snapshot, pool, from, to, amountIn, exempt);
  const freeOut = maxBig(to.account.assets.owned - to.account.assets.locked, 0n);
  const dto: OpenPositionQuoteDto = {
    newLeverage: "0",
    newEntryPrice: formatPrice(swap.toPrice.price, to.token.usdPrecision),
    newLiquidationPrice: "0",
    entryFee: formatUsd(swap.quote.feeUsd),
    entryFeeBeforeDiscount: formatUsd(swap.quote.feeUsd),
    discountPercentage: "0",
    openPositionFeePercent: "0",
    availableLiquidity: formatUsd(
      usdValue(freeOut, to.account.decimals, swap.toPrice.price, to.account.tokenAmountMultiplier),
    ),
    youPayUsdUi: formatUsd(swap.inUsd),
    youRecieveUsdUi: formatUsd(swap.outUsd),
    marginFeePercentage: "0",
    outputAmount: String(swap.quote.minAmountOut),
    outputAmountUi: formatTokenAmount(swap.quote.minAmountOut, to.account.decimals, to.token.tokenPrecision),
  };
  swapFields(dto, swap);
  return {
    dto,
    plan: {
      kind: "swap",
      inputCustody: from.pubkey,
      amountIn,
      collateralAmount: 0n,
      sizeAmount: 0n,
      privilege: privilegeOf(snapshot, req),
      discountBps: 0n,
      swap,
    },
  };
}
