/**
 * Reverse position (DECISIONS 5.7, PROTOCOL-v2 §5.14): the full-close proceeds, less a 2 % haircut, become the
 * collateral of the opposite side.
 */
import { floorDiv } from "./bigint.ts";
import { REVERSE_KEEP_PERCENT } from "./constants.ts";

/**
 * New collateral of a reverse: ⌊closeReceiveUsd·98 / 100⌋ in native USD units.
 * Choice (PROTOCOL-v2 §8 item 7): applied to the USD proceeds and floored (DECISIONS 5.7), never to a token amount,
 * so the haircut does not depend on the collateral token's decimals.
 */
export function reverseCollateralUsd(closeReceiveUsd: bigint): bigint {
  if (closeReceiveUsd <= 0n) return 0n;
  return floorDiv(closeReceiveUsd * REVERSE_KEEP_PERCENT, 100n);
}

/** The haircut itself (proceeds − new collateral). */
export function reverseHaircutUsd(closeReceiveUsd: bigint): bigint {
  return closeReceiveUsd <= 0n ? 0n : closeReceiveUsd - reverseCollateralUsd(closeReceiveUsd);
}
