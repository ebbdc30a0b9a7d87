/**
 * The earlier interface's SWAP and swap-and-open quotes (POST /transaction-builder/open-position) against the SDK's
 * swap vectors (vectors.jsonl, `getSwapAmountAndFeesSync` of flash-sdk 15.17.2): each vector's two custodies, prices,
 * ratios and pool AUM are put into the hand-built deployment (SOL ← input, USDC ← output for SWAP; the other way
 * round for swap-and-open), and the whole quote path — symbols, custodies, prices, AUM, ratios, the swap math — must
 * give the SDK's guaranteed output, up to the fee rounding the cross-check allows (the program rounds fees up, the
 * SDK down: sdk-crosscheck.test.ts). Vectors whose AUM does not fit the Pool account's u64 are left out (the quote
 * takes the AUM from the pool there).
 */
import assert from "node:assert/strict";
import { openPositionQuote } from "../../../src/domain/quotes/open.ts";
import { swapQuote } from "../../../src/domain/math/swap.ts";
import { decimalMul } from "../../../src/domain/math/bigint.ts";
import { toExactDecimal } from "../../../src/domain/math/decimal.ts";
import { formatUsd } from "../../../src/domain/format/ui.ts";
import { type Custody, custodyAccount, poolAccount } from "../../../src/protocol/accounts/mod.ts";
import { buildFixture } from "../../helpers/hand-built-deployment.ts";
import { type CustodyVector, readVectors, type SwapCase } from "./_vectors.ts";

const vectors = await readVectors(new URL("./vectors.jsonl", import.meta.url));
const B = (x: string) => BigInt(x);
const U64_MAX = 2n ** 64n - 1n;

function withVector(c: Custody, v: CustodyVector): Custody {
  const fees = (r: CustodyVector["fees"]["swapIn"]) => ({
    minFee: B(r.minFee),
    targetFee: B(r.targetFee),
    maxFee: B(r.maxFee),
  });
  return {
    ...c,
    decimals: v.decimals,
    isStable: v.isStable,
    tokenAmountMultiplier: B(v.tokenAmountMultiplier),
    pricing: { ...c.pricing, swapSpread: B(v.pricing.swapSpread) },
    fees: { ...c.fees, mode: "Linear", swapIn: fees(v.fees.swapIn), swapOut: fees(v.fees.swapOut) },
    assets: { ...c.assets, owned: B(v.assets.owned), locked: B(v.assets.locked) },
  };
}

/** The hand-built earlier deployment with `first` in the SOL custody and `second` in the USDC one. */
function deploymentFor(v: SwapCase, first: "input" | "output") {
  const [solSide, usdcSide] = first === "input" ? [v.input, v.output] : [v.output, v.input];
  const [solRatios, usdcRatios] = first === "input" ? [v.inputRatios, v.outputRatios] : [v.outputRatios, v.inputRatios];
  const f = buildFixture({
    prices: {
      SOL: { price: B(solSide.price), exponent: solSide.exponent },
      USDC: { price: B(usdcSide.price), exponent: usdcSide.exponent },
      JitoSOL: null, // one custody without a price: the quote takes the pool's program-kept AUM
    },
  });
  const s = f.snapshot("earlier");
  const pool = s.input.config.pools[0];
  const account = s.accounts.get("Pool", pool.poolAddress);
  const sol = s.custodyForToken("SOL", pool.poolAddress);
  const usdc = s.custodyForToken("USDC", pool.poolAddress);
  if (!account || !sol || !usdc) throw new Error("fixture");
  const ratio = (r: SwapCase["inputRatios"]) => ({ min: B(r.min), target: B(r.target), max: B(r.max) });
  f.put("earlier", pool.poolAddress, poolAccount.earlier, {
    ...account,
    rawAumUsd: B(v.aum),
    ratios: account.custodies.map((c, i) =>
      c === sol.pubkey ? ratio(solRatios) : c === usdc.pubkey ? ratio(usdcRatios) : account.ratios[i]
    ),
  });
  f.put("earlier", sol.pubkey, custodyAccount.earlier, withVector(sol.account, solSide));
  f.put("earlier", usdc.pubkey, custodyAccount.earlier, withVector(usdc.account, usdcSide));
  return f.snapshot("earlier");
}

/** The vector's swap through the math alone (what the cross-check holds against the SDK). */
function mathOf(v: SwapCase) {
  const s = deploymentFor(v, "input");
  const pool = s.input.config.pools[0];
  const from = s.custodyForToken("SOL", pool.poolAddress);
  const to = s.custodyForToken("USDC", pool.poolAddress);
  if (!from || !to) throw new Error("fixture");
  const r = (x: SwapCase["inputRatios"]) => ({ min: B(x.min), target: B(x.target), max: B(x.max) });
  return swapQuote({
    amountIn: B(v.amountIn),
    amountOut: 0n,
    input: from.account,
    inputRatios: r(v.inputRatios),
    inputPrice: { price: B(v.input.price), exponent: v.input.exponent },
    output: to.account,
    outputRatios: r(v.outputRatios),
    outputPrice: { price: B(v.output.price), exponent: v.output.exponent },
    poolAumUsd: B(v.aum),
  });
}

const usable = vectors.swaps.filter((v) => B(v.aum) <= U64_MAX);

Deno.test("SWAP quotes give the SDK's guaranteed output (SDK swap vectors)", async (t) => {
  assert.ok(usable.length >= 60, `${usable.length} usable vectors`);
  let identical = 0;
  for (const v of usable) {
    await t.step(v.id, () => {
      const result = openPositionQuote(deploymentFor(v, "input"), {
        inputTokenSymbol: "SOL",
        outputTokenSymbol: "USDC",
        inputAmountUi: toExactDecimal(B(v.amountIn), v.input.decimals),
        leverage: 1,
        tradeType: "SWAP",
      });
      const math = mathOf(v);
      if (math.minAmountOut > B(v.output.assets.owned) - B(v.output.assets.locked)) {
        assert.equal(!result.ok && result.code, "COMPUTE_FAILED"); // more than the pool can pay out
        return;
      }
      assert.ok(result.ok, result.ok ? "" : `${result.code}: ${result.err}`);
      const out = B(result.value.dto.outputAmount);
      assert.equal(out, math.minAmountOut);
      assert.equal(result.value.dto.swapFeeUsdUi, formatUsd(math.feeUsd));
      const e = Math.min(v.input.exponent, v.output.exponent);
      const tolerance = decimalMul(1n, -v.input.decimals, math.swapPrice.price, e, -v.output.decimals) + 2n;
      const sdk = B(v.sdk.minAmountOut);
      assert.ok(out - sdk <= tolerance && sdk - out <= tolerance, `${out} vs SDK ${sdk} (±${tolerance})`);
      if (out === sdk) identical++;
      // Exactly the SDK's figure once its (rounded-down) fees are put in: same swap price, same formula.
      const sdkFeeIn = B(v.sdk.exactInFeeIn);
      const withSdkFees =
        decimalMul(B(v.amountIn) - sdkFeeIn, -v.input.decimals, math.swapPrice.price, e, -v.output.decimals) -
        B(v.sdk.exactInFeeOut);
      assert.equal(withSdkFees, sdk);
      for (const [ours, theirs] of [[math.feeIn, sdkFeeIn], [math.feeOut, B(v.sdk.exactInFeeOut)]]) {
        assert.ok(ours - theirs === 0n || ours - theirs === 1n, `fee ${ours} vs SDK ${theirs}`);
      }
    });
  }
  console.log(`SWAP quotes — ${identical} of ${usable.length} identical to the SDK, all exact with the SDK's fees`);
});

Deno.test("swap-and-open: the collateral entering the position is the swap's guaranteed output", async (t) => {
  let opened = 0;
  for (const v of usable) {
    await t.step(v.id, () => {
      // The vector's input token pays (USDC custody) for a SOL long whose collateral (SOL custody) is its output.
      const s = deploymentFor(v, "output");
      const result = openPositionQuote(s, {
        inputTokenSymbol: "USDC",
        outputTokenSymbol: "SOL",
        inputAmountUi: toExactDecimal(B(v.amountIn), v.input.decimals),
        leverage: 2,
        tradeType: "LONG",
      });
      if (!result.ok) {
        // The open's own limits (liquidity, leverage, minimum collateral) refuse some vectors' sizes; the swap
        // leg is not at fault there.
        assert.notEqual(result.code, "UNKNOWN_SYMBOL");
        return;
      }
      const swap = result.value.terms.swap;
      assert.ok(swap);
      const math = mathOf(v);
      assert.equal(swap.quote.minAmountOut, math.minAmountOut);
      assert.equal(result.value.terms.collateralAmount, math.minAmountOut);
      assert.equal(result.value.dto.swapFeeUsdUi, formatUsd(math.feeUsd));
      opened++;
    });
  }
  console.log(`swap-and-open — ${opened} of ${usable.length} vectors open a position`);
  assert.ok(opened >= usable.length / 2, `${opened} of ${usable.length}`);
});
