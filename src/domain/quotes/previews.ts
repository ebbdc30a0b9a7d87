/**
 * The four read-only previews (PROTOCOL-v2 §5.12–5.13; same shapes in both interfaces): limit-order fees, exit fee,
 * TP/SL calculator (forward, reverse_pnl, reverse_roi; owner position or inline hypothetical position) and margin.
 *
 * Prices: previews are quotes, so a price must be fresh (DECISIONS 5.9); unlike the trade quotes they do not refuse
 * a market whose session is `closed` — they compute at the last (closed-session) price, which is what the user sees.
 */
import { type RequestSide, tradeSide } from "../../protocol/vocabulary.ts";
import { closeQuote, isFullClose } from "../math/close.ts";
import { isZeroDecimal } from "../math/decimal.ts";
import { feeAmount } from "../math/fees.ts";
import { lockedAmountFor, lockedUsdFor } from "../math/locked.ts";
import { openQuote } from "../math/open.ts";
import { tokenAmount } from "../math/oracle.ts";
import { pnlForRoi } from "../math/tpsl.ts";
import { pnlPercentBps } from "../math/pnl.ts";
import type { OraclePrice, PositionLike } from "../math/types.ts";
import { formatPercentBps, formatUsd } from "../format/ui.ts";
import type { DeploymentSnapshot, MarketContext } from "../deployment-snapshot.ts";
import { leverageDecimal, ratePercent } from "../views/dto.ts";
import { marketFormat } from "../views/position-metrics.ts";
import { requireMarkets, requirePrice, tradePrices } from "./market-lookup.ts";
import { closeBasis, type PositionTarget, requirePosition } from "./position-lookup.ts";
import { parseSignedUsd, parseU64Amount, parseUiPrice, parseUsd } from "./request-numbers.ts";
import { marginChange } from "./collateral.ts";
import { marketForNewPosition } from "./new-position-market.ts";
import { fail, type QuoteResult, runQuote } from "./result.ts";
import { maxProfitPriceUi as maxProfitPriceUiOf, pnlAtTrigger, triggerForNetPnl } from "./tpsl.ts";

// ---------------------------------------------------------------------------------------------------------------
// limit-order-fees

export interface LimitOrderFeesRequest {
  marketSymbol: string;
  /** Collateral, UI units of the market's collateral token. */
  inputAmountUi: string;
  /** Size, UI units of the target token. */
  outputAmountUi: string;
  side: RequestSide;
  limitPrice?: string;
}

export interface LimitOrderFeesDto {
  entryPriceUi: string;
  entryFeeUsdUi: string;
  liquidationPriceUi: string;
  borrowRateUi: string;
}

/**
 * The position the order would open at `limitPrice` (live price when omitted), on the market a new position of (symbol,
 * side) is opened on (`marketForNewPosition`; the earlier interface: the first configured one): fill price after the
 * entry spread, entry fee on the size at that price, liquidation price with the fee taken out of the collateral, and
 * the collateral custody's current hourly borrow rate.
 */
export function limitOrderFeesPreview(
  snapshot: DeploymentSnapshot,
  req: LimitOrderFeesRequest,
): QuoteResult<LimitOrderFeesDto> {
  return runQuote(() => {
    const side = tradeSide(req.side);
    // The market a LIMIT open of (symbol, side) goes to (v2: a new SOL long on the JitoSOL market), not the first one.
    const market = marketForNewPosition(snapshot, requireMarkets(snapshot, req.marketSymbol, side), "");
    const collateral = requirePrice(snapshot, market.collateral.token);
    let price: OraclePrice;
    if (req.limitPrice !== undefined) {
      // Only the exponent of the feed is needed to read the limit price; any age will do.
      const feed = snapshot.price(market.target.token) ??
        fail("PRICE_UNAVAILABLE", `price for symbol '${market.target.token.symbol}' not available`);
      price = parseUiPrice(req.limitPrice, feed.price.exponent, "limitPrice");
    } else {
      price = requirePrice(snapshot, market.target.token).price;
    }
    const q = openQuote({
      position: null,
      side,
      collateralDeltaAmount: parseU64Amount(req.inputAmountUi, market.collateral.account.decimals, "inputAmountUi"),
      sizeDeltaAmount: parseU64Amount(req.outputAmountUi, market.target.account.decimals, "outputAmountUi"),
      targetPrice: price,
      targetCustody: market.target.account,
      collateralPrice: collateral.price,
      collateralCustody: market.collateral.account,
      market: market.account,
      nowUnix: snapshot.nowUnix,
    });
    const f = marketFormat(market);
    return {
      entryPriceUi: f.price(q.entryDeltaPrice),
      entryFeeUsdUi: formatUsd(q.feeUsd),
      liquidationPriceUi: f.price(q.newLiquidationPrice),
      borrowRateUi: ratePercent(market.collateral.account.borrowRateState.currentRate),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// exit-fee

export interface ExitFeeRequest {
  position: PositionTarget;
  closeAmountUsdUi: string;
}

export interface ExitFeeDto {
  exitFeeUsdUi: string;
  exitFeeAmountUi: string;
  exitPriceUi: string;
}

/**
 * The close fee and exit price of closing `closeAmountUsdUi` of the position, exactly as the close quote computes
 * them: the same full/partial rule (DECISIONS 5.6), the fee on the prorated entry-valued size (earlier interface,
 * full close: on the closed size valued at its exit price, DECISIONS 5.11), the exit price for the closed size, the
 * fee in collateral tokens at the collateral price.
 */
export function exitFeePreview(snapshot: DeploymentSnapshot, req: ExitFeeRequest): QuoteResult<ExitFeeDto> {
  return runQuote(() => {
    const { market, position } = requirePosition(snapshot, req.position);
    const prices = tradePrices(snapshot, market, false);
    const closeUsd = parseUsd(req.closeAmountUsdUi, "closeAmountUsdUi");
    const q = closeQuote({
      ...closeBasis(snapshot, market, position, prices),
      sizeDeltaUsd: closeUsd,
      full: isFullClose(closeUsd, position.sizeUsd, { askedZero: isZeroDecimal(req.closeAmountUsdUi) }),
      exitFeeAtExitPrice: snapshot.version === "earlier",
    });
    const f = marketFormat(market);
    return {
      exitFeeUsdUi: formatUsd(q.exitFeeUsd),
      exitFeeAmountUi: f.collateral(feeAmount(q.exitFeeUsd, prices.collateral.price, market.collateral.account)),
      exitPriceUi: f.price(q.pnl.exitPrice),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// tp-sl

export type TpSlMode = "forward" | "reverse_pnl" | "reverse_roi";

export interface TpSlRequest {
  mode: TpSlMode;
  /** Existing position (positionKey, or owner + marketSymbol + side); takes precedence over the inline fields. */
  position?: PositionTarget;
  marketSymbol?: string;
  side?: RequestSide;
  entryPriceUi?: string;
  sizeUsdUi?: string;
  collateralUsdUi?: string;
  triggerPriceUi?: string;
  targetPnlUsdUi?: string;
  targetRoiPercent?: number;
}

export interface TpSlDto {
  pnlUsdUi?: string;
  pnlPercentage?: string;
  triggerPriceUi?: string;
  maxProfitPriceUi?: string | null;
}

/**
 * A hypothetical position from the inline fields: size_amount = sizeUsd / entry (rounded down), opened now at the
 * entry price, with the locked amount the market would reserve for it.
 */
function inlinePosition(
  snapshot: DeploymentSnapshot,
  req: TpSlRequest,
  collateralPrice: OraclePrice,
): { market: MarketContext; position: PositionLike } {
  if (req.marketSymbol === undefined || req.side === undefined) {
    fail("COMPUTE_FAILED", "marketSymbol and side are required");
  }
  if (req.entryPriceUi === undefined || req.sizeUsdUi === undefined || req.collateralUsdUi === undefined) {
    fail("COMPUTE_FAILED", "entryPriceUi, sizeUsdUi and collateralUsdUi are required without an owner");
  }
  const side = tradeSide(req.side);
  const market = requireMarkets(snapshot, req.marketSymbol, side)[0];
  const feed = snapshot.price(market.target.token) ??
    fail("PRICE_UNAVAILABLE", `price for symbol '${market.target.token.symbol}' not available`);
  const entry = parseUiPrice(req.entryPriceUi, feed.price.exponent, "entryPriceUi");
  const sizeUsd = parseUsd(req.sizeUsdUi, "sizeUsdUi");
  const collateralUsd = parseUsd(req.collateralUsdUi, "collateralUsdUi");
  const t = market.target.account;
  const c = market.collateral.account;
  const sizeAmount = tokenAmount(sizeUsd, t.decimals, entry);
  if (sizeAmount === 0n) fail("COMPUTE_FAILED", "sizeUsdUi is too small for a position");
  const lockedUsd = lockedUsdFor(sizeUsd, collateralUsd, side, market.account);
  return {
    market,
    position: {
      entryPrice: entry,
      sizeAmount,
      sizeUsd,
      collateralUsd,
      lockedAmount: lockedAmountFor(lockedUsd, collateralPrice, c),
      lockedUsd,
      priceImpactUsd: 0n,
      unsettledFeesUsd: 0n,
      cumulativeLockFeeSnapshot: 0n,
      degenSizeUsd: 0n,
      referencePrice: entry,
      sizeDecimals: t.decimals,
      lockedDecimals: c.decimals,
      collateralDecimals: c.decimals,
      openTime: snapshot.nowUnix,
      updateTime: snapshot.nowUnix,
    },
  };
}

/**
 * forward: net PnL (after the exit fee) of closing the whole position with the oracle at `triggerPriceUi` — exit
 * spread applied, profit capped by the locked amount, evaluated after the profit-delay window — and its percentage
 * of the collateral.
 * reverse_pnl / reverse_roi: the trigger price whose forward net PnL first reaches `targetPnlUsdUi` (signed USD;
 * negative for a stop-loss) or `targetRoiPercent` % of the collateral (see tpsl.ts `triggerForNetPnl`).
 * `maxProfitPriceUi`: for a LONG on an uncorrelated market, the price at which its profit reaches the payout cap;
 * null for SHORT and correlated markets.
 */
export function tpSlPreview(snapshot: DeploymentSnapshot, req: TpSlRequest): QuoteResult<TpSlDto> {
  return runQuote(() => {
    let market: MarketContext;
    let position: PositionLike;
    let collateralPrice: OraclePrice;
    if (req.position) {
      const ref = requirePosition(snapshot, req.position);
      market = ref.market;
      position = ref.position;
      collateralPrice = requirePrice(snapshot, market.collateral.token).price;
    } else {
      const side = tradeSide(req.side ?? "LONG");
      const markets = requireMarkets(snapshot, req.marketSymbol ?? "", side);
      collateralPrice = requirePrice(snapshot, markets[0].collateral.token).price;
      ({ market, position } = inlinePosition(snapshot, req, collateralPrice));
    }
    const f = marketFormat(market);
    const net = (trigger: bigint) =>
      pnlAtTrigger(
        market,
        position,
        { price: trigger, exponent: position.entryPrice.exponent },
        collateralPrice,
        snapshot.nowUnix,
      )
        .netPnlUsd;
    const maxProfitPriceUi = maxProfitPriceUiOf(market, position, collateralPrice);

    if (req.mode === "forward") {
      if (req.triggerPriceUi === undefined) fail("COMPUTE_FAILED", "triggerPriceUi is required in forward mode");
      const trigger = parseUiPrice(req.triggerPriceUi, position.entryPrice.exponent, "triggerPriceUi");
      const pnl = net(trigger.price);
      return {
        pnlUsdUi: formatUsd(pnl),
        pnlPercentage: formatPercentBps(pnlPercentBps(pnl, position.collateralUsd)),
        maxProfitPriceUi,
      };
    }
    let target: bigint;
    if (req.mode === "reverse_pnl") {
      if (req.targetPnlUsdUi === undefined) fail("COMPUTE_FAILED", "targetPnlUsdUi is required in reverse_pnl mode");
      target = parseSignedUsd(req.targetPnlUsdUi, "targetPnlUsdUi");
    } else {
      if (req.targetRoiPercent === undefined) {
        fail("COMPUTE_FAILED", "targetRoiPercent is required in reverse_roi mode");
      }
      target = pnlForRoi(req.targetRoiPercent, position.collateralUsd);
    }
    const trigger = triggerForNetPnl(net, market.side, target) ??
      fail("COMPUTE_FAILED", `no trigger price realises a PnL of $${formatUsd(target)} for this position`);
    return {
      triggerPriceUi: f.price({ price: trigger, exponent: position.entryPrice.exponent }),
      maxProfitPriceUi,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// margin

export interface MarginRequest {
  position: PositionTarget;
  marginDeltaUsdUi: string;
  action: "ADD" | "REMOVE";
}

export interface MarginDto {
  newLeverageUi: string;
  newLiquidationPriceUi: string;
  maxAmountUsdUi: string;
  existingCollateralUsdUi?: string;
  newCollateralUsdUi?: string;
  existingLeverageUi?: string;
  existingLiquidationPriceUi?: string;
  deltaUsdUi?: string;
}

/**
 * Leverage and liquidation price after adding / removing `marginDeltaUsdUi` USD of collateral, and the most the
 * action allows (max addable for ADD, max withdrawable for REMOVE; 5 % safety band). The limit is reported, not
 * enforced; removing more than the collateral, or leaving no margin, fails with INSUFFICIENT_COLLATERAL.
 */
export function marginPreview(snapshot: DeploymentSnapshot, req: MarginRequest): QuoteResult<MarginDto> {
  return runQuote(() => {
    const ref = requirePosition(snapshot, req.position);
    const delta = parseUsd(req.marginDeltaUsdUi, "marginDeltaUsdUi");
    const change = marginChange(snapshot, ref, req.action, delta, false);
    const f = marketFormat(ref.market);
    const newLeverageUi = leverageDecimal(change.after.metrics.leverageBps) ??
      fail("INSUFFICIENT_COLLATERAL", `removing $${formatUsd(delta)} leaves the position without margin`);
    const dto: MarginDto = {
      newLeverageUi,
      newLiquidationPriceUi: f.price(change.after.metrics.liquidationPrice),
      maxAmountUsdUi: formatUsd(change.maxUsd),
      existingCollateralUsdUi: formatUsd(ref.position.collateralUsd),
      newCollateralUsdUi: formatUsd(change.newPosition.collateralUsd),
      existingLiquidationPriceUi: f.price(change.before.metrics.liquidationPrice),
      deltaUsdUi: formatUsd(delta),
    };
    const existingLeverage = leverageDecimal(change.before.metrics.leverageBps);
    if (existingLeverage !== undefined) dto.existingLeverageUi = existingLeverage;
    return dto;
  });
}
