/**
 * Fixed-point scales of the perpetuals program (PROTOCOL-v1 §1, PROTOCOL-v2 §5.1, DECISIONS 2.1).
 * Every `*Usd` integer is micro-USD ("USD-6"); rates are RATE-scaled; leverage, ratios and payoffs are BPS.
 * Price exponents are never constants: they come with each price.
 */

// The program's fixed-point scales are program facts: defined once, in src/protocol/constants.ts.
export {
  BPS_DECIMALS,
  BPS_POWER,
  LP_DECIMALS,
  RATE_DECIMALS,
  RATE_POWER,
  SPREAD_POWER,
  USD_DECIMALS,
  USD_POWER,
} from "../../protocol/constants.ts";

/** Scale of the spread slope (RATE_DECIMALS + BPS_DECIMALS digits). */
export const SPREAD_SLOPE_POWER = 10_000_000_000_000n;

/** Borrow rates are RATE per hour. */
export const SECONDS_PER_HOUR = 3_600n;

/** Safety band (percent) the SDK applies to the leverage limits of max-add / max-withdraw collateral. */
export const COLLATERAL_BAND_PERCENT = 5n;

/** DECISIONS 5.6: a close of at least 97 % of the position's USD size is a full close. */
export const FULL_CLOSE_THRESHOLD_PERCENT = 97n;

/** DECISIONS 5.7: reverse-position keeps 98 % of the close proceeds. */
export const REVERSE_KEEP_PERCENT = 98n;

/** Price exponent used for the intermediate price difference of liquidation / max-profit prices. */
export const DIFF_PRICE_EXPONENT = -9;
