/**
 * Oracle prices (PROTOCOL-v1 §4, PROTOCOL-v2 §5.2–5.3): USD ↔ token conversions with decimals, exponent and the
 * custody's token-amount multiplier; rescaling; the min/max band; parsing user-entered prices at the oracle exponent.
 */
import { absBig, big, decimalDiv, decimalMul, floorDiv, pow10 } from "./bigint.ts";
import { BPS_POWER, RATE_DECIMALS, USD_DECIMALS } from "./constants.ts";
import { parseDecimal, toExactDecimal } from "./decimal.ts";
import type { IntLike, OracleParamsLike, OraclePrice, PriceBand, PriceInput } from "./types.ts";

export function isPriceBand(p: PriceInput): p is PriceBand {
  return (p as PriceBand).min !== undefined && (p as PriceBand).max !== undefined;
}

export function toBand(p: PriceInput): PriceBand {
  return isPriceBand(p) ? p : { min: p, max: p };
}

export function minPriceOf(p: PriceInput): OraclePrice {
  return isPriceBand(p) ? p.min : p;
}

export function maxPriceOf(p: PriceInput): OraclePrice {
  return isPriceBand(p) ? p.max : p;
}

/**
 * The same price at another exponent. Going to a less negative exponent drops digits (rounds down, as the program's
 * `scale_to_exponent`); going to a more negative one is exact.
 */
export function scalePrice(p: OraclePrice, targetExponent: number): OraclePrice {
  if (!Number.isInteger(targetExponent)) throw new RangeError(`exponent must be an integer, got ${targetExponent}`);
  if (targetExponent === p.exponent) return { price: p.price, exponent: p.exponent };
  const delta = targetExponent - p.exponent;
  return delta > 0
    ? { price: floorDiv(p.price, pow10(delta)), exponent: targetExponent }
    : { price: p.price * pow10(-delta), exponent: targetExponent };
}

/** Compares two prices exactly (the less negative exponent is scaled up, never down). */
export function comparePrices(a: OraclePrice, b: OraclePrice): -1 | 0 | 1 {
  const e = Math.min(a.exponent, b.exponent);
  const x = scalePrice(a, e).price;
  const y = scalePrice(b, e).price;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Throws unless both prices carry the same exponent (the program's `ExponentMismatch`). */
export function assertSameExponent(a: OraclePrice, b: OraclePrice, what = "price"): void {
  if (a.exponent !== b.exponent) {
    throw new RangeError(`${what}: exponent mismatch (${a.exponent} vs ${b.exponent})`);
  }
}

/**
 * Mantissa after the custody's token-amount multiplier: ⌊P·m / 10^9⌋, or P when m = 0 (PROTOCOL-v1 §4.4).
 */
export function effectiveMantissa(p: OraclePrice, multiplier: bigint = 0n): bigint {
  if (multiplier === 0n) return p.price;
  return decimalMul(p.price, p.exponent, multiplier, -RATE_DECIMALS, p.exponent);
}

export function withMultiplier(p: OraclePrice, multiplier: bigint = 0n): OraclePrice {
  return { price: effectiveMantissa(p, multiplier), exponent: p.exponent };
}

/**
 * USD-6 value of a token amount: ⌊amount·10^-decimals × P′·10^e⌋ at 10^-6, P′ = price after the multiplier.
 * 0 when the amount or the price is 0.
 */
export function usdValue(amount: bigint, decimals: number, p: OraclePrice, multiplier: bigint = 0n): bigint {
  if (amount === 0n || p.price === 0n) return 0n;
  return decimalMul(amount, -decimals, effectiveMantissa(p, multiplier), p.exponent, -USD_DECIMALS);
}

/**
 * Token amount (native, `decimals`) worth `usd` USD-6 at price P′ (after the multiplier), rounded down.
 * 0 when the USD amount or the price is 0.
 */
export function tokenAmount(usd: bigint, decimals: number, p: OraclePrice, multiplier: bigint = 0n): bigint {
  if (usd === 0n || p.price === 0n) return 0n;
  const mantissa = effectiveMantissa(p, multiplier);
  if (mantissa === 0n) return 0n;
  return decimalDiv(usd, -USD_DECIMALS, mantissa, p.exponent, -decimals);
}

/**
 * |P − R| / R in BPS, floored, with both prices brought to the more negative exponent.
 *
 * Choice (PROTOCOL-v1 §4.3 / §11.1 vs the vendor's Rust reader): the SDK divides the integer mantissas before
 * rescaling, which makes the divergence 0 for anything below 1 000 000 %; the on-chain reader normalises the ratio
 * first. We compute the true ratio (what the program checks). It only matters when an EMA reference is available.
 */
export function divergenceBps(p: OraclePrice, reference: OraclePrice): bigint {
  const e = Math.min(p.exponent, reference.exponent);
  const x = scalePrice(p, e).price;
  const r = scalePrice(reference, e).price;
  if (r === 0n) return 0n;
  return floorDiv(absBig(x - r) * BPS_POWER, r);
}

export interface BandOptions {
  /** EMA price (the divergence reference of non-stable custodies). Without it the price is taken as non-divergent. */
  ema?: OraclePrice;
  /** Confidence mantissa at the price's exponent (Lazer feeds: 0). */
  confidence?: bigint;
}

export interface BandResult {
  band: PriceBand;
  /** Divergence ≥ max_divergence_bps: the program's "volatile" flag (volatility fee). */
  volatile: boolean;
}

/**
 * Min/max price used for trading (PROTOCOL-v1 §4.3, PROTOCOL-v2 §5.3). Reference = EMA for non-stable custodies,
 * 1.00 for stable ones. Divergent (≥ max_divergence_bps) and conf_bps < max_conf_bps ⇒ [P − conf, P + conf];
 * divergent with a too wide confidence ⇒ the program rejects the price, so we throw. Otherwise [P, P].
 * Choice: we follow the program (distinct min/max, real divergence) and not the SDK, whose min and max alias one
 * object (§11.2). With the service's confidence-0 feeds both give min = max = P.
 */
export function priceBand(
  p: OraclePrice,
  custody: { isStable: boolean; oracle: Pick<OracleParamsLike, "maxDivergenceBps" | "maxConfBps"> },
  options: BandOptions = {},
): BandResult {
  const reference = custody.isStable
    ? { price: pow10(-Math.min(p.exponent, 0)), exponent: Math.min(p.exponent, 0) }
    : options.ema;
  const divergent = reference !== undefined && divergenceBps(p, reference) >= custody.oracle.maxDivergenceBps;
  if (!divergent) return { band: { min: p, max: p }, volatile: false };
  const conf = options.confidence ?? 0n;
  const confBps = p.price === 0n ? 0n : floorDiv(conf * BPS_POWER, p.price);
  if (confBps >= custody.oracle.maxConfBps && custody.oracle.maxConfBps > 0n) {
    throw new RangeError("oracle confidence out of bounds");
  }
  const low = p.price > conf ? p.price - conf : 0n;
  return {
    band: { min: { price: low, exponent: p.exponent }, max: { price: p.price + conf, exponent: p.exponent } },
    volatile: true,
  };
}

/** Stale when more than `maxAgeSec` seconds old (`now − publishTime > maxAge`). */
export function isPriceStale(publishTimeUnix: IntLike, nowUnix: IntLike, maxAgeSec: IntLike): boolean {
  return big(nowUnix) - big(publishTimeUnix) > big(maxAgeSec);
}

/**
 * Parses a user-entered decimal price ("148.52") into an OraclePrice at the oracle's exponent, truncating digits the
 * exponent cannot hold (e.g. "1.123456789" at −8 → 112345678). Trigger and limit prices must use the target
 * oracle's exponent or the program rejects them (ExponentMismatch).
 */
export function parsePrice(text: string, exponent: number): OraclePrice {
  if (!Number.isInteger(exponent)) throw new RangeError(`exponent must be an integer, got ${exponent}`);
  if (exponent <= 0) return { price: parseDecimal(text, -exponent), exponent };
  return { price: parseDecimal(text, 0) / pow10(exponent), exponent };
}

/** Exact decimal value of a price ("148.52", "0.00001234"). */
export function priceToDecimal(p: OraclePrice): string {
  if (p.exponent <= 0) return toExactDecimal(p.price, -p.exponent);
  return (p.price * pow10(p.exponent)).toString();
}
