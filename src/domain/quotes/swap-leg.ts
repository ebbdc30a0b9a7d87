/**
 * A swap leg within one pool (earlier interface: swap, swap_and_open, close_and_swap, swap_and_add_collateral): exact
 * in, with ratio fees and the swap spread, paid out only when the pool holds that much free.
 */
import type { PoolConfig } from "../../config/pool-config.ts";
import { usdValue } from "../math/oracle.ts";
import { poolAumUsd } from "../math/pool.ts";
import { type SwapQuote, swapQuote } from "../math/swap.ts";
import type { CustodyContext, DeploymentSnapshot, LivePrice } from "../deployment-snapshot.ts";
import { requirePrice } from "./market-lookup.ts";
import { fail } from "./result.ts";

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
