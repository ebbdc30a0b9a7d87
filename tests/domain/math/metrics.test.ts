import assert from "node:assert/strict";
import { positionMetrics } from "../../../src/domain/math/metrics.ts";
import { makeCustody, makePosition, NOW, px, USDC_PRICE } from "../_helpers.ts";

Deno.test("position metrics compose PnL, fees, leverage and liquidation", () => {
  // 10 SOL long @150, $300 collateral, price 160 without spread, one hour at 10 000 → borrow 15 000.
  const sol = makeCustody({ pricing: { tradeSpreadMin: 0n, tradeSpreadMax: 0n } });
  const usdc = makeCustody({ decimals: 6, isStable: true, borrowRateState: { lastUpdate: NOW - 3_600n } });
  const m = positionMetrics({
    position: makePosition(),
    side: "Long",
    targetPrice: px(16_000_000_000n),
    targetCustody: sol,
    collateralPrice: USDC_PRICE,
    collateralCustody: usdc,
    nowUnix: NOW,
  });
  assert.equal(m.pnl.profitUsd, 100_000_000n);
  assert.equal(m.exitFeeUsd, 900_000n); // 1 500 × 0.06 %
  assert.equal(m.exitFeeAmount, 900_000n);
  // cumulative 1 000 000 + 10 000 = 1 010 000; ⌊10 000 × 1 500 000 000 / 10^9⌋ = 15 000.
  assert.equal(m.borrowFeeUsd, 15_000n);
  assert.equal(m.totalFeeUsd, 915_000n);
  // margin 300 + 100 − 0.915 = 399.085 → ⌊1.5·10^13 / 399 085 000⌋ = 37 585; plain 5×.
  assert.equal(m.marginUsd, 399_085_000n);
  assert.equal(m.leverageBps, 37_585n);
  assert.equal(m.plainLeverageBps, 50_000n);
  assert.equal(m.pnlWithoutFeeUsd, 100_000_000n);
  assert.equal(m.pnlWithFeeUsd, 99_085_000n);
  assert.equal(m.pnlPercentWithoutFeeBps, 3_333n);
  assert.equal(m.pnlPercentWithFeeBps, 3_302n); // ⌊99 085 000 × 10^4 / 300 000 000⌋
  // L = 15 000 000 + 900 000 + 15 000 = 15 915 000; C − L = 284 085 000 → Δ = 28.4085 → 121.5915.
  assert.deepEqual(m.liquidationPrice, px(12_159_150_000n));
});
