/**
 * Add- and remove-collateral quotes, mostly on ALICE's SOL long on the hand-built deployment
 * (tests/helpers/hand-built-deployment.ts): 10 SOL @150.00, size $1 500, collateral $300, 12 SOL locked; SOL 160.00;
 * spread 0.1 %, close fee 0.1 %; accrued borrow $0.015 (see views/owner.test.ts).
 */
import assert from "node:assert/strict";
import { addCollateralQuote, removeCollateralQuote } from "../../../src/domain/quotes/collateral.ts";
import { buildFixture } from "../../helpers/hand-built-deployment.ts";
import { aliceLong, ok } from "./_helpers.ts";

Deno.test("add collateral quote", () => {
  const w = buildFixture().snapshot("v2");
  const q = ok(addCollateralQuote(w, { position: aliceLong, depositAmountUi: "1", depositTokenSymbol: "SOL" }));
  // deposit 1 SOL × 160 = $160 → collateral 460
  // margin 460 + 98.4 − 1.515 = 556.885 → ⌊1.5e13 / 556 885 000⌋ = 26 935 → "2.69"
  // liquidation: (460 − 16.515) → Δ 44.3485 → 150 − 44.3485 = 105.6515
  // max addable: min lev ⌊11 000 × 105 / 100⌋ = 11 550; ⌊1.5e9 × 1e4 / 11 550⌋ − 300e6 = 998 701 298
  assert.deepEqual(q.dto, {
    existingCollateralUsd: "300.00",
    newCollateralUsd: "460.00",
    existingLeverage: "3.77",
    newLeverage: "2.69",
    existingLiquidationPrice: "121.65",
    newLiquidationPrice: "105.65",
    depositUsdValue: "160.00",
    maxAddableUsd: "998.70",
  });
  const tooMuch = addCollateralQuote(w, { position: aliceLong, depositAmountUi: "10", depositTokenSymbol: "SOL" });
  assert.equal(!tooMuch.ok && tooMuch.code, "COMPUTE_FAILED");
  const unknown = addCollateralQuote(w, { position: aliceLong, depositAmountUi: "1", depositTokenSymbol: "SPY" });
  assert.deepEqual(unknown, { ok: false, code: "UNKNOWN_SYMBOL", err: "token 'SPY' is not part of pool Crypto.1" });
});

Deno.test("remove collateral quote", () => {
  const w = buildFixture().snapshot("v2");
  const q = ok(removeCollateralQuote(w, { position: aliceLong, withdrawAmountUsdUi: "100" }));
  // max withdrawable: capMin = 300 − ⌊10 × 1.05⌋ = 289.5; avail = 300 − (0 + 0 + 1.5 + 0.015) = 298.485;
  //   capLev = 298.485 − ⌊1.5e9 × 1e4 / ⌊1e6 × 0.95⌋⌋ = 298 485 000 − 15 789 473 = 282 695 527 → min → "282.69"
  // new: collateral 200, margin 200 + 98.4 − 1.515 = 296.885 → ⌊1.5e13 / 296 885 000⌋ = 50 524 → "5.05"
  // liquidation: Δ = 200 − 16.515 = 183.485 → 18.3485 → 131.6515; receive $100 / 160 = 0.625 SOL
  assert.deepEqual(q.dto, {
    existingCollateralUsd: "300.00",
    newCollateralUsd: "200.00",
    existingLeverage: "3.77",
    newLeverage: "5.05",
    existingLiquidationPrice: "121.65",
    newLiquidationPrice: "131.65",
    receiveAmountUi: "0.6250",
    receiveAmountUsdUi: "100.00",
    maxWithdrawableUsd: "282.69",
  });
  assert.deepEqual(removeCollateralQuote(w, { position: aliceLong, withdrawAmountUsdUi: "283" }), {
    ok: false,
    code: "INSUFFICIENT_COLLATERAL",
    err: "withdrawal of $283.00 exceeds the maximum withdrawable $282.69",
  });
});
