/**
 * The few protocol formulas the generator needs so that generated positions are self-consistent with the documented
 * math (PROTOCOL-v2 §5.2–§5.11). Kept local to the world (it must not depend on the service's domain core, which it
 * is used to test).
 */
import type { OraclePrice } from "../../src/protocol/accounts/mod.ts";

export const USD_POWER = 1_000_000n;
export const BPS_POWER = 10_000n;
export const RATE_POWER = 1_000_000_000n;
export const SPREAD_POWER = 1_000_000n;

export function pow10(n: number): bigint {
  if (n < 0) throw new RangeError(`negative power ${n}`);
  return 10n ** BigInt(n);
}

function effective(p: OraclePrice, multiplier: bigint): bigint {
  return multiplier > 0n ? (p.price * multiplier) / RATE_POWER : p.price;
}

/** USD-6 value of a native amount: `checkedDecimalMul(a, −d, p, e, −6)`. */
export function usdValue(amount: bigint, decimals: number, p: OraclePrice, multiplier = 0n): bigint {
  const k = p.exponent - decimals + 6;
  const m = effective(p, multiplier);
  return k >= 0 ? amount * m * pow10(k) : (amount * m) / pow10(-k);
}

/** Native amount worth `usd` (USD-6): ⌊u·10^(d−e) / (p·10^6)⌋. */
export function tokenAmount(usd: bigint, decimals: number, p: OraclePrice, multiplier = 0n): bigint {
  const m = effective(p, multiplier);
  if (m <= 0n) return 0n;
  const k = decimals - p.exponent;
  return k >= 0 ? (usd * pow10(k)) / (m * USD_POWER) : usd / (m * USD_POWER * pow10(-k));
}

/** Trade spread (1e-6 of price) for a USD-6 size (PROTOCOL-v2 §5.4). */
export function tradeSpread(sizeUsd: bigint, min: bigint, max: bigint, maxPositionSizeUsd: bigint): bigint {
  if (max - min === 0n || sizeUsd === 0n || maxPositionSizeUsd === 0n) return 0n;
  const slope = ((max - min) * 10n ** 13n) / maxPositionSizeUsd;
  return min + (slope * sizeUsd) / 10n ** 13n;
}

export function entryPrice(p: OraclePrice, side: "Long" | "Short", spread: bigint): OraclePrice {
  const d = (p.price * spread) / SPREAD_POWER;
  return { price: side === "Long" ? p.price + d : p.price - d, exponent: p.exponent };
}

export function exitPrice(p: OraclePrice, side: "Long" | "Short", spread: bigint): OraclePrice {
  const d = (p.price * spread) / SPREAD_POWER;
  return { price: side === "Long" ? p.price - d : p.price + d, exponent: p.exponent };
}

/** ⌊(size + collateral)·payoff / 10^4⌋ with payoff capped at 100 % for correlated or short markets (§5.11). */
export function lockedUsdFor(
  sizeUsd: bigint,
  collateralUsd: bigint,
  side: "Long" | "Short",
  correlation: boolean,
  maxPayoffBps: bigint,
): bigint {
  const payoff = correlation || side === "Short" ? (maxPayoffBps < BPS_POWER ? maxPayoffBps : BPS_POWER) : maxPayoffBps;
  return ((sizeUsd + collateralUsd) * payoff) / BPS_POWER;
}

/** An OraclePrice from a UI price (rounded to the exponent). */
export function toOraclePrice(ui: number, exponent: number): OraclePrice {
  return { price: BigInt(Math.round(ui * 10 ** -exponent)), exponent };
}

export function toUi(p: OraclePrice): number {
  return Number(p.price) * 10 ** p.exponent;
}

/** Scales a mantissa by a float factor (for derived prices such as limit/trigger prices). */
export function scaled(p: OraclePrice, factor: number): OraclePrice {
  return { price: BigInt(Math.max(1, Math.round(Number(p.price) * factor))), exponent: p.exponent };
}

/** Borrow-rate curve (§5.7), utilization and result in RATE units. */
export function borrowRate(utilization: bigint, slope1: bigint, slope2: bigint, optimal: bigint, maxUtil: bigint) {
  if (utilization < optimal || optimal >= RATE_POWER) return (utilization * slope1) / optimal;
  if (utilization < maxUtil && maxUtil > optimal) {
    return slope1 + ((utilization - optimal) * slope2) / (maxUtil - optimal);
  }
  return slope1 + slope2;
}
