/** The earlier interface's SWAP trade on the hand-built deployment: SOL 160.00, USDC 1.00, both in Crypto.1. */
import assert from "node:assert/strict";
import { swapTradeQuote } from "../../../src/domain/quotes/swap.ts";
import { runQuote } from "../../../src/domain/quotes/result.ts";
import { buildFixture, EVE } from "../../helpers/hand-built-deployment.ts";
import { long1Sol, ok } from "./_helpers.ts";

const swap = { ...long1Sol, inputTokenSymbol: "USDC", inputAmountUi: "100", tradeType: "SWAP" as const, owner: EVE };

Deno.test("SWAP: the position fields carry the swap's figures", () => {
  const q = ok(runQuote(() => swapTradeQuote(buildFixture().snapshot("earlier"), swap)));
  const leg = q.terms.swap!;
  assert.equal(q.terms.kind, "swap");
  assert.equal(q.terms.amountIn, 100_000_000n); // USDC, 6 decimals
  assert.equal(q.dto.outputAmount, String(leg.quote.minAmountOut));
  assert.equal(q.dto.newEntryPrice, "160.00");
  assert.equal(q.dto.youPayUsdUi, "100.00");
  assert.ok(leg.quote.minAmountOut < 625_000_000n, "less than 100 / 160 SOL: fees and the swap spread");
  assert.equal(q.dto.entryFee, q.dto.swapFeeUsdUi);
  assert.equal(q.dto.entryFeeBeforeDiscount, q.dto.swapFeeUsdUi);
  for (const zero of [q.dto.newLeverage, q.dto.newLiquidationPrice, q.dto.marginFeePercentage]) {
    assert.equal(zero, "0");
  }
});

Deno.test("SWAP: a token into itself, or a token no pool holds, is refused", () => {
  const s = buildFixture().snapshot("earlier");
  assert.deepEqual(runQuote(() => swapTradeQuote(s, { ...swap, outputTokenSymbol: "USDC" })), {
    ok: false,
    code: "COMPUTE_FAILED",
    err: "'USDC' and 'USDC' are the same token",
  });
  const unknown = runQuote(() => swapTradeQuote(s, { ...swap, outputTokenSymbol: "NOPE" }));
  assert.equal(!unknown.ok && unknown.code, "UNKNOWN_SYMBOL");
});
