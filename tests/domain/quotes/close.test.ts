/**
 * Close quotes, mostly on ALICE's SOL long on the hand-built deployment (tests/helpers/hand-built-deployment.ts): 10
 * SOL @150.00, size $1 500, collateral $300, 12 SOL locked; SOL 160.00; spread 0.1 %, close fee 0.1 %; accrued borrow
 * $0.015 (see views/owner.test.ts).
 */
import assert from "node:assert/strict";
import { closePositionQuote } from "../../../src/domain/quotes/close.ts";
import { ALICE, BOB, buildFixture, CAROL, DAVE } from "../../helpers/hand-built-deployment.ts";
import { aliceLong, ok } from "./_helpers.ts";

Deno.test("close quote: partial close of a third (every field by hand)", () => {
  const w = buildFixture().snapshot("v2");
  const q = ok(closePositionQuote(w, { position: aliceLong, inputUsdUi: "500", withdrawTokenSymbol: "USDC" }));
  // Δsize = ⌊1e10 × 500 / 1500⌋ = 3 333 333 333; ratio r = ⌊Δ × 1e9 / 1e10⌋ = 333 333 333 (of 1e9)
  // closed: size $ ⌊1.5e9 r / 1e9⌋ = 499 999 999, collateral 99 999 999, locked 3 999 999 996
  // profit = ⌊3 333 333 333 × 984 000 000 / 1e11⌋ = 32 799 999 (exit 159.84 − 150.00)
  // exit fee = ⌈499 999 999 × 1e6 / 1e9⌉ = 500 000; borrow = ⌊10 000 × 499 999 999 / 1e9⌋ = 4 999
  // receive = 99 999 999 + 32 799 999 − 500 000 − 4 999 = 132 294 999 → "132.29"; in SOL ⌊132.294999 / 160⌋ = 0.8268…
  // v2 pays out in the collateral token whatever withdrawTokenSymbol says.
  assert.deepEqual(q.dto, {
    receiveTokenSymbol: "SOL",
    receiveTokenAmountUi: "0.8268",
    receiveTokenAmountUsdUi: "132.29",
    markPrice: "160.00",
    entryPrice: "150.00",
    existingLiquidationPrice: "121.65",
    newLiquidationPrice: "121.65", // proportional: the remaining 2/3 keeps the same liquidation price
    existingSize: "1500.00",
    newSize: "1000.00", // 1 000 000 001
    existingCollateral: "300.00",
    newCollateral: "200.00",
    existingLeverage: "3.77",
    newLeverage: "3.77",
    settledPnl: "32.79",
    fees: "0.50", // 504 999
    feesBeforeDiscount: "0.50",
    lockAndUnsettledFeeUsd: "0.00", // 4 999 micro-USD
  });
  assert.equal(q.terms.full, false);
  assert.equal(q.terms.sizeDeltaAmount, 3_333_333_333n);
});

Deno.test("close quote: full vs partial at the 97 % edge (DECISIONS 5.6)", () => {
  const w = buildFixture().snapshot("v2");
  const close = (inputUsdUi: string, closeAll?: boolean) =>
    ok(closePositionQuote(w, { position: aliceLong, inputUsdUi, closeAll })).terms.full;
  // 97 % of $1 500 = $1 455.
  assert.equal(close("1454.999999"), false);
  assert.equal(close("1455"), true);
  assert.equal(close("0"), true);
  assert.equal(close("1", true), true);
  assert.equal(close("99999"), true); // more than the size: a full close
  const full = ok(closePositionQuote(w, { position: aliceLong, inputUsdUi: "1455" })).dto;
  // receive = 300 + 98.4 − 1.5 − 0.015 = 396.885 → "396.88"; 396.885 / 160 = 2.4805… SOL
  assert.equal(full.receiveTokenAmountUsdUi, "396.88");
  assert.equal(full.receiveTokenAmountUi, "2.4805");
  assert.equal(full.settledPnl, "98.40");
  assert.equal(full.fees, "1.51");
  assert.equal(full.newSize, "0");
  assert.equal(full.newCollateral, "0");
  assert.equal(full.newLeverage, "0");
  assert.equal(full.newLiquidationPrice, "0");
  assert.equal(full.lockAndUnsettledFeeUsd, undefined); // v2: partial closes only
});

Deno.test("close quote: losing short, earlier interface proceeds modes", () => {
  const f = buildFixture();
  const short = ok(closePositionQuote(f.snapshot("v2"), {
    position: { owner: ALICE, marketSymbol: "SOL", side: "SHORT" },
    inputUsdUi: "0",
  })).dto;
  // 200 − 40.64 − 0.6 − 0.012 = 158.748 USDC
  assert.equal(short.settledPnl, "-40.64");
  assert.equal(short.receiveTokenSymbol, "USDC");
  assert.equal(short.receiveTokenAmountUi, "158.74");

  const e = f.snapshot("earlier");
  const target = { owner: DAVE, marketSymbol: "SOL", side: "LONG" } as const;
  // Without keepLeverageSame the proceeds stay in the position (decrease_size only).
  const retain = ok(closePositionQuote(e, { position: target, inputUsdUi: "500" })).dto;
  assert.equal(retain.receiveTokenAmountUsdUi, "0.00");
  assert.equal(retain.newCollateral, "332.29"); // 200.000001 + 132.294999
  assert.equal(retain.lockAndUnsettledFeeUsd, "0.00"); // the earlier interface fills every member
  // keepLeverageSame: at most the new position's max-withdrawable is paid out (here all 132.29 fits).
  const keep = ok(closePositionQuote(e, { position: target, inputUsdUi: "500", keepLeverageSame: true })).dto;
  assert.equal(keep.receiveTokenAmountUsdUi, "132.29");
  // Receiving another token swaps the payout (close_and_swap).
  const swapped = ok(closePositionQuote(e, { position: target, inputUsdUi: "0", withdrawTokenSymbol: "USDC" })).dto;
  assert.equal(swapped.receiveTokenSymbol, "USDC");
  assert.ok(Number(swapped.receiveTokenAmountUsdUi) < 396.88);
});

Deno.test("close quote: failures", () => {
  const w = buildFixture().snapshot("v2");
  assert.deepEqual(closePositionQuote(w, { position: { ...aliceLong, owner: BOB }, inputUsdUi: "1" }), {
    ok: false,
    code: "BASKET_NOT_FOUND",
    err: `no basket for owner ${BOB}`,
  });
  assert.deepEqual(closePositionQuote(w, { position: { ...aliceLong, owner: CAROL }, inputUsdUi: "1" }), {
    ok: false,
    code: "POSITION_NOT_FOUND",
    err: "Position is empty",
  });
  const spy = closePositionQuote(w, { position: { owner: CAROL, marketSymbol: "SPY", side: "LONG" }, inputUsdUi: "0" });
  assert.equal(!spy.ok && spy.code, "MARKET_CLOSED");
});
