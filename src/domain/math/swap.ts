/**
 * Swaps and pool ratio fees (PROTOCOL-v1 §5.12; earlier interface only — v2 answers SWAP as unsupported).
 */
import { decimalMul, floorDiv, pow10 } from "./bigint.ts";
import { BPS_POWER } from "./constants.ts";
import { feeOn } from "./fees.ts";
import { minPriceOf, scalePrice, toBand, usdValue, withMultiplier } from "./oracle.ts";
import type { CustodyLike, OraclePrice, PriceBand, PriceInput, RatioFeesLike, TokenRatiosLike } from "./types.ts";

export type RatioFeeAction = "AddLiquidity" | "RemoveLiquidity" | "SwapIn" | "SwapOut";

export type RatioFeeCustody = Pick<CustodyLike, "decimals" | "tokenAmountMultiplier" | "assets" | "fees">;

function ratioFeesFor(custody: RatioFeeCustody, action: RatioFeeAction): RatioFeesLike {
  switch (action) {
    case "AddLiquidity":
      return custody.fees.addLiquidity;
    case "RemoveLiquidity":
      return custody.fees.removeLiquidity;
    case "SwapIn":
      return custody.fees.swapIn;
    case "SwapOut":
      return custody.fees.swapOut;
  }
}

/**
 * The custody's share of the pool (BPS) after adding or removing an amount, valued at `maxPrice`:
 *   add:    ⌊(tokenUsd + addUsd)·10^4 / (aum + addUsd)⌋
 *   remove: 0 if removeUsd ≥ aum or remove ≥ owned, else ⌊(tokenUsd − removeUsd)·10^4 / (aum − removeUsd)⌋
 *   none:   ⌊tokenUsd·10^4 / aum⌋              (0 when the denominator is 0)
 */
export function newPoolRatioBps(
  custody: Pick<CustodyLike, "decimals" | "tokenAmountMultiplier" | "assets">,
  amountAdd: bigint,
  amountRemove: bigint,
  maxPrice: OraclePrice,
  poolAumUsd: bigint,
): bigint {
  if (amountAdd > 0n && amountRemove > 0n) throw new RangeError("cannot add and remove together");
  const usd = (a: bigint) => usdValue(a, custody.decimals, maxPrice, custody.tokenAmountMultiplier);
  const tokenUsd = usd(custody.assets.owned);
  if (amountAdd > 0n) {
    const add = usd(amountAdd);
    const den = poolAumUsd + add;
    return den === 0n ? 0n : floorDiv((tokenUsd + add) * BPS_POWER, den);
  }
  if (amountRemove > 0n) {
    const remove = usd(amountRemove);
    if (remove >= poolAumUsd || amountRemove >= custody.assets.owned) return 0n;
    return floorDiv((tokenUsd - remove) * BPS_POWER, poolAumUsd - remove);
  }
  return poolAumUsd === 0n ? 0n : floorDiv(tokenUsd * BPS_POWER, poolAumUsd);
}

/**
 * Fee rate (RATE) of the linear ratio curve for a resulting ratio r (BPS):
 * adding (AddLiquidity, SwapIn) — r ≤ min → minFee; r ≤ target → minFee + ⌊(r − min)(targetFee − minFee)/(target − min)⌋;
 *   r ≤ max → targetFee + ⌊(r − target)(maxFee − targetFee)/(max − target)⌋; else maxFee.
 * removing (RemoveLiquidity, SwapOut) — mirrored: r ≥ max → minFee; r ≥ target → …; r ≥ min → …; else maxFee.
 * Interpolation branches need a non-empty interval (target > min, max > target), as in the SDK.
 */
export function ratioFeeRate(action: RatioFeeAction, fees: RatioFeesLike, ratios: TokenRatiosLike, r: bigint): bigint {
  const { minFee, targetFee, maxFee } = fees;
  const { min, target, max } = ratios;
  if (action === "AddLiquidity" || action === "SwapIn") {
    if (r <= min) return minFee;
    if (r <= target && target > min) return minFee + floorDiv((r - min) * (targetFee - minFee), target - min);
    if (r <= max && max > target) return targetFee + floorDiv((r - target) * (maxFee - targetFee), max - target);
    return maxFee;
  }
  if (r >= max) return minFee;
  if (r >= target && max > target) return minFee + floorDiv((max - r) * (targetFee - minFee), max - target);
  if (r >= min && target > min) return targetFee + floorDiv((target - r) * (maxFee - targetFee), target - min);
  return maxFee;
}

/**
 * Ratio fee of an add/remove in token native units: ⌈amount·rate / 10^9⌉ (program rounding, see fees.feeOn).
 *
 * Choice (PROTOCOL-v1 §11.3): the SDK compares `fees.mode` against a fresh object and so never takes the Fixed
 * branch; we honour the mode: "Fixed" charges `minFee` flat, anything else uses the linear curve.
 */
export function ratioFee(
  action: RatioFeeAction,
  amountAdd: bigint,
  amountRemove: bigint,
  custody: RatioFeeCustody,
  ratios: TokenRatiosLike,
  maxPrice: OraclePrice,
  poolAumUsd: bigint,
): { rate: bigint; amount: bigint } {
  const fees = ratioFeesFor(custody, action);
  const amount = amountAdd > amountRemove ? amountAdd : amountRemove;
  if (custody.fees.mode === "Fixed") return { rate: fees.minFee, amount: feeOn(amount, fees.minFee) };
  const r = newPoolRatioBps(custody, amountAdd, amountRemove, maxPrice, poolAumUsd);
  const rate = ratioFeeRate(action, fees, ratios, r);
  return { rate, amount: feeOn(amount, rate) };
}

export type SwapCustody = RatioFeeCustody & Pick<CustodyLike, "isStable" | "pricing"> & { depegAdjustment?: boolean };

export interface SwapInput {
  /** Exactly one of amountIn / amountOut is non-zero. */
  amountIn: bigint;
  amountOut: bigint;
  input: SwapCustody;
  inputRatios: TokenRatiosLike;
  inputPrice: PriceInput;
  output: SwapCustody;
  outputRatios: TokenRatiosLike;
  outputPrice: PriceInput;
  /** Pool AUM (USD-6) used by the ratio curve. */
  poolAumUsd: bigint;
  /** Whitelisted account exempt from swap fees for this pool. */
  feeExempt?: boolean;
}

export interface SwapQuote {
  /** Exact-in: guaranteed output after fees. 0 for exact-out. */
  minAmountOut: bigint;
  /** Exact-out: input needed including fees. 0 for exact-in. */
  minAmountIn: bigint;
  /** Input-token native. */
  feeIn: bigint;
  /** Output-token native. */
  feeOut: bigint;
  /** feeIn + feeOut in USD-6 at each leg's max price. */
  feeUsd: bigint;
  /** Output per input unit after the spread, at the common exponent (raw pair price). */
  swapPrice: OraclePrice;
}

function scaledBand(p: PriceInput, e: number): PriceBand {
  const b = toBand(p);
  return { min: scalePrice(b.min, e), max: scalePrice(b.max, e) };
}

/**
 * Swap amounts and fees (SDK `getSwapAmountAndFeesSync`). Prices are brought to the more negative exponent e, then
 * each leg's multiplier applied.
 *   exact-in:  pair = ⌊In_min·10^|e| / Out_max⌋, swapPrice = pair − ⌊pair·input.swap_spread/10^4⌋,
 *              gross = amountIn at swapPrice, feeIn = SwapIn(amountIn), feeOut = SwapOut(gross),
 *              minAmountOut = (amountIn − feeIn) at swapPrice − feeOut
 *   exact-out: pair = ⌊Out_min·10^|e| / In_max⌋, swapPrice = pair − ⌊pair·output.swap_spread/10^4⌋,
 *              grossIn = amountOut at swapPrice, feeIn = SwapIn(grossIn), feeOut = SwapOut(amountOut),
 *              minAmountIn = (amountOut + feeOut) at swapPrice + feeIn
 * A stable leg with a real band (min ≠ max) and depeg adjustment prices at 1:1 to that leg; with the service's
 * confidence-0 prices the band is flat and this never applies (the SDK's identity check never applies it either).
 */
export function swapQuote(s: SwapInput): SwapQuote {
  if (s.amountIn > 0n && s.amountOut > 0n) throw new RangeError("exactly one of amountIn / amountOut must be set");
  if (s.amountIn < 0n || s.amountOut < 0n) throw new RangeError("swap amounts must be ≥ 0");
  const e = Math.min(minPriceOf(s.inputPrice).exponent, minPriceOf(s.outputPrice).exponent);
  const inBand = scaledBand(s.inputPrice, e);
  const outBand = scaledBand(s.outputPrice, e);
  const inMin = withMultiplier(inBand.min, s.input.tokenAmountMultiplier);
  const inMax = withMultiplier(inBand.max, s.input.tokenAmountMultiplier);
  const outMin = withMultiplier(outBand.min, s.output.tokenAmountMultiplier);
  const outMax = withMultiplier(outBand.max, s.output.tokenAmountMultiplier);
  const unit = pow10(-Math.min(e, 0));
  const flat = (b: PriceBand) => b.min.price === b.max.price;
  const noFee = { rate: 0n, amount: 0n };
  const exempt = s.feeExempt === true;
  const legUsd = (amount: bigint, c: SwapCustody, band: PriceBand) =>
    usdValue(amount, c.decimals, band.max, c.tokenAmountMultiplier);

  if (s.amountIn === 0n && s.amountOut === 0n) {
    return {
      minAmountOut: 0n,
      minAmountIn: 0n,
      feeIn: 0n,
      feeOut: 0n,
      feeUsd: 0n,
      swapPrice: { price: 0n, exponent: e },
    };
  }
  const atPrice = (amount: bigint, fromDec: number, price: bigint, toDec: number) =>
    decimalMul(amount, -fromDec, price, e, -toDec);

  if (s.amountOut === 0n) {
    const depeg = s.output.isStable && s.output.depegAdjustment === true && !flat(outBand);
    const pair = depeg ? inMin.price : outMax.price === 0n ? 0n : floorDiv(inMin.price * unit, outMax.price);
    const swapPrice = pair - floorDiv(pair * s.input.pricing.swapSpread, BPS_POWER);
    const gross = atPrice(s.amountIn, s.input.decimals, swapPrice, s.output.decimals);
    const fIn = exempt ? noFee : ratioFee("SwapIn", s.amountIn, 0n, s.input, s.inputRatios, inBand.max, s.poolAumUsd);
    const fOut = exempt ? noFee : ratioFee("SwapOut", 0n, gross, s.output, s.outputRatios, outBand.max, s.poolAumUsd);
    const netIn = s.amountIn > fIn.amount ? s.amountIn - fIn.amount : 0n;
    const out = atPrice(netIn, s.input.decimals, swapPrice, s.output.decimals) - fOut.amount;
    return {
      minAmountOut: out > 0n ? out : 0n,
      minAmountIn: 0n,
      feeIn: fIn.amount,
      feeOut: fOut.amount,
      feeUsd: legUsd(fIn.amount, s.input, inBand) + legUsd(fOut.amount, s.output, outBand),
      swapPrice: { price: swapPrice, exponent: e },
    };
  }
  const depeg = s.input.isStable && s.input.depegAdjustment === true && !flat(inBand);
  const pair = depeg ? outMin.price : inMax.price === 0n ? 0n : floorDiv(outMin.price * unit, inMax.price);
  const swapPrice = pair - floorDiv(pair * s.output.pricing.swapSpread, BPS_POWER);
  const grossIn = atPrice(s.amountOut, s.output.decimals, swapPrice, s.input.decimals);
  const fIn = exempt ? noFee : ratioFee("SwapIn", grossIn, 0n, s.input, s.inputRatios, inBand.max, s.poolAumUsd);
  const fOut = exempt
    ? noFee
    : ratioFee("SwapOut", 0n, s.amountOut, s.output, s.outputRatios, outBand.max, s.poolAumUsd);
  const needIn = atPrice(s.amountOut + fOut.amount, s.output.decimals, swapPrice, s.input.decimals) + fIn.amount;
  return {
    minAmountOut: 0n,
    minAmountIn: needIn,
    feeIn: fIn.amount,
    feeOut: fOut.amount,
    feeUsd: legUsd(fIn.amount, s.input, inBand) + legUsd(fOut.amount, s.output, outBand),
    swapPrice: { price: swapPrice, exponent: e },
  };
}
