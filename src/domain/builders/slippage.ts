/**
 * The requests' `slippagePercentage` ("0.5" = 0.5 %; the schemas bound it to 0..100) as the basis points every
 * builder of both interfaces bounds its prices with; a request without it gets the contract's default, 0.5 %.
 */
import { slippagePercentToBps } from "../math/spread.ts";

export const DEFAULT_SLIPPAGE_PERCENT = "0.5";

export function slippageBps(slippagePercentage: string | undefined): bigint {
  return slippagePercentToBps(slippagePercentage ?? DEFAULT_SLIPPAGE_PERCENT);
}
