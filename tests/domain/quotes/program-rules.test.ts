import assert from "node:assert/strict";
import {
  degenPosition,
  limitSide,
  type PriceSide,
  requireFeeCovered,
  requireLeverageWithin,
  requireLiquidity,
  requireMarginLeft,
  requireMinimumCollateral,
  requirePriceSide,
  triggerSide,
  usdText,
} from "../../../src/domain/quotes/program-rules.ts";
import { positionLiquidationPrice } from "../../../src/domain/math/liquidation.ts";
import { ALICE, M, solLongPosition } from "../../helpers/hand-built-deployment.ts";
import { failureOf as failure, px, tradingFixture } from "../builders/v2/_helpers.ts";

Deno.test("requireLiquidity: a size within the available liquidity, a lock within the custody's free tokens", () => {
  const w = tradingFixture().snapshot("v2");
  const long = w.market(M.v2.solLong)!;
  // SOL custody: 9 000 SOL free at 160.00 = $1 440 000.
  assert.equal(failure(() => requireLiquidity(long, px("160"), 1_440_000_000_000n, 0n)), undefined);
  assert.equal(failure(() => requireLiquidity(long, px("160"), 1_440_000_000_001n, 0n))?.code, "COMPUTE_FAILED");
  // The lock is held to the free tokens themselves: 9 000 SOL may be locked, one native unit more may not.
  assert.equal(failure(() => requireLiquidity(long, px("160"), 0n, 9_000_000_000_000n)), undefined);
  const lock = failure(() => requireLiquidity(long, px("160"), 0n, 9_000_000_000_001n));
  assert.equal(lock?.code, "COMPUTE_FAILED");
  assert.match(lock?.err ?? "", /^insufficient liquidity: the trade would lock \$1440000\.00 of the SOL custody/);
});

Deno.test("minimum collateral: market opens at least $10, orders more than $10", () => {
  const w = tradingFixture().snapshot("v2");
  const long = w.market(M.v2.solLong)!;
  assert.equal(failure(() => requireMinimumCollateral(long, 10_000_000n, { subject: "x" })), undefined);
  assert.equal(
    failure(() => requireMinimumCollateral(long, 9_999_999n, { subject: "x" }))?.code,
    "INSUFFICIENT_COLLATERAL",
  );
  assert.equal(failure(() => requireMinimumCollateral(long, 10_000_001n, { strict: true, subject: "x" })), undefined);
  assert.deepEqual(
    failure(() => requireMinimumCollateral(long, 10_000_000n, { strict: true, subject: "a limit order" })),
    {
      code: "INSUFFICIENT_COLLATERAL",
      err: "a limit order: collateral after fees of $10.00 must be above the market minimum of $10.00",
    },
  );
});

Deno.test("initial leverage bounds (1.1x .. 100x)", () => {
  const w = tradingFixture().snapshot("v2");
  const long = w.market(M.v2.solLong)!;
  assert.equal(failure(() => requireLeverageWithin(long, 11_000n)), undefined);
  assert.equal(failure(() => requireLeverageWithin(long, 1_000_000n)), undefined);
  assert.equal(failure(() => requireLeverageWithin(long, 10_999n))?.code, "COMPUTE_FAILED");
  assert.equal(failure(() => requireLeverageWithin(long, 1_000_001n))?.code, "COMPUTE_FAILED");
  assert.equal(failure(() => requireLeverageWithin(long, "Infinity"))?.code, "INSUFFICIENT_COLLATERAL");
});

Deno.test("degen mode: the degen maximum leverage and minimum collateral, and the liquidation price of a degen size", () => {
  const w = tradingFixture().snapshot("v2");
  const long = w.market(M.v2.solLong)!;
  const p = long.target.account.pricing;
  const degenMax = BigInt(p.maxInitDegenLeverage);
  assert.ok(degenMax > BigInt(p.maxInitLeverage), "the fixture's degen maximum is above the plain one");
  assert.equal(failure(() => requireLeverageWithin(long, degenMax, true)), undefined);
  assert.equal(failure(() => requireLeverageWithin(long, degenMax, false))?.code, "COMPUTE_FAILED");
  assert.equal(failure(() => requireLeverageWithin(long, degenMax + 1n, true))?.code, "COMPUTE_FAILED");
  const degenMin = BigInt(p.minDegenCollateralUsd);
  assert.equal(failure(() => requireMinimumCollateral(long, degenMin, { degen: true })), undefined);
  assert.deepEqual(failure(() => requireMinimumCollateral(long, degenMin - 1n, { degen: true })), {
    code: "INSUFFICIENT_COLLATERAL",
    err: `collateral after fees of ${usdText(degenMin - 1n)} is below the market minimum of ${usdText(degenMin)}`,
  });
  const position = solLongPosition("v2", ALICE, M.v2.solLong);
  const flagged = degenPosition(position, "Long", long.target.account, 0n);
  assert.equal(flagged.position.degenSizeUsd, position.sizeUsd);
  assert.deepEqual(
    flagged.liquidationPrice,
    positionLiquidationPrice(flagged.position, "Long", long.target.account, 0n),
  );
});

Deno.test("a margin left: the leverage text, else INSUFFICIENT_COLLATERAL naming what has none", () => {
  assert.equal(requireMarginLeft(25_000n, "the remaining position"), "2.50");
  assert.deepEqual(failure(() => requireMarginLeft("Infinity", "the remaining position")), {
    code: "INSUFFICIENT_COLLATERAL",
    err: "the remaining position would have no margin left",
  });
  assert.equal(requireFeeCovered(25_000n, 1_000_000n), "2.50");
  assert.deepEqual(failure(() => requireFeeCovered("Infinity", 1_000_000n)), {
    code: "INSUFFICIENT_COLLATERAL",
    err: "collateral of $1.00 does not cover the entry fee",
  });
});

Deno.test("order price sides: long TP and short SL above the reference, the others below; a limit long below, short above", () => {
  assert.equal(triggerSide("Long", false), "above");
  assert.equal(triggerSide("Long", true), "below");
  assert.equal(triggerSide("Short", false), "below");
  assert.equal(triggerSide("Short", true), "above");
  assert.equal(limitSide("Long"), "below");
  assert.equal(limitSide("Short"), "above");
  const reference = px("160");
  const text = (wanted: PriceSide) => `must be ${wanted}`;
  assert.equal(failure(() => requirePriceSide(px("160.01"), reference, "above", text)), undefined);
  assert.equal(failure(() => requirePriceSide(px("159.99"), reference, "below", text)), undefined);
  // Equal to the reference is refused on either side (it would fill at once), with the caller's text.
  assert.deepEqual(failure(() => requirePriceSide(px("160"), reference, "above", text)), {
    code: "TRIGGER_PRICE_INVALID",
    err: "must be above",
  });
  assert.equal(failure(() => requirePriceSide(px("160"), reference, "below", text))?.err, "must be below");
  // Prices of different exponents compare by value.
  assert.equal(
    failure(() => requirePriceSide({ price: 1_600_001n, exponent: -4 }, reference, "above", text)),
    undefined,
  );
});
