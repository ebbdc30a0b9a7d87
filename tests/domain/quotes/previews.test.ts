/**
 * Previews on the hand-built deployment (tests/helpers/hand-built-deployment.ts): SOL 160.00, spread 0.1 %, open/close fee 0.1 %.
 * ALICE's SOL long: 10 SOL @150.00, size $1 500, collateral $300; accrued borrow $0.015.
 */
import assert from "node:assert/strict";
import {
  exitFeePreview,
  limitOrderFeesPreview,
  marginPreview,
  tpSlPreview,
} from "../../../src/domain/quotes/previews.ts";
import * as pda from "../../../src/protocol/pda.ts";
import { buildFixture, CAROL, DAVE, M, PROGRAM } from "../../helpers/hand-built-deployment.ts";
import { aliceLong, ok } from "./_helpers.ts";

Deno.test("limit-order-fees preview", () => {
  const w = buildFixture().snapshot("v2");
  // Long 3 SOL at 140.00 with 1 JitoSOL: a new v2 SOL long goes to the JitoSOL market, as the LIMIT open would
  // (new-position-market.ts), so the collateral is 1 JitoSOL ($180). Fill 140 + ⌈0.14⌉ = 140.14; fee ⌈3 × 140.14 ×
  // 0.001⌉ = 0.42042; liquidation with collateral 180 − 0.42042: $20 more collateral than the SOL market's 88.488… (1
  // SOL, $160: the limit entry of views/owner.test.ts) moves it down by 20 / 3 = 6.67, to 81.82.
  assert.deepEqual(
    ok(
      limitOrderFeesPreview(w, {
        marketSymbol: "SOL",
        inputAmountUi: "1",
        outputAmountUi: "3",
        side: "LONG",
        limitPrice: "140",
      }),
    ),
    { entryPriceUi: "140.14", entryFeeUsdUi: "0.42", liquidationPriceUi: "81.82", borrowRateUi: "0.001" },
  );
  // Without a limit price the live 160.00 is used: fill 160.16.
  const live = ok(
    limitOrderFeesPreview(w, { marketSymbol: "SOL", inputAmountUi: "1", outputAmountUi: "3", side: "LONG" }),
  );
  assert.equal(live.entryPriceUi, "160.16");
  // A short's fill is below the limit: 140 − 0.14 = 139.86; collateral in USDC, borrow rate of the USDC custody.
  const short = ok(
    limitOrderFeesPreview(w, {
      marketSymbol: "SOL",
      inputAmountUi: "100",
      outputAmountUi: "2",
      side: "SHORT",
      limitPrice: "140",
    }),
  );
  assert.equal(short.entryPriceUi, "139.86");
  assert.equal(short.borrowRateUi, "0.002");
  // Beyond what the program holds (a u64 of native units), found by the contract fuzzer: its figures overflowed the
  // contract's 64-character strings. Now a compute failure.
  const huge = { marketSymbol: "SOL", inputAmountUi: "0", outputAmountUi: "99999999999", side: "LONG" as const };
  assert.deepEqual(limitOrderFeesPreview(w, huge), {
    ok: false,
    code: "COMPUTE_FAILED",
    err: "outputAmountUi is beyond the largest amount the program holds",
  });
  assert.deepEqual(limitOrderFeesPreview(w, { ...huge, outputAmountUi: "1", limitPrice: "18446744073709551616" }), {
    ok: false,
    code: "COMPUTE_FAILED",
    err: "limitPrice is beyond the largest price the program holds",
  });
});

Deno.test("exit-fee preview", () => {
  const f = buildFixture();
  // $500 of $1 500: closed size $ 499 999 999 → fee ⌈499 999.999⌉ = 500 000 → "0.50"; 0.5 / 160 = 0.003125 SOL
  assert.deepEqual(ok(exitFeePreview(f.snapshot("v2"), { position: aliceLong, closeAmountUsdUi: "500" })), {
    exitFeeUsdUi: "0.50",
    exitFeeAmountUi: "0.0031",
    exitPriceUi: "159.84",
  });
  // ≥ 97 %: a full close, fee on the whole $1 500.
  assert.equal(
    ok(exitFeePreview(f.snapshot("v2"), { position: aliceLong, closeAmountUsdUi: "1455" })).exitFeeUsdUi,
    "1.50",
  );
  // A non-zero amount below one micro-USD closes nothing (fee 0), as "0.000001" would; only "0" means everything.
  for (const closeAmountUsdUi of ["0.0000001", "0.000001"]) {
    assert.equal(
      ok(exitFeePreview(f.snapshot("v2"), { position: aliceLong, closeAmountUsdUi })).exitFeeUsdUi,
      "0.00",
      closeAmountUsdUi,
    );
  }
  assert.equal(
    ok(exitFeePreview(f.snapshot("v2"), { position: aliceLong, closeAmountUsdUi: "0" })).exitFeeUsdUi,
    "1.50",
  );
  // Earlier interface, by position account: a partial close is charged on the entry-valued closed size as in v2.
  const key = pda.position(PROGRAM.earlier, DAVE, M.earlier.solLong);
  assert.equal(
    ok(exitFeePreview(f.snapshot("earlier"), { position: { positionKey: key }, closeAmountUsdUi: "500" })).exitFeeUsdUi,
    "0.50",
  );
  // DECISIONS 5.11, earlier full close: the fee is on the closed size at its exit price, 10 SOL × 159.84 = $1 598.40
  // → ⌈1 598 400⌉ micro-USD = "1.59" (v2 above: "1.50" on the entry-valued $1 500); 1.5984 / 160 = 0.0099 SOL.
  assert.deepEqual(
    ok(exitFeePreview(f.snapshot("earlier"), { position: { positionKey: key }, closeAmountUsdUi: "0" })),
    {
      exitFeeUsdUi: "1.59",
      exitFeeAmountUi: "0.0099",
      exitPriceUi: "159.84",
    },
  );
});

Deno.test("tp-sl preview: the three modes", async (t) => {
  const w = buildFixture().snapshot("v2");
  await t.step("forward, owner position (TP and SL)", () => {
    // TP 180: exit 179.82 → profit 10 × 29.82 = 298.20; − exit fee 1.50 = 296.70; 296.70 / 300 = 98.90 %
    assert.deepEqual(ok(tpSlPreview(w, { mode: "forward", position: aliceLong, triggerPriceUi: "180" })), {
      pnlUsdUi: "296.70",
      pnlPercentage: "98.90",
      maxProfitPriceUi: null, // correlated long: no payout cap price
    });
    // SL 140: exit 139.86 → loss 10 × 10.14 = 101.40; − 1.50 = −102.90; −34.30 %
    const sl = ok(tpSlPreview(w, { mode: "forward", position: aliceLong, triggerPriceUi: "140" }));
    assert.equal(sl.pnlUsdUi, "-102.90");
    assert.equal(sl.pnlPercentage, "-34.30");
  });
  await t.step("forward, inline position (the contract's example)", () => {
    // entry 140, size $700 (5 SOL), collateral $140; trigger 160: exit 159.84 → profit 5 × 19.84 = 99.20;
    // exit fee ⌈700 × 0.001⌉ = 0.70 → 98.50; 98.5 / 140 = 70.357 % → "70.35"
    const r = ok(tpSlPreview(w, {
      mode: "forward",
      marketSymbol: "SOL",
      side: "LONG",
      entryPriceUi: "140",
      sizeUsdUi: "700",
      collateralUsdUi: "140",
      triggerPriceUi: "160",
    }));
    assert.equal(r.pnlUsdUi, "98.50");
    assert.equal(r.pnlPercentage, "70.35");
  });
  await t.step("reverse_pnl: the trigger whose forward PnL reaches the target", () => {
    // +$100 after the $1.50 fee: profit 101.50 → exit ≥ 150 + 10.15 = 160.15 → T − ⌊T/1000⌋ ≥ 160.15 → T = 160.3103…
    assert.equal(
      ok(tpSlPreview(w, { mode: "reverse_pnl", position: aliceLong, targetPnlUsdUi: "100" })).triggerPriceUi,
      "160.31",
    );
    // −$50 (stop-loss): loss ≤ 48.50 → exit ≥ 145.15 → T ≈ 145.2953 → "145.29"
    assert.equal(
      ok(tpSlPreview(w, { mode: "reverse_pnl", position: aliceLong, targetPnlUsdUi: "-50" })).triggerPriceUi,
      "145.29",
    );
  });
  await t.step("reverse_roi: percent of collateral", () => {
    // 25 % of $300 = $75 → profit 76.50 → exit ≥ 157.65 → T ≥ 157.65 / 0.999 = 157.8078… → "157.80"
    assert.equal(
      ok(tpSlPreview(w, { mode: "reverse_roi", position: aliceLong, targetRoiPercent: 25 })).triggerPriceUi,
      "157.80",
    );
    // Inline short (entry 140, $700, $140), ROI 25 % = $35: profit 35.70 → exit ≤ 140 − 7.14 = 132.86
    //   short exit = T + ⌈T/1000⌉ ≤ 132.86 → T ≤ 132.7272… → "132.72"; shorts have no cap price (null)
    assert.deepEqual(
      ok(tpSlPreview(w, {
        mode: "reverse_roi",
        marketSymbol: "SOL",
        side: "SHORT",
        entryPriceUi: "140",
        sizeUsdUi: "700",
        collateralUsdUi: "140",
        targetRoiPercent: 25,
      })),
      { triggerPriceUi: "132.72", maxProfitPriceUi: null },
    );
  });
  await t.step("unreachable targets and missing inputs are compute failures", () => {
    // Profit is capped at locked − collateral = 12 × 160 − 300 = $1 620: $5 000 cannot be reached.
    const r = tpSlPreview(w, { mode: "reverse_pnl", position: aliceLong, targetPnlUsdUi: "5000" });
    assert.equal(!r.ok && r.code, "COMPUTE_FAILED");
    const missing = tpSlPreview(w, { mode: "forward", position: aliceLong });
    assert.equal(!missing.ok && missing.err, "triggerPriceUi is required in forward mode");
  });
  await t.step("equity in a closed session: previews compute at the last price", () => {
    const spy = ok(
      tpSlPreview(w, {
        mode: "forward",
        position: { owner: CAROL, marketSymbol: "SPY", side: "LONG" },
        triggerPriceUi: "550",
      }),
    );
    // 2 SPY, exit 550 − 0.55 = 549.45 → profit 98.90; fee ⌈1000 × 0.001⌉ = 1.00 → 97.90
    assert.equal(spy.pnlUsdUi, "97.90");
  });
});

Deno.test("margin preview: ADD and REMOVE", () => {
  const w = buildFixture().snapshot("v2");
  // ADD $50: collateral 350; margin 350 + 98.4 − 1.515 = 446.885 → ⌊1.5e13 / 446 885 000⌋ = 33 565 → "3.35"
  //   liquidation Δ = 350 − 16.515 = 333.485 → 33.3485 → 116.6515; max addable 998.70 (add quote)
  assert.deepEqual(ok(marginPreview(w, { position: aliceLong, marginDeltaUsdUi: "50", action: "ADD" })), {
    newLeverageUi: "3.35",
    newLiquidationPriceUi: "116.65",
    maxAmountUsdUi: "998.70",
    existingCollateralUsdUi: "300.00",
    newCollateralUsdUi: "350.00",
    existingLiquidationPriceUi: "121.65",
    deltaUsdUi: "50.00",
    existingLeverageUi: "3.77",
  });
  // REMOVE $50: margin 346.885 → 43 241 → "4.32"; liquidation 126.65; max withdrawable 282.69
  const rm = ok(marginPreview(w, { position: aliceLong, marginDeltaUsdUi: "50", action: "REMOVE" }));
  assert.equal(rm.newLeverageUi, "4.32");
  assert.equal(rm.newLiquidationPriceUi, "126.65");
  assert.equal(rm.maxAmountUsdUi, "282.69");
  // More than the collateral.
  assert.deepEqual(marginPreview(w, { position: aliceLong, marginDeltaUsdUi: "300.01", action: "REMOVE" }), {
    ok: false,
    code: "INSUFFICIENT_COLLATERAL",
    err: "cannot remove $300.01: the position holds $300.00 of collateral",
  });
  // A stale price is missing for previews too.
  const stale = buildFixture({ prices: { SOL: { ageMs: 120_000 } } }).snapshot("v2");
  assert.deepEqual(marginPreview(stale, { position: aliceLong, marginDeltaUsdUi: "50", action: "ADD" }), {
    ok: false,
    code: "PRICE_UNAVAILABLE",
    err: "price for symbol 'SOL' not available",
  });
});
