/**
 * What every quote needs before the math: symbols → tokens and markets, usable prices (DECISIONS 5.9), the owner's
 * position (v2 basket entry or earlier position account), request strings → native integers, and (earlier
 * interface) swap legs. Every failure is raised with a stable code and text (DECISIONS 3.2) through `fail`.
 */
import { oppositeSide, type RequestSide, requestSide, type TradeSide, tradeSide } from "../../protocol/vocabulary.ts";
import type { PoolConfig, TokenConfig } from "../../config/pool-config.ts";
import type { Position } from "../../protocol/accounts/index.ts";
import { U64_MAX } from "../../protocol/constants.ts";
import { DecimalParseError, parseDecimal } from "../math/decimal.ts";
import { parsePrice, usdValue } from "../math/oracle.ts";
import { poolAumUsd } from "../math/pool.ts";
import { type SwapQuote, swapQuote } from "../math/swap.ts";
import type { OraclePrice } from "../math/types.ts";
import { formatUsd } from "../format/ui.ts";
import type { CustodyContext, DeploymentSnapshot, LivePrice, MarketContext } from "../views/context.ts";
import { basketAddress, earlierPositionAddress } from "../views/owner.ts";
import { COMPUTE_FAILED_TEXT, fail } from "./result.ts";
import { positionFitsMarket } from "../views/dto.ts";

/** How a request names a position: by account (earlier interface) or by owner, market symbol and side. */
export type PositionTarget =
  | { positionKey: string }
  | {
    owner: string;
    marketSymbol: string;
    side: RequestSide | TradeSide;
    /** Which market of (symbol, side), by its collateral token (DECISIONS 5.21); see `requireMarkets`. */
    collateralSymbol?: string;
  };

/** A non-empty position with its market. `key` is the position account (earlier) or the basket (v2). */
export interface OpenPositionRef {
  key: string;
  owner: string;
  market: MarketContext;
  position: Position;
}

export function requireToken(snapshot: DeploymentSnapshot, symbol: string): TokenConfig {
  return snapshot.token(symbol) ?? fail("UNKNOWN_SYMBOL", `unknown token symbol '${symbol}'`);
}

/**
 * The markets of (target symbol, side) in configuration order; UNKNOWN_SYMBOL / UNKNOWN_MARKET otherwise. Two markets
 * may share a target and side (SOL long: SOL- and JitoSOL-collateral); `collateralSymbol` keeps the one of that
 * collateral token (DECISIONS 5.21), and without it the caller picks among them (the market where the owner holds
 * the position or order, the first configured when several do).
 */
export function requireMarkets(
  snapshot: DeploymentSnapshot,
  symbol: string,
  side: TradeSide,
  collateralSymbol?: string,
): MarketContext[] {
  requireToken(snapshot, symbol);
  const markets = snapshot.marketsFor(symbol, side);
  if (!markets.length) fail("UNKNOWN_MARKET", `no ${requestSide(side)} market for symbol '${symbol}'`);
  if (collateralSymbol === undefined) return markets;
  const collateral = requireToken(snapshot, collateralSymbol);
  const chosen = markets.filter((m) => m.collateral.account.mint === collateral.mintKey);
  if (!chosen.length) {
    fail(
      "UNKNOWN_MARKET",
      `no ${requestSide(side)} market for symbol '${symbol}' with ${collateral.symbol} collateral`,
    );
  }
  return chosen;
}

/** A price usable for a quote: present and, outside a `closed` session, not older than the age limit. */
export function requirePrice(snapshot: DeploymentSnapshot, token: TokenConfig): LivePrice {
  return snapshot.quotePrice(token) ?? fail("PRICE_UNAVAILABLE", `price for symbol '${token.symbol}' not available`);
}

/** Trades are refused while the target's oracle session is `closed` (registry code MARKET_CLOSED). */
export function requireOpenSession(price: LivePrice, symbol: string): void {
  if (price.session === "closed") fail("MARKET_CLOSED", `market for symbol '${symbol}' is closed`);
}

/** A custody of a token symbol in the market's pool (the token a trader pays with or receives). */
export function requireCustodyInPool(snapshot: DeploymentSnapshot, symbol: string, pool: PoolConfig): CustodyContext {
  requireToken(snapshot, symbol);
  return snapshot.custodyForToken(symbol, pool.poolAddress) ??
    fail("UNKNOWN_SYMBOL", `token '${symbol}' is not part of pool ${pool.poolName}`);
}

/** A decimal request string at `decimals` native digits (the schema already guarantees the syntax). */
export function parseAmount(text: string, decimals: number, field: string): bigint {
  try {
    return parseDecimal(text, decimals);
  } catch (error) {
    if (error instanceof DecimalParseError) fail("COMPUTE_FAILED", `${field} is not a decimal amount`);
    throw error;
  }
}

/**
 * `parseAmount` within a u64, for a figure computed from the amount as the program would hold it: the program keeps
 * every token amount in one, so a larger one can be neither traded nor quoted (and its figures would overflow the
 * contract's strings). Where a larger amount still has a meaning (a close of more than the position: a full close),
 * `parseAmount` reads it.
 */
export function parseU64Amount(text: string, decimals: number, field: string): bigint {
  const amount = parseAmount(text, decimals, field);
  if (amount > U64_MAX) fail("COMPUTE_FAILED", `${field} is beyond the largest amount the program holds`);
  return amount;
}

export const parseUsd = (text: string, field: string) => parseAmount(text, 6, field);

export function parseSignedUsd(text: string, field: string): bigint {
  try {
    return parseDecimal(text, 6, { allowNegative: true });
  } catch {
    return fail("COMPUTE_FAILED", `${field} is not a decimal amount`);
  }
}

/** A user-entered UI price at the oracle exponent; zero is refused. */
export function parseUiPrice(text: string, exponent: number, field: string): OraclePrice {
  let p: OraclePrice;
  try {
    p = parsePrice(text, exponent);
  } catch {
    return fail("COMPUTE_FAILED", `${field} is not a decimal price`);
  }
  if (p.price <= 0n) fail("COMPUTE_FAILED", `${field} must be greater than zero`);
  if (p.price > U64_MAX) fail("COMPUTE_FAILED", `${field} is beyond the largest price the program holds`);
  return p;
}

/** The first non-empty basket entry among `markets` (configuration order), or undefined (also without a basket). */
export function basketPositionIn(snapshot: DeploymentSnapshot, owner: string, markets: readonly MarketContext[]) {
  const key = basketAddress(snapshot, owner);
  const basket = snapshot.accounts.get("Basket", key);
  if (!basket) return { key, basket: undefined, found: undefined };
  for (const market of markets) {
    const entry = basket.positions.find((p) => p.market === market.pubkey && p.position.sizeAmount !== 0n);
    if (entry) return { key, basket, found: { key, owner, market, position: entry.position } as OpenPositionRef };
  }
  return { key, basket, found: undefined };
}

/** The first non-empty earlier-interface position account of the owner among `markets`. */
function earlierPositionIn(snapshot: DeploymentSnapshot, owner: string, markets: readonly MarketContext[]) {
  for (const market of markets) {
    const key = earlierPositionAddress(snapshot, owner, market.pubkey);
    const position = snapshot.accounts.get("Position", key);
    if (position && position.sizeAmount !== 0n) return { key, owner, market, position } as OpenPositionRef;
  }
  return undefined;
}

/**
 * The owner's non-empty position among the given markets (SOL long has two markets: the position is addressed by
 * the market it is actually in), or undefined.
 */
export function existingPosition(
  snapshot: DeploymentSnapshot,
  owner: string,
  markets: readonly MarketContext[],
): OpenPositionRef | undefined {
  const found = snapshot.version === "v2"
    ? basketPositionIn(snapshot, owner, markets).found
    : earlierPositionIn(snapshot, owner, markets);
  if (found && !positionFitsMarket(found.position, found.market.target.account.decimals)) {
    fail("COMPUTE_FAILED", COMPUTE_FAILED_TEXT);
  }
  return found;
}

/**
 * The position a request names. Failures: unknown symbol / market, no basket (v2), an unknown position account
 * (earlier `positionKey`), or no non-empty position ("Position is empty").
 */
export function requirePosition(snapshot: DeploymentSnapshot, target: PositionTarget): OpenPositionRef {
  const ref = findPosition(snapshot, target);
  if (!positionFitsMarket(ref.position, ref.market.target.account.decimals)) {
    fail("COMPUTE_FAILED", COMPUTE_FAILED_TEXT);
  }
  return ref;
}

function findPosition(snapshot: DeploymentSnapshot, target: PositionTarget): OpenPositionRef {
  if ("positionKey" in target) {
    const key = target.positionKey;
    const position = snapshot.accounts.get("Position", key);
    if (!position) fail("POSITION_NOT_FOUND", `position account ${key} not found`);
    if (position.sizeAmount === 0n) fail("POSITION_NOT_FOUND", "Position is empty");
    const market = snapshot.market(position.market) ??
      fail("UNKNOWN_MARKET", `market ${position.market} of position ${key} is not configured`);
    return { key, owner: position.owner, market, position };
  }
  const side = tradeSide(target.side);
  const markets = requireMarkets(snapshot, target.marketSymbol, side, target.collateralSymbol);
  if (snapshot.version === "v2") {
    const { basket, found } = basketPositionIn(snapshot, target.owner, markets);
    if (!basket) fail("BASKET_NOT_FOUND", `no basket for owner ${target.owner}`);
    return found ?? fail("POSITION_NOT_FOUND", "Position is empty");
  }
  return earlierPositionIn(snapshot, target.owner, markets) ?? fail("POSITION_NOT_FOUND", "Position is empty");
}

/** The markets of the opposite side of a position's market (for reverse). */
export function oppositeMarkets(snapshot: DeploymentSnapshot, market: MarketContext): MarketContext[] {
  const side = oppositeSide(market.side);
  const markets = snapshot.marketsFor(market.config.targetSymbol, side);
  if (!markets.length) {
    fail("UNKNOWN_MARKET", `no ${requestSide(side)} market for symbol '${market.config.targetSymbol}'`);
  }
  return markets;
}

/** Target and collateral prices of a market for a trade quote (fresh; the target's session must be open). */
export function tradePrices(snapshot: DeploymentSnapshot, market: MarketContext, trade: boolean) {
  const target = requirePrice(snapshot, market.target.token);
  if (trade) requireOpenSession(target, market.config.targetSymbol);
  const collateral = market.collateral.pubkey === market.target.pubkey
    ? target
    : requirePrice(snapshot, market.collateral.token);
  return { target, collateral };
}

/**
 * What every close computation (close, exit-fee preview, the close half of a reverse) takes from the position's
 * market, the prices and the clock; the caller adds the size to close.
 */
export function closeBasis(
  snapshot: DeploymentSnapshot,
  market: MarketContext,
  position: OpenPositionRef["position"],
  prices: ReturnType<typeof tradePrices>,
) {
  return {
    position,
    side: market.side,
    targetPrice: prices.target.price,
    targetCustody: market.target.account,
    collateralPrice: prices.collateral.price,
    collateralCustody: market.collateral.account,
    nowUnix: snapshot.nowUnix,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Swaps (earlier interface: swap, swap_and_open, close_and_swap, swap_and_add_collateral)

/**
 * The pool's AUM for the ratio-fee curve: Σ usd(owned) at each custody's price over `pool.custodies` minus fee and
 * rebate obligations (PROTOCOL-v1 §5.15).
 * Choice: when a custody account or price of the pool is unavailable, the program-maintained `raw_aum_usd` of the
 * Pool account is used instead of failing the quote (the fee curve only needs the pool's size).
 */
export function poolAum(snapshot: DeploymentSnapshot, pool: PoolConfig): bigint {
  const account = snapshot.accounts.get("Pool", pool.poolAddress);
  if (!account) fail("COMPUTE_FAILED", `pool ${pool.poolName} account not available`);
  const entries = [];
  for (const key of account.custodies) {
    const ctx = snapshot.custody(key);
    const price = ctx ? snapshot.quotePrice(ctx.token) : undefined;
    if (!ctx || !price) return account.rawAumUsd;
    entries.push({ custody: ctx.account, price: price.price });
  }
  return poolAumUsd(entries, account);
}

function ratiosOf(snapshot: DeploymentSnapshot, pool: PoolConfig, custody: CustodyContext) {
  const account = snapshot.accounts.get("Pool", pool.poolAddress);
  const index = account ? account.custodies.indexOf(custody.pubkey) : -1;
  return (index >= 0 ? account?.ratios[index] : undefined) ?? { target: 0n, min: 0n, max: 10_000n };
}

export interface SwapLeg {
  from: CustodyContext;
  to: CustodyContext;
  fromPrice: LivePrice;
  toPrice: LivePrice;
  quote: SwapQuote;
  /** USD value of the input at its price. */
  inUsd: bigint;
  /** USD value of the guaranteed output at its price. */
  outUsd: bigint;
}

/**
 * Exact-in swap of `amountIn` (native `from`) into `to` within one pool, with ratio fees and the swap spread (no fees
 * for a whitelisted, swap-fee-exempt trader: `feeExempt`).
 */
export function swapLeg(
  snapshot: DeploymentSnapshot,
  pool: PoolConfig,
  from: CustodyContext,
  to: CustodyContext,
  amountIn: bigint,
  feeExempt = false,
): SwapLeg {
  const fromPrice = requirePrice(snapshot, from.token);
  const toPrice = requirePrice(snapshot, to.token);
  const quote = swapQuote({
    amountIn,
    amountOut: 0n,
    input: from.account,
    inputRatios: ratiosOf(snapshot, pool, from),
    inputPrice: fromPrice.price,
    output: to.account,
    outputRatios: ratiosOf(snapshot, pool, to),
    outputPrice: toPrice.price,
    poolAumUsd: poolAum(snapshot, pool),
    feeExempt,
  });
  const free = to.account.assets.owned - to.account.assets.locked;
  if (quote.minAmountOut > free) {
    fail(
      "COMPUTE_FAILED",
      `insufficient liquidity: pool ${pool.poolName} cannot pay out that much ${to.config.symbol}`,
    );
  }
  return {
    from,
    to,
    fromPrice,
    toPrice,
    quote,
    inUsd: usdValue(amountIn, from.account.decimals, fromPrice.price, from.account.tokenAmountMultiplier),
    outUsd: usdValue(quote.minAmountOut, to.account.decimals, toPrice.price, to.account.tokenAmountMultiplier),
  };
}

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
 * A new or increased position's collateral after fees at least the market's minimum (`min_collateral_usd`, or
 * `min_degen_collateral_usd` in degen mode), else INSUFFICIENT_COLLATERAL: the program refuses less (MinCollateral).
 */
export function requireCollateralMinimum(market: MarketContext, collateralUsd: bigint, degen: boolean): void {
  const p = market.target.account.pricing;
  const minimum = BigInt(degen ? p.minDegenCollateralUsd : p.minCollateralUsd);
  if (collateralUsd >= minimum) return;
  fail(
    "INSUFFICIENT_COLLATERAL",
    `collateral after fees of ${usdText(collateralUsd)} is below the market minimum of ${usdText(minimum)}`,
  );
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
