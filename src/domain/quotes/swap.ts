/**
 * The earlier interface's `tradeType` SWAP trade, answered in the open-position quote's shape, and the swap fields
 * every open-position quote with a swap leg shows.
 */
import { maxBig } from "../math/bigint.ts";
import { usdValue } from "../math/oracle.ts";
import { formatPrice, formatTokenAmount, formatUsd } from "../format/ui.ts";
import type { DeploymentSnapshot, LivePrice } from "../deployment-snapshot.ts";
import { requireCustodyInPool, requireOpenSession, requirePrice, requireToken } from "./market-lookup.ts";
import { parseAmount } from "./request-numbers.ts";
import { privilegeOf, swapFeeExemption } from "./privilege.ts";
import { type SwapLeg, swapLeg } from "./swap-leg.ts";
import type { OpenPositionQuote, OpenPositionQuoteDto, OpenPositionRequest } from "./open-contract.ts";
import { fail } from "./result.ts";

/** swapInPriceUi = the input's price (the lower bound used), swapOutPriceUi = the output's (upper bound), total fee. */
export function swapFields(dto: Partial<OpenPositionQuoteDto>, swap: SwapLeg): void {
  dto.swapInPriceUi = formatPrice(swap.fromPrice.price, swap.from.token.usdPrecision);
  dto.swapOutPriceUi = formatPrice(swap.toPrice.price, swap.to.token.usdPrecision);
  dto.swapFeeUsdUi = formatUsd(swap.quote.feeUsd);
}

/**
 * Earlier interface, `tradeType` SWAP: exchange `inputTokenSymbol` for `outputTokenSymbol` within the first pool that
 * holds both. Position fields carry the swap's figures: `entryFee` = swap fee, `newEntryPrice` = the output token's
 * price, `youPayUsdUi` / `youRecieveUsdUi` = input / guaranteed output at their prices, `outputAmount` = the
 * guaranteed output (minAmountOut); leverage, liquidation price, fee and borrow rates are "0".
 */
export function swapTradeQuote(snapshot: DeploymentSnapshot, req: OpenPositionRequest): OpenPositionQuote {
  const inToken = requireToken(snapshot, req.inputTokenSymbol);
  const outToken = requireToken(snapshot, req.outputTokenSymbol);
  const pool = snapshot.input.config.pools.find((p) =>
    snapshot.custodyForToken(inToken.symbol, p.poolAddress) &&
    snapshot.custodyForToken(outToken.symbol, p.poolAddress)
  ) ?? fail("UNKNOWN_MARKET", `no pool swaps '${inToken.symbol}' to '${outToken.symbol}'`);
  const from = requireCustodyInPool(snapshot, inToken.symbol, pool);
  const to = requireCustodyInPool(snapshot, outToken.symbol, pool);
  if (from.pubkey === to.pubkey) {
    fail("COMPUTE_FAILED", `'${inToken.symbol}' and '${outToken.symbol}' are the same token`);
  }
  for (const leg of [from, to]) {
    const p: LivePrice = requirePrice(snapshot, leg.token);
    requireOpenSession(p, leg.config.symbol);
  }
  const amountIn = parseAmount(req.inputAmountUi, from.account.decimals, "inputAmountUi");
  const exempt = swapFeeExemption(snapshot, req.owner, req.userWhitelistAccount, pool.poolAddress) !== undefined;
  const swap = swapLeg(snapshot, pool, from, to, amountIn, exempt);
  const freeOut = maxBig(to.account.assets.owned - to.account.assets.locked, 0n);
  const dto: OpenPositionQuoteDto = {
    newLeverage: "0",
    newEntryPrice: formatPrice(swap.toPrice.price, to.token.usdPrecision),
    newLiquidationPrice: "0",
    entryFee: formatUsd(swap.quote.feeUsd),
    entryFeeBeforeDiscount: formatUsd(swap.quote.feeUsd),
    discountPercentage: "0",
    openPositionFeePercent: "0",
    availableLiquidity: formatUsd(
      usdValue(freeOut, to.account.decimals, swap.toPrice.price, to.account.tokenAmountMultiplier),
    ),
    youPayUsdUi: formatUsd(swap.inUsd),
    youRecieveUsdUi: formatUsd(swap.outUsd),
    marginFeePercentage: "0",
    outputAmount: String(swap.quote.minAmountOut),
    outputAmountUi: formatTokenAmount(swap.quote.minAmountOut, to.account.decimals, to.token.tokenPrecision),
  };
  swapFields(dto, swap);
  return {
    dto,
    terms: {
      kind: "swap",
      inputCustody: from.pubkey,
      amountIn,
      collateralAmount: 0n,
      sizeAmount: 0n,
      privilege: privilegeOf(snapshot, req),
      discountBps: 0n,
      swap,
    },
  };
}
