/**
 * Open-position quote (`OpenPositionResponseDto` without `transactionBase64` / `err`; PROTOCOL-v1 §5.4–5.5, §5.12,
 * PROTOCOL-v2 §5.5, §5.9, §5.12): MARKET opens and increases, LIMIT orders priced at `limitPrice`, attached TP/SL
 * quotes, and (earlier interface) swap-and-open and plain SWAP trades.
 *
 * Market choice for (outputTokenSymbol, side): the market of the owner's existing position when there is one (an
 * increase); otherwise the first configured market whose collateral custody is the input token's; otherwise the
 * first configured market. (SOL long has two markets, SOL- and JitoSOL-collateral: a SOL payment opens on the SOL
 * one, a JitoSOL payment on the JitoSOL one, and an existing position is increased where it is.)
 */
import { tradeSide } from "../../protocol/vocabulary.ts";
import { maxBig } from "../math/bigint.ts";
import { discountBpsFor } from "../math/fees.ts";
import { leverageToBps } from "../math/leverage.ts";
import { positionLiquidationPrice } from "../math/liquidation.ts";
import { openQuote, sizeFromLeverage } from "../math/open.ts";
import { tokenAmount, usdValue } from "../math/oracle.ts";
import type { OraclePrice, PositionLike, Privilege } from "../math/types.ts";
import { formatLeverage, formatPrice, formatTokenAmount, formatUsd } from "../format/ui.ts";
import type { DeploymentSnapshot, LivePrice, MarketContext } from "../views/context.ts";
import { bpsPercent, leverageDecimal, ratePercent } from "../views/dto.ts";
import { marketFormat, positionFigures } from "../views/position-metrics.ts";
import {
  availableLiquidityUsd,
  existingPosition,
  type OpenPositionRef,
  parseAmount,
  parseUiPrice,
  requireCustodyInPool,
  requireMarkets,
  requireOpenSession,
  requirePrice,
  requireToken,
  type SwapLeg,
  swapLeg,
  usdText,
} from "./common.ts";
import { fail, type QuoteResult, runQuote } from "./result.ts";
import { type TpSlQuoteDto, tpSlQuoteDto } from "./tpsl.ts";

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
  return runQuote(() => computeOpen(snapshot, req));
}

/**
 * The fee privilege of an earlier-interface request: `privilege` when given, else REFERRAL with a referral account,
 * else STAKE with a token-stake account, else NONE (earlier.yaml OpenPositionRequest). v2 always trades with NONE.
 */
export function privilegeOf(
  snapshot: DeploymentSnapshot,
  req: Pick<OpenPositionRequest, "privilege" | "userReferralAccount" | "tokenStakeTokenAccount">,
): Privilege {
  if (snapshot.version === "v2") return "NONE";
  if (req.privilege) return req.privilege;
  if (req.userReferralAccount) return "REFERRAL";
  if (req.tokenStakeTokenAccount) return "STAKE";
  return "NONE";
}

function pickMarket(snapshot: DeploymentSnapshot, markets: MarketContext[], inputSymbol: string): MarketContext {
  const input = snapshot.token(inputSymbol);
  const byInput = input &&
    markets.find((m) => snapshot.custodyForToken(input.symbol, m.pool.poolAddress)?.pubkey === m.collateral.pubkey);
  return byInput ?? markets[0];
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

function computeOpen(snapshot: DeploymentSnapshot, req: OpenPositionRequest): OpenPositionQuote {
  if (req.tradeType === "SWAP") {
    if (snapshot.version === "v2") fail("UNSUPPORTED_TRADE_TYPE", "SWAP is not supported in v2");
    return computeSwap(snapshot, req);
  }
  const side = tradeSide(req.tradeType);
  const isLimit = req.orderType === "LIMIT";
  requireToken(snapshot, req.inputTokenSymbol);
  const markets = requireMarkets(snapshot, req.outputTokenSymbol, side);
  // A limit order rests on its own; only a MARKET order with an owner can increase an existing position.
  const existing: OpenPositionRef | undefined = req.owner && !isLimit
    ? existingPosition(snapshot, req.owner, markets)
    : undefined;
  const market = existing?.market ?? pickMarket(snapshot, markets, req.inputTokenSymbol);
  const input = requireCustodyInPool(snapshot, req.inputTokenSymbol, market.pool);
  const swapIn = input.pubkey !== market.collateral.pubkey;
  if (swapIn && snapshot.version === "v2" && !isLimit) {
    fail(
      "COMPUTE_FAILED",
      `Swap not supported in v2: pay the ${market.config.targetSymbol} ${req.tradeType} market with ${market.config.collateralSymbol}`,
    );
  }

  const target = requirePrice(snapshot, market.target.token);
  requireOpenSession(target, market.config.targetSymbol);
  const collateral = requirePrice(snapshot, market.collateral.token);
  const inputPrice = swapIn ? requirePrice(snapshot, input.token) : collateral;

  const privilege = privilegeOf(snapshot, req);
  const discountBps = snapshot.version === "v2" ? 0n : discountBpsFor(privilege, req.tradingFeeDiscountPercent);
  const degen = snapshot.version === "earlier" && req.degenMode === true;
  const leverageBps = leverageToBps(req.leverage);
  const amountIn = parseAmount(req.inputAmountUi, input.account.decimals, "inputAmountUi");
  const quoting = amountIn > 0n; // v2: an amount of "0" answers liquidity and rates only (PROTOCOL-v2 §5.12)
  if (quoting) checkLeverage(market, leverageBps, degen);

  let limitPrice: OraclePrice | undefined;
  if (isLimit) {
    if (req.limitPrice === undefined) fail("COMPUTE_FAILED", "limitPrice is required for LIMIT orders");
    limitPrice = parseUiPrice(req.limitPrice, target.price.exponent, "limitPrice");
  }
  const tradePrice = limitPrice ?? target.price;

  // Collateral entering the position, in the collateral token.
  const c = market.collateral.account;
  let swap: SwapLeg | undefined;
  let collateralAmount = amountIn;
  const youPayUsd = usdValue(amountIn, input.account.decimals, inputPrice.price, input.account.tokenAmountMultiplier);
  if (swapIn && amountIn > 0n) {
    if (isLimit) {
      // The reserve is converted at the fill; it is valued at today's prices.
      collateralAmount = tokenAmount(youPayUsd, c.decimals, collateral.price, c.tokenAmountMultiplier);
    } else {
      swap = swapLeg(snapshot, market.pool, input, market.collateral, amountIn);
      collateralAmount = swap.quote.minAmountOut;
    }
  }
  const collateralUsd = usdValue(collateralAmount, c.decimals, collateral.price, c.tokenAmountMultiplier);

  const sized = sizeFromLeverage({
    collateralUsd,
    leverageBps,
    side,
    targetPrice: tradePrice,
    targetCustody: market.target.account,
    discountBps,
  });
  const sizeAmount = quoting ? sized.sizeAmount : 0n;

  const old = existing
    ? positionFigures(market, existing.position, target.price, collateral.price, snapshot.nowUnix)
    : undefined;
  const q = openQuote({
    position: existing?.position ?? null,
    side,
    collateralDeltaAmount: collateralAmount,
    sizeDeltaAmount: sizeAmount,
    targetPrice: tradePrice,
    targetCustody: market.target.account,
    collateralPrice: collateral.price,
    collateralCustody: c,
    market: market.account,
    nowUnix: snapshot.nowUnix,
    discountBps,
    existingPnlUsd: old ? old.metrics.pnl.profitUsd - old.metrics.pnl.lossUsd : undefined,
  });
  let position: PositionLike = q.newPosition;
  let liquidation = q.newLiquidationPrice;
  if (degen) {
    position = { ...position, degenSizeUsd: position.sizeUsd };
    liquidation = positionLiquidationPrice(position, side, market.target.account, q.borrowFeeUsd);
  }
  const available = availableLiquidityUsd(market, collateral.price);

  let newLeverage = formatLeverage(0n);
  if (quoting) {
    newLeverage = leverageDecimal(q.newLeverageBps) ??
      fail("INSUFFICIENT_COLLATERAL", `collateral of ${usdText(collateralUsd)} does not cover the entry fee`);
    const p = market.target.account.pricing;
    const minCollateral = BigInt(degen ? p.minDegenCollateralUsd : p.minCollateralUsd);
    if (position.collateralUsd < minCollateral) {
      fail(
        "INSUFFICIENT_COLLATERAL",
        `collateral after fees of ${usdText(position.collateralUsd)} is below the market minimum of ${
          usdText(minCollateral)
        }`,
      );
    }
    if (q.sizeDeltaUsd > available) {
      fail(
        "COMPUTE_FAILED",
        `insufficient liquidity: the market can take ${usdText(available)}, the trade needs ${usdText(q.sizeDeltaUsd)}`,
      );
    }
  }

  const f = marketFormat(market);
  const dto: Partial<OpenPositionQuoteDto> = {};
  if (existing && old) {
    const oldLeverage = leverageDecimal(old.metrics.leverageBps);
    if (oldLeverage !== undefined) dto.oldLeverage = oldLeverage;
    dto.oldEntryPrice = f.price(existing.position.entryPrice);
    dto.oldLiquidationPrice = f.price(old.metrics.liquidationPrice);
  }
  Object.assign(dto, {
    newLeverage,
    newEntryPrice: f.price(q.entryPrice),
    newLiquidationPrice: f.price(liquidation),
    entryFee: formatUsd(q.feeUsd),
    entryFeeBeforeDiscount: formatUsd(q.feeUsdBeforeDiscount),
    discountPercentage: bpsPercent(discountBps),
    openPositionFeePercent: ratePercent(market.target.account.fees.openPosition),
    availableLiquidity: formatUsd(available),
    youPayUsdUi: formatUsd(youPayUsd),
    youRecieveUsdUi: formatUsd(q.sizeDeltaUsd),
    marginFeePercentage: ratePercent(c.borrowRateState.currentRate),
    outputAmount: String(sizeAmount),
    outputAmountUi: f.size(sizeAmount),
  });
  const triggers = triggerPrices(req, target.price.exponent);
  if (quoting && triggers.takeProfit) {
    dto.takeProfitQuote = tpSlQuoteDto(
      market,
      position,
      triggers.takeProfit,
      collateral.price,
      snapshot.nowUnix,
      q.borrowFeeUsd,
    );
  }
  if (quoting && triggers.stopLoss) {
    dto.stopLossQuote = tpSlQuoteDto(
      market,
      position,
      triggers.stopLoss,
      collateral.price,
      snapshot.nowUnix,
      q.borrowFeeUsd,
    );
  }
  if (swap) swapFields(dto, swap);
  return {
    dto: dto as OpenPositionQuoteDto,
    plan: {
      kind: isLimit ? "limit" : existing ? "increase" : "open",
      market,
      inputCustody: input.pubkey,
      amountIn,
      collateralAmount,
      sizeAmount,
      entryPrice: q.entryDeltaPrice,
      limitPrice,
      takeProfitPrice: triggers.takeProfit,
      stopLossPrice: triggers.stopLoss,
      privilege,
      discountBps,
      swap,
    },
  };
}

function triggerPrices(req: OpenPositionRequest, exponent: number) {
  return {
    takeProfit: req.takeProfit === undefined ? undefined : parseUiPrice(req.takeProfit, exponent, "takeProfit"),
    stopLoss: req.stopLoss === undefined ? undefined : parseUiPrice(req.stopLoss, exponent, "stopLoss"),
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
  const swap = swapLeg(snapshot, pool, from, to, amountIn);
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
