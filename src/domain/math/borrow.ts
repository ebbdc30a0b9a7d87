/**
 * Borrow ("lock") fee accrual and the borrow-rate curve (PROTOCOL-v1 §5.7, PROTOCOL-v2 §5.7). Always evaluated on the
 * position's collateral (lock) custody. Time is a parameter.
 */
import { big, ceilDiv, floorDiv } from "./bigint.ts";
import { BPS_POWER, RATE_POWER, SECONDS_PER_HOUR } from "./constants.ts";
import type { AssetsLike, BorrowRateParamsLike, BorrowRateStateLike, IntLike, PositionLike } from "./types.ts";

/**
 * The custody's cumulative lock-fee index at `nowUnix`:
 *   cumulative + ⌈(now − last_update)·current_rate / 3600⌉  when now > last_update, else unchanged.
 *
 * Choice (PROTOCOL-v2 §8 item 8, accrual rounding): the SDK floors; the program code (vendor Rust reader) rounds the
 * accrual up. We follow the program, so an accrued borrow fee is never under-quoted (the index differs by ≤ 1).
 */
export function cumulativeLockFeeAt(state: BorrowRateStateLike, nowUnix: IntLike): bigint {
  const elapsed = big(nowUnix) - big(state.lastUpdate);
  if (elapsed <= 0n) return state.cumulativeLockFee;
  return state.cumulativeLockFee + ceilDiv(elapsed * state.currentRate, SECONDS_PER_HOUR);
}

/**
 * Lock fee accrued since the position's snapshot: ⌊(index(now) − snapshot)·size_usd / 10^9⌋, 0 when not positive.
 *
 * Choice (PROTOCOL-v2 §8 item 8, fee base): the older program code of the Rust reader charges on `locked_usd` and
 * skips virtual custodies; SDK 15.17.2, which matches the current account layouts (the Rust reader's custody struct
 * predates them), charges on `size_usd`. We follow the SDK. (A lock custody is a collateral custody and is never
 * virtual, so the virtual rule does not arise.)
 */
export function lockFeeUsd(
  position: Pick<PositionLike, "sizeUsd" | "cumulativeLockFeeSnapshot">,
  state: BorrowRateStateLike,
  nowUnix: IntLike,
): bigint {
  const delta = cumulativeLockFeeAt(state, nowUnix) - position.cumulativeLockFeeSnapshot;
  if (delta <= 0n) return 0n;
  return floorDiv(delta * position.sizeUsd, RATE_POWER);
}

/** Borrow fee of a position = accrued lock fee + `unsettled_fees_usd` (the SDK's "lock and unsettled fee"). */
export function borrowFeeUsd(
  position: Pick<PositionLike, "sizeUsd" | "cumulativeLockFeeSnapshot" | "unsettledFeesUsd">,
  state: BorrowRateStateLike,
  nowUnix: IntLike,
): bigint {
  return lockFeeUsd(position, state, nowUnix) + position.unsettledFeesUsd;
}

/** Utilization of a custody in RATE units: ⌊locked·10^9 / owned⌋, 0 when nothing is owned. */
export function utilizationRate(assets: Pick<AssetsLike, "owned" | "locked">): bigint {
  if (assets.owned <= 0n) return 0n;
  return floorDiv(assets.locked * RATE_POWER, assets.owned);
}

/**
 * `pricing.max_utilization` in RATE units.
 *
 * Choice (PROTOCOL-v2 §4.6 / §8 item 8, units): the SDK compares it with a RATE-scaled utilization, the Rust
 * comment says BPS. A u32 can hold either; a RATE value ≤ 10 000 would mean a cap of ≤ 0.001 % utilization, which
 * no custody uses, so values ≤ 10 000 are read as BPS (×10^5) and larger ones as RATE.
 */
export function maxUtilizationRate(maxUtilization: IntLike): bigint {
  const raw = big(maxUtilization);
  return raw <= BPS_POWER ? raw * (RATE_POWER / BPS_POWER) : raw;
}

/**
 * Borrow rate (RATE per hour) the curve gives at `utilization` (RATE):
 *   u < optimal or optimal ≥ 10^9 → ⌊u·slope1 / optimal⌋;
 *   u < max_utilization           → slope1 + ⌊(u − optimal)·slope2 / (max_utilization − optimal)⌋;
 *   else                          → slope1 + slope2.
 * `base_rate` is not added (SDK; PROTOCOL-v2 §8 item 8). Accrual itself uses the program-maintained
 * `borrow_rate_state.current_rate`; this curve only projects a rate.
 */
export function borrowRateAt(
  params: BorrowRateParamsLike,
  maxUtilization: IntLike,
  utilization: bigint,
): bigint {
  const { slope1, slope2, optimalUtilization: optimal } = params;
  const maxU = maxUtilizationRate(maxUtilization);
  if (utilization < optimal || optimal >= RATE_POWER) {
    return floorDiv(utilization * slope1, optimal);
  }
  if (utilization < maxU && maxU > optimal) {
    return slope1 + floorDiv((utilization - optimal) * slope2, maxU - optimal);
  }
  return slope1 + slope2;
}
