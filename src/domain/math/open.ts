/**
 * Opening or increasing a position (PROTOCOL-v1 §5.4–5.5, PROTOCOL-v2 §5.5, §5.9 "Open-position sizing"): size from
 * collateral and leverage, the entry price (weighted average for increases), the entry fee and the resulting
 * position, leverage and liquidation price.
 */
import type { TradeSide } from "../../protocol/vocabulary.ts";
import { borrowFeeUsd } from "./borrow.ts";
import { big, floorDiv, pow10 } from "./bigint.ts";
import { BPS_POWER, RATE_POWER, USD_POWER } from "./constants.ts";
import { entryFee, feeAmount, volatilityFee } from "./fees.ts";
import { type LeverageBps, leverageBps } from "./leverage.ts";
import { positionLiquidationPrice } from "./liquidation.ts";
import { lockedAmountFor, lockedUsdFor } from "./locked.ts";
import { maxPriceOf, minPriceOf, scalePrice, usdValue } from "./oracle.ts";
import { entryPriceForSize } from "./spread.ts";
import type { CustodyLike, IntLike, MarketLike, OraclePrice, PositionLike, PriceInput } from "./types.ts";

/**
 * USD size bought with `collateralUsd` at `leverageBps`, reserving the open fee and an equal close fee out of the
 * collateral: S = C·L / (1 + 2·f·L), f = open_position/10^9 · (1 − discount/10^4). Exact rational, rounded down:
 *   S = ⌊C·L·10^13 / (10^17 + 2·rate·(10^4 − D)·L)⌋   (L, D in BPS; rate in RATE)
 * The SDK evaluates the same expression in 20-digit decimals before truncating; results agree except where that
 * rounding carries into the last micro-dollar.
 */
export function sizeUsdForCollateral(
  collateralUsd: bigint,
  leverageBps: bigint,
  openPositionRate: bigint,
  discountBps: bigint = 0n,
): bigint {
  const [num, den] = sizeUsdFraction(collateralUsd, leverageBps, openPositionRate, discountBps);
  return den === 0n ? 0n : floorDiv(num, den);
}

function sizeUsdFraction(collateralUsd: bigint, lev: bigint, rate: bigint, discountBps: bigint): [bigint, bigint] {
  if (collateralUsd < 0n || lev < 0n) throw new RangeError("collateral and leverage must be ≥ 0");
  const d = discountBps > BPS_POWER ? BPS_POWER : discountBps < 0n ? 0n : discountBps;
  // S = C·(L/1e4) / (1 + 2·(rate/1e9)·((1e4 − D)/1e4)·(L/1e4)); multiply through by 1e17.
  const num = collateralUsd * lev * 10n ** 13n;
  const den = RATE_POWER * BPS_POWER * BPS_POWER + 2n * rate * (BPS_POWER - d) * lev;
  return [num, den];
}

export interface SizeFromLeverageInput {
  /** Collateral value (USD-6) at the collateral min price, before fees. */
  collateralUsd: bigint;
  leverageBps: bigint;
  side: TradeSide;
  targetPrice: PriceInput;
  targetCustody: Pick<CustodyLike, "decimals" | "pricing" | "fees">;
  discountBps?: bigint;
}

export interface SizeFromLeverage {
  /** ⌊S⌋ in USD-6 (the size used to pick the spread). */
  sizeUsd: bigint;
  entryPrice: OraclePrice;
  /** Target native: ⌊S / entry price⌋ at the target decimals (the `size_amount` argument, `outputAmount`). */
  sizeAmount: bigint;
}

/**
 * Size amount for a MARKET open from collateral and leverage (SDK `getSizeAmountFromLeverageAndCollateral`): the
 * entry price is taken for the size ⌊S⌋ and the exact S is divided by it.
 * Choice: the SDK first truncates the entry price to 9 decimals; we divide by the exact price (identical for
 * exponents ≥ −9, more precise below).
 */
export function sizeFromLeverage(input: SizeFromLeverageInput): SizeFromLeverage {
  const discountBps = input.discountBps ?? 0n;
  const [num, den] = sizeUsdFraction(
    input.collateralUsd,
    input.leverageBps,
    input.targetCustody.fees.openPosition,
    discountBps,
  );
  const sizeUsd = den === 0n ? 0n : floorDiv(num, den);
  const entry = entryPriceForSize(input.side, input.targetPrice, input.targetCustody.pricing, sizeUsd);
  if (entry.price === 0n || num === 0n) return { sizeUsd, entryPrice: entry, sizeAmount: 0n };
  // amount = (num/den)/10^6 / (p·10^e) · 10^dec
  const dec = input.targetCustody.decimals;
  const e = entry.exponent;
  let top = num * pow10(dec);
  let bottom = den * USD_POWER * entry.price;
  if (e < 0) top *= pow10(-e);
  else bottom *= pow10(e);
  return { sizeUsd, entryPrice: entry, sizeAmount: floorDiv(top, bottom) };
}

export interface OpenInput {
  /** Existing position on this market, or null for a new one. */
  position: PositionLike | null;
  side: TradeSide;
  /** Collateral added, collateral-token native (may be 0 for an increase). */
  collateralDeltaAmount: bigint;
  /** Size added, target native. */
  sizeDeltaAmount: bigint;
  targetPrice: PriceInput;
  targetCustody: Pick<CustodyLike, "decimals" | "pricing" | "fees">;
  collateralPrice: PriceInput;
  collateralCustody: Pick<CustodyLike, "decimals" | "tokenAmountMultiplier" | "borrowRateState">;
  /** When given, the new position's locked amount is computed too. */
  market?: Pick<MarketLike, "correlation" | "maxPayoffBps">;
  nowUnix: IntLike;
  discountBps?: bigint;
  /** Target price divergent from its EMA (see oracle.priceBand): adds the volatility fee. */
  volatile?: boolean;
  /** Signed PnL (without fees) of the existing position, counted in the new leverage (PROTOCOL-v2 §5.9). */
  existingPnlUsd?: bigint;
  /**
   * USD-6 value of the collateral added when it is paid in another token than the collateral custody's (v2,
   * DECISIONS 5.12: the program swaps the payment in at the payment token's oracle price, without a swap fee). When
   * given it replaces the valuation of `collateralDeltaAmount` at the collateral min price.
   */
  collateralDeltaUsd?: bigint;
}

export interface OpenQuote {
  /** Fill price of the delta. */
  entryDeltaPrice: OraclePrice;
  /** New (weighted-average) entry price of the position. */
  entryPrice: OraclePrice;
  /** USD-6 of the delta at its fill price (the fee base). */
  sizeDeltaUsd: bigint;
  /** Collateral added, USD-6 at the collateral min price (before the fee). */
  collateralDeltaUsd: bigint;
  feeUsd: bigint;
  feeUsdBeforeDiscount: bigint;
  /** Collateral-token native at the collateral min price. */
  feeAmount: bigint;
  feeAmountBeforeDiscount: bigint;
  volatilityFeeUsd: bigint;
  /** Borrow fee the existing position has accrued (settled by the increase). */
  borrowFeeUsd: bigint;
  /** The position after the trade: fees taken out of collateral. */
  newPosition: PositionLike;
  newLeverageBps: LeverageBps;
  newLiquidationPrice: OraclePrice;
}

const EMPTY: Omit<
  PositionLike,
  "entryPrice" | "referencePrice" | "sizeDecimals" | "lockedDecimals" | "collateralDecimals"
> = {
  sizeAmount: 0n,
  sizeUsd: 0n,
  collateralUsd: 0n,
  lockedAmount: 0n,
  lockedUsd: 0n,
  priceImpactUsd: 0n,
  unsettledFeesUsd: 0n,
  cumulativeLockFeeSnapshot: 0n,
  degenSizeUsd: 0n,
  openTime: 0n,
  updateTime: 0n,
};

/**
 * Entry price, fee and resulting position of an open or increase (SDK `getEntryPriceAndFeeSyncV2`):
 *   ΔS₀ = usd(ΔA) at the oracle price → spread → E_Δ;  new: E = E_Δ;  increase: E = ⌊(E_pos·A + E_Δ·ΔA)/(A + ΔA)⌋
 *   size_usd += usd(ΔA, E_Δ);  fee = ⌈usd(ΔA, E_Δ)·open_position/10^9⌉ − discount
 *   collateral_usd += usd(Δcollateral, collateral min price) − fee (− volatility fee)
 *
 * Choices: (1) the delta is valued at its own fill price E_Δ, for the size and the fee (PROTOCOL-v1 §11.5: the SDK's
 * use of the average price for the increase's fee comes from overwriting a shared object); (2) the open fee is taken
 * out of the collateral before the new leverage and liquidation price are computed — the program deducts it
 * (PROTOCOL-v2 §5.10 "post-fee collateral", the "$11 rule"), whereas the SDK's quote leaves the collateral gross;
 * (3) leverage = size_usd / (collateral_usd after fees + existing PnL − existing borrow fee) (PROTOCOL-v2 §5.9 with
 * the fee already deducted); for an increase the existing borrow fee is also a liability of the liquidation price.
 */
export function openQuote(input: OpenInput): OpenQuote {
  if (input.collateralDeltaAmount < 0n || input.sizeDeltaAmount < 0n) throw new RangeError("deltas must be ≥ 0");
  const { side, targetCustody, collateralCustody } = input;
  const dec = targetCustody.decimals;
  const basePrice = side === "Long" ? maxPriceOf(input.targetPrice) : minPriceOf(input.targetPrice);
  const sizeAtOracle = usdValue(input.sizeDeltaAmount, dec, basePrice);
  const deltaEntry = entryPriceForSize(side, input.targetPrice, targetCustody.pricing, sizeAtOracle);
  const sizeDeltaUsd = usdValue(input.sizeDeltaAmount, dec, deltaEntry);

  // An emptied basket slot (size 0) is opened afresh, like a missing position.
  const old = input.position !== null && input.position.sizeAmount > 0n ? input.position : null;
  let entry = deltaEntry;
  let borrow = 0n;
  if (old !== null) {
    const e = old.entryPrice.exponent;
    const d = scalePrice(deltaEntry, e).price;
    const total = old.sizeAmount + input.sizeDeltaAmount;
    entry = { price: floorDiv(old.entryPrice.price * old.sizeAmount + d * input.sizeDeltaAmount, total), exponent: e };
    borrow = borrowFeeUsd(old, collateralCustody.borrowRateState, input.nowUnix);
  }

  const collateralMin = minPriceOf(input.collateralPrice);
  const collateralDeltaUsd = input.collateralDeltaUsd ?? usdValue(
    input.collateralDeltaAmount,
    collateralCustody.decimals,
    collateralMin,
    collateralCustody.tokenAmountMultiplier,
  );
  const fee = input.sizeDeltaAmount === 0n
    ? { feeUsd: 0n, feeUsdBeforeDiscount: 0n }
    : entryFee(sizeDeltaUsd, targetCustody.fees.openPosition, input.discountBps ?? 0n);
  const volFee = volatilityFee(sizeDeltaUsd, targetCustody.fees.volatility, input.volatile === true);

  const base: PositionLike = old ?? {
    ...EMPTY,
    entryPrice: deltaEntry,
    referencePrice: deltaEntry,
    sizeDecimals: dec,
    lockedDecimals: collateralCustody.decimals,
    collateralDecimals: collateralCustody.decimals,
    openTime: big(input.nowUnix),
    updateTime: big(input.nowUnix),
  };
  const gross = base.collateralUsd + collateralDeltaUsd;
  const charged = fee.feeUsd + volFee;
  const sizeUsd = base.sizeUsd + sizeDeltaUsd;
  const collateralUsd = gross > charged ? gross - charged : 0n;
  let lockedAmount = base.lockedAmount;
  let lockedUsd = base.lockedUsd;
  if (input.market !== undefined) {
    lockedUsd = lockedUsdFor(sizeUsd, collateralUsd, side, input.market);
    lockedAmount = lockedAmountFor(lockedUsd, maxPriceOf(input.collateralPrice), collateralCustody);
  }
  const newPosition: PositionLike = {
    ...base,
    entryPrice: entry,
    sizeAmount: base.sizeAmount + input.sizeDeltaAmount,
    sizeUsd,
    collateralUsd,
    lockedAmount,
    lockedUsd,
  };
  return {
    entryDeltaPrice: deltaEntry,
    entryPrice: entry,
    sizeDeltaUsd,
    collateralDeltaUsd,
    feeUsd: fee.feeUsd,
    feeUsdBeforeDiscount: fee.feeUsdBeforeDiscount,
    feeAmount: feeAmount(fee.feeUsd, collateralMin, collateralCustody),
    feeAmountBeforeDiscount: feeAmount(fee.feeUsdBeforeDiscount, collateralMin, collateralCustody),
    volatilityFeeUsd: volFee,
    borrowFeeUsd: borrow,
    newPosition,
    newLeverageBps: leverageBps(sizeUsd, collateralUsd + (input.existingPnlUsd ?? 0n) - borrow),
    newLiquidationPrice: positionLiquidationPrice(newPosition, side, targetCustody, borrow),
  };
}
