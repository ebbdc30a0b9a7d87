/**
 * Trading fees (PROTOCOL-v1 §5.5–5.6, §5.14; PROTOCOL-v2 §5.5–5.6): open (entry) fee, close (exit) fee, volatility
 * fee, discounts by privilege, and the spread cost shown as price impact.
 */
import { absBig, big, ceilDiv, floorDiv, minBig, pow10 } from "./bigint.ts";
import { BPS_POWER, RATE_POWER, SECONDS_PER_HOUR } from "./constants.ts";
import { tokenAmount, usdValue } from "./oracle.ts";
import { percentToBps } from "./spread.ts";
import type { CollateralCustody, IntLike, OraclePrice, Privilege } from "./types.ts";

/**
 * Fee of `amount` (USD-6 or token native) at a RATE-scaled `rate`: ⌈amount·rate / 10^9⌉, 0 when either is 0.
 *
 * Choice (PROTOCOL-v2 §5.5 / §8 item 8, floor vs ceil): the SDK floors; the program's `get_fee_amount` (vendor Rust
 * reader) rounds up. We follow the program so a quoted fee is never below the charged one (difference ≤ 1 native
 * unit).
 */
export function feeOn(amount: bigint, rate: bigint): bigint {
  if (amount <= 0n || rate <= 0n) return 0n;
  return ceilDiv(amount * rate, RATE_POWER);
}

/** fee − ⌊fee·discountBps / 10^4⌋ (the discount is rounded down, so the fee after discount is rounded up). */
export function applyDiscount(fee: bigint, discountBps: bigint): bigint {
  if (discountBps <= 0n) return fee;
  const d = minBig(discountBps, BPS_POWER);
  return fee - floorDiv(fee * d, BPS_POWER);
}

/**
 * Discount (BPS) a request gets: `tradingFeeDiscountPercent` (0..100) × 100 when a privilege (STAKE or REFERRAL)
 * is in force, 0 for NONE.
 *
 * Choice: the program applies a discount only when the privilege accounts ride along with the instruction; with
 * privilege NONE nothing is discounted on-chain, so a quote that still applied the requested percentage would
 * under-state the fee.
 */
export function discountBpsFor(privilege: Privilege, tradingFeeDiscountPercent?: number | string): bigint {
  if (privilege === "NONE" || tradingFeeDiscountPercent === undefined) return 0n;
  return percentToBps(tradingFeeDiscountPercent);
}

export interface StakeDiscountInput {
  /** TokenStake.level (0 = no stake). */
  level: number;
  /** TokenStake.trade_timestamp (unix s). */
  tradeTimestamp: IntLike;
  /** TokenStake.trade_counter. */
  tradeCounter: IntLike;
  /** Perpetuals.trade_limit. */
  tradeLimit: IntLike;
  /** Perpetuals.trading_discount[6]. */
  tradingDiscount: readonly bigint[];
  nowUnix: IntLike;
}

/**
 * Stake-tier discount in BPS (PROTOCOL-v1 §5.14): level 0 → 0; more than `trade_limit` discounted trades within the
 * last hour → 0; else trading_discount[level − 1].
 *
 * Choice (PROTOCOL-v2 §8 item 13, scale of trading_discount): SDK1 uses the entry as BPS, the vendor Rust comment
 * says RATE. Mainnet values (25e6…120e6) only make sense as RATE (2.5 %…12 %; as BPS they would exceed 100 %), so
 * we read RATE and convert: bps = ⌊value / 10^5⌋. The window is one hour (the SDK's DAY_SECONDS is 3600).
 */
export function stakeDiscountBps(input: StakeDiscountInput): bigint {
  if (input.level <= 0) return 0n;
  const recent = big(input.nowUnix) - big(input.tradeTimestamp) < SECONDS_PER_HOUR;
  if (recent && big(input.tradeCounter) > big(input.tradeLimit)) return 0n;
  const raw = input.tradingDiscount[input.level - 1] ?? 0n;
  return minBig(floorDiv(raw, RATE_POWER / BPS_POWER), BPS_POWER);
}

export interface FeeQuote {
  /** USD-6 after the discount. */
  feeUsd: bigint;
  /** USD-6 before the discount. */
  feeUsdBeforeDiscount: bigint;
}

/**
 * Open/increase fee on the delta's USD size valued at its entry (fill) price: ⌈size·open_position / 10^9⌉, then the
 * discount. No size delta (pure collateral add) ⇒ no fee.
 *
 * Choice (PROTOCOL-v1 §11.5): for increases the SDK values the fee at the new average entry price because it
 * overwrites the delta price; we value it at the delta's own fill price, as PROTOCOL-v2 §5.5 specifies.
 */
export function entryFee(sizeDeltaUsdAtEntry: bigint, openPositionRate: bigint, discountBps: bigint = 0n): FeeQuote {
  const before = feeOn(sizeDeltaUsdAtEntry, openPositionRate);
  return { feeUsd: applyDiscount(before, discountBps), feeUsdBeforeDiscount: before };
}

/**
 * Close fee on a USD size: ⌈size·close_position / 10^9⌉, then the discount.
 *
 * Choice (PROTOCOL-v1 §11.15, two bases): callers pass the position's entry-valued `size_usd` (or its prorated
 * part), the base of the program's liquidation, leverage and withdraw checks and of the live metrics; the one
 * exception is the earlier interface's full close and exit-fee preview, which value the closed size at the exit
 * price as the SDK's full-close helper does (DECISIONS 5.11, `close.ts` `exitFeeAtExitPrice`). The two bases differ
 * by the fee rate × the price move.
 * The SDK's `getExitFeeSync` discount (rate × (1 − bps) in integers, §11.6) is a bug and is not reproduced.
 */
export function exitFee(sizeUsd: bigint, closePositionRate: bigint, discountBps: bigint = 0n): FeeQuote {
  const before = feeOn(sizeUsd, closePositionRate);
  return { feeUsd: applyDiscount(before, discountBps), feeUsdBeforeDiscount: before };
}

/** Volatility fee: ⌈size·fees.volatility / 10^9⌉ when the target price is volatile (divergent), else 0. */
export function volatilityFee(sizeDeltaUsdAtEntry: bigint, volatilityRate: bigint, volatile: boolean): bigint {
  return volatile ? feeOn(sizeDeltaUsdAtEntry, volatilityRate) : 0n;
}

/**
 * A USD fee in collateral-token native units: entry fees at the collateral **min** price, exit fees at the **max**
 * price (PROTOCOL-v2 §5.5–5.6); rounded down.
 */
export function feeAmount(feeUsd: bigint, collateralPrice: OraclePrice, collateral: CollateralCustody): bigint {
  return tokenAmount(feeUsd, collateral.decimals, collateralPrice, collateral.tokenAmountMultiplier);
}

/**
 * Price impact of a fill: the USD cost of trading at `fillPrice` instead of `oraclePrice` for `sizeAmount` target
 * native units, i.e. usd(size, |fill − oracle|). The program's own `price_impact_usd` position field is stored
 * state, not a formula, and is carried as is by the PnL/close math.
 */
export function spreadCostUsd(
  oraclePrice: OraclePrice,
  fillPrice: OraclePrice,
  sizeAmount: bigint,
  sizeDecimals: number,
): bigint {
  const e = Math.min(oraclePrice.exponent, fillPrice.exponent);
  const scale = (p: OraclePrice) => p.price * pow10(p.exponent - e);
  const diff = absBig(scale(fillPrice) - scale(oraclePrice));
  return usdValue(sizeAmount, sizeDecimals, { price: diff, exponent: e });
}
