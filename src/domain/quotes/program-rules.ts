/**
 * The program's rules on a trade, each in one place with one text per error code: leverage within the market's
 * bounds, collateral after fees at least the market minimum, a size and lock the market's liquidity can take, a fee
 * the collateral covers, the degen-mode liquidation price, and the side of the price a trigger or limit order must
 * sit on. The program refuses what breaks them (MinLeverage, MaxInitLeverage, MinCollateral, CustodyAmountLimit,
 * ExposureLimitExceeded, InvalidTakeProfitPrice, InvalidStopLossPrice, InvalidLimitPrice); the service refuses it first.
 */
import type { TradeSide } from "../../protocol/vocabulary.ts";
import { INFINITE_LEVERAGE, type LeverageBps } from "../math/leverage.ts";
import { positionLiquidationPrice } from "../math/liquidation.ts";
import { comparePrices, usdValue } from "../math/oracle.ts";
import type { OraclePrice, PositionLike } from "../math/types.ts";
import { formatLeverage, formatUsd } from "../format/ui.ts";
import type { MarketContext } from "../deployment-snapshot.ts";
import { leverageDecimal } from "../views/dto.ts";
import { fail } from "./result.ts";

/**
 * USD the market can still take on: the collateral custody's free assets (owned − locked) at its price, capped by
 * the room left under the target custody's `max_exposure_usd` (open interest = the market's collective size) when
 * that cap is set.
 * Choice: the documents name the field (`available_liquidity_usd` of the on-chain quote) but not its formula; these
 * are the two limits the program enforces on an open (CustodyAmountLimit, ExposureLimitExceeded).
 */
export function availableLiquidityUsd(market: MarketContext, collateralPrice: OraclePrice): bigint {
  const c = market.collateral.account;
  const freeUsd = usdValue(freeCollateralTokens(market), c.decimals, collateralPrice, c.tokenAmountMultiplier);
  const cap = market.target.account.pricing.maxExposureUsd;
  if (cap <= 0n) return freeUsd;
  const oi = market.account.collectivePosition.sizeUsd;
  const room = cap > oi ? cap - oi : 0n;
  return room < freeUsd ? room : freeUsd;
}

export const usdText = (usd: bigint) => `$${formatUsd(usd)}`;

/** The collateral custody's tokens not locked by a position (owned − locked), native units. */
function freeCollateralTokens(market: MarketContext): bigint {
  const { owned, locked } = market.collateral.account.assets;
  return owned > locked ? owned - locked : 0n;
}

/**
 * A trade the market's liquidity can take, else COMPUTE_FAILED "insufficient liquidity": its size (USD) within
 * `availableLiquidityUsd`, and what it locks within the collateral custody's free tokens. A position locks
 * (size + collateral)·payoff in collateral tokens (PROTOCOL-v2 §5.11), more than its size on an uncorrelated long, so
 * a size within the available liquidity can still lock beyond the custody's assets (CustodyAmountLimit).
 * `lockedDelta`: the position's locked amount after the trade minus before (collateral-token native units).
 */
export function requireLiquidity(
  market: MarketContext,
  collateralPrice: OraclePrice,
  sizeUsd: bigint,
  lockedDelta: bigint,
): void {
  const available = availableLiquidityUsd(market, collateralPrice);
  if (sizeUsd > available) {
    fail(
      "COMPUTE_FAILED",
      `insufficient liquidity: the market can take ${usdText(available)}, the trade needs ${usdText(sizeUsd)}`,
    );
  }
  const free = freeCollateralTokens(market);
  if (lockedDelta <= free) return;
  const c = market.collateral.account;
  const usd = (tokens: bigint) => usdText(usdValue(tokens, c.decimals, collateralPrice, c.tokenAmountMultiplier));
  fail(
    "COMPUTE_FAILED",
    `insufficient liquidity: the trade would lock ${usd(lockedDelta)} of the ${market.collateral.token.symbol} ` +
      `custody, which has ${usd(free)} free`,
  );
}

/**
 * Leverage within the market's initial bounds (target custody pricing, BPS): min_init_leverage ≤ L ≤
 * max_init_leverage (max_init_degen_leverage in degen mode; a maximum of 0 is no maximum), else COMPUTE_FAILED; an
 * infinite leverage (no margin) is INSUFFICIENT_COLLATERAL. The program refuses the rest (MinLeverage /
 * MaxInitLeverage). Held to it: the leverage an open or a reverse asks for, and a v2 position's leverage after a size
 * change. Choice: the references do not say which bound an increase is held to; the initial bounds (those of an
 * open) are the stricter reading, so a transaction built here is not refused for leverage.
 */
export function requireLeverageWithin(market: MarketContext, leverage: LeverageBps, degen = false): void {
  if (leverage === INFINITE_LEVERAGE) requireMarginLeft(leverage, "the position");
  const p = market.target.account.pricing;
  const min = BigInt(p.minInitLeverage);
  const max = BigInt(degen ? p.maxInitDegenLeverage : p.maxInitLeverage);
  const x = (bps: bigint) => `${formatLeverage(bps)}x`;
  const bps = leverage as bigint;
  if (bps < min) fail("COMPUTE_FAILED", `leverage ${x(bps)} would be below the market minimum of ${x(min)}`);
  if (max > 0n && bps > max) {
    fail("COMPUTE_FAILED", `leverage ${x(bps)} would be above the market maximum of ${x(max)}`);
  }
}

/**
 * The leverage text (as the contract shows it) of a position that keeps a margin; INSUFFICIENT_COLLATERAL
 * "`subject` would have no margin left" when it has none (infinite leverage).
 */
export function requireMarginLeft(leverage: LeverageBps, subject: string): string {
  return leverageDecimal(leverage) ?? fail("INSUFFICIENT_COLLATERAL", `${subject} would have no margin left`);
}

/**
 * The new leverage text of an open or a reverse's new leg; INSUFFICIENT_COLLATERAL when the collateral paid in
 * (`collateralUsd`) does not cover the entry fee, so the position would start without a margin.
 */
export function requireFeeCovered(leverage: LeverageBps, collateralUsd: bigint): string {
  return leverageDecimal(leverage) ??
    fail("INSUFFICIENT_COLLATERAL", `collateral of ${usdText(collateralUsd)} does not cover the entry fee`);
}

/** How a position is held to the market's minimum collateral. */
export interface MinimumCollateralRule {
  /** Degen mode (earlier interface): `min_degen_collateral_usd` instead of `min_collateral_usd`. */
  degen?: boolean;
  /** More than the minimum is needed (v2 limit and trigger orders, PROTOCOL-v2 §3.4: "> $10 after entry fee"). */
  strict?: boolean;
  /** What is held to it, named at the head of the text ("a limit order"); nothing names the trade itself. */
  subject?: string;
}

/**
 * A new, increased, reduced or reversed position's collateral after fees against the market's minimum, else
 * INSUFFICIENT_COLLATERAL: the program refuses less (MinCollateral).
 */
export function requireMinimumCollateral(
  market: MarketContext,
  collateralUsd: bigint,
  rule: MinimumCollateralRule = {},
): void {
  const p = market.target.account.pricing;
  const minimum = BigInt(rule.degen ? p.minDegenCollateralUsd : p.minCollateralUsd);
  if (rule.strict ? collateralUsd > minimum : collateralUsd >= minimum) return;
  fail(
    "INSUFFICIENT_COLLATERAL",
    `${rule.subject ? `${rule.subject}: ` : ""}collateral after fees of ${usdText(collateralUsd)} ` +
      `${rule.strict ? "must be above" : "is below"} the market minimum of ${usdText(minimum)}`,
  );
}

/**
 * Degen mode (earlier interface) flags the whole size as degen, which moves the liquidation price (PROTOCOL-v1
 * §5.5): the position after an open as the program keeps it, and its liquidation price.
 */
export function degenPosition(
  position: PositionLike,
  side: TradeSide,
  target: MarketContext["target"]["account"],
  borrowFeeUsd: bigint,
) {
  const degen: PositionLike = { ...position, degenSizeUsd: position.sizeUsd };
  return { position: degen, liquidationPrice: positionLiquidationPrice(degen, side, target, borrowFeeUsd) };
}

/** The side of its reference price the program wants an order's price on: strictly above it, or strictly below. */
export type PriceSide = "above" | "below";

/**
 * Where a trigger order must sit (InvalidTakeProfitPrice, InvalidStopLossPrice; PROTOCOL-v1 §8.8, PROTOCOL-v2 §3.4):
 * a long's take-profit and a short's stop-loss fire on a rise, so above the reference; a long's stop-loss and a
 * short's take-profit fire on a fall, so below it.
 */
export const triggerSide = (side: TradeSide, isStopLoss: boolean): PriceSide =>
  (side === "Long") !== isStopLoss ? "above" : "below";

/** Where a limit order must sit (InvalidLimitPrice): it waits for a better price, a long below the reference, a short above. */
export const limitSide = (side: TradeSide): PriceSide => side === "Long" ? "below" : "above";

/**
 * Refuses (TRIGGER_PRICE_INVALID) a price that is not strictly on the `wanted` side of `reference`: one equal to it
 * would fill at once. The text is the caller's (each interface words it its own way), given the side wanted.
 */
export function requirePriceSide(
  price: OraclePrice,
  reference: OraclePrice,
  wanted: PriceSide,
  text: (wanted: PriceSide) => string,
): void {
  const cmp = comparePrices(price, reference);
  if (wanted === "above" ? cmp > 0 : cmp < 0) return;
  fail("TRIGGER_PRICE_INVALID", text(wanted));
}
