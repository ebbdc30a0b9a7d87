import assert from "node:assert/strict";
import {
  displayLeverageBps,
  initialMarginUsd,
  leverageBps,
  leverageToBps,
  marginWithPnlUsd,
} from "../../../src/domain/math/leverage.ts";

Deno.test("leverage", async (t) => {
  const parts = {
    collateralUsd: 300_000_000n,
    profitUsd: 100_000_000n,
    lossUsd: 0n,
    exitFeeUsd: 900_000n,
    borrowFeeUsd: 150_000n,
  };
  await t.step("with and without PnL", () => {
    assert.equal(leverageBps(1_500_000_000n, 300_000_000n), 50_000n); // 5×
    // margin = 300 + 100 − 0.9 − 0.15 = 398.95 → ⌊1 500 × 10^4 / 398.95⌋ = ⌊37 598.69⌋ = 37 598.
    assert.equal(marginWithPnlUsd(parts), 398_950_000n);
    assert.equal(displayLeverageBps(1_500_000_000n, parts, true), 37_598n);
    // includePnlInLeverageDisplay = false → size / collateral = 5×.
    assert.equal(displayLeverageBps(1_500_000_000n, parts, false), 50_000n);
    // Initial variant: 300 − 1.05 = 298.95 → ⌊15 000 000 000 000 / 298 950 000⌋ = 50 175.
    assert.equal(initialMarginUsd(parts), 298_950_000n);
    assert.equal(leverageBps(1_500_000_000n, initialMarginUsd(parts)), 50_175n);
  });

  await t.step("margin ≤ 0 is infinite, empty is 0, request parsing", () => {
    assert.equal(leverageBps(1_500_000_000n, 0n), "Infinity");
    assert.equal(leverageBps(1_500_000_000n, -1n), "Infinity");
    assert.equal(
      displayLeverageBps(1_500_000_000n, { ...parts, profitUsd: 0n, lossUsd: 300_000_000n }, true),
      "Infinity",
    );
    assert.equal(leverageBps(0n, 0n), 0n);
    // 1 µ$ of margin on $1 500: 1.5·10^13 BPS (no overflow).
    assert.equal(leverageBps(1_500_000_000n, 1n), 15_000_000_000_000n);
    assert.equal(leverageToBps(5), 50_000n);
    assert.equal(leverageToBps("2.5"), 25_000n);
    assert.equal(leverageToBps(1.23456), 12_345n);
  });
});
