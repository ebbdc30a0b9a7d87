/**
 * Close, reverse, add- and remove-collateral quotes on the hand-built deployment (tests/helpers/hand-built-deployment.ts). ALICE's SOL long:
 * 10 SOL @150.00, size $1 500, collateral $300, 12 SOL locked; SOL 160.00; spread 0.1 %, close fee 0.1 %; accrued
 * borrow $0.015 (see views/owner.test.ts).
 */
import assert from "node:assert/strict";
import { closePositionQuote } from "../../../src/domain/quotes/close.ts";
import { reversePositionQuote } from "../../../src/domain/quotes/reverse.ts";
import { addCollateralQuote, removeCollateralQuote } from "../../../src/domain/quotes/collateral.ts";
import type { QuoteResult } from "../../../src/domain/quotes/result.ts";
import { basketAccount } from "../../../src/protocol/accounts/index.ts";
import * as pda from "../../../src/protocol/pda.ts";
import {
  ALICE,
  basketOf,
  BOB,
  buildFixture,
  CAROL,
  DAVE,
  M,
  PROGRAM,
  solLongPosition,
} from "../../helpers/hand-built-deployment.ts";

function ok<T>(r: QuoteResult<T>): T {
  if (!r.ok) throw new Error(`expected success, got ${r.code}: ${r.err}`);
  return r.value;
}

const aliceLong = { owner: ALICE, marketSymbol: "SOL", side: "LONG" } as const;

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
  assert.equal(q.plan.full, false);
  assert.equal(q.plan.sizeDeltaAmount, 3_333_333_333n);
});

Deno.test("close quote: full vs partial at the 97 % edge (DECISIONS 5.6)", () => {
  const w = buildFixture().snapshot("v2");
  const close = (inputUsdUi: string, closeAll?: boolean) =>
    ok(closePositionQuote(w, { position: aliceLong, inputUsdUi, closeAll })).plan.full;
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

Deno.test("reverse quote: 2 % haircut, floor in native USD units (DECISIONS 5.7)", async (t) => {
  const f = buildFixture();
  // ALICE with only the long, so the short leg opens a fresh position.
  const onlyLong = (collateralUsd: bigint) =>
    f.put(
      "v2",
      pda.basket(PROGRAM.v2, ALICE),
      basketAccount,
      basketOf(ALICE, [{
        market: M.v2.solLong,
        position: { ...solLongPosition("v2", ALICE, M.v2.solLong), collateralUsd },
      }], []),
    );

  await t.step("exact: 396 885 000 × 98 / 100 = 388 947 300", () => {
    onlyLong(300_000_000n);
    const q = ok(reversePositionQuote(f.snapshot("v2"), { position: aliceLong, leverage: 2 }));
    assert.equal(q.dto.closeReceiveUsd, "396.88");
    assert.equal(q.dto.closeSettledPnl, "98.40");
    assert.equal(q.dto.closeFees, "1.51");
    assert.equal(q.dto.newCollateralUsd, "388.94");
    assert.equal(q.dto.newSide, "Short");
    // New short on the USDC market: 388.9473 USDC; S = 388.9473 × 2 / 1.004 = 774.7954… at 159.84
    assert.equal(q.dto.newEntryPrice, "159.84");
    assert.equal(q.dto.newSizeUsd, "774.79");
    assert.equal(q.plan.newMarket.pubkey, M.v2.solShort);
    assert.equal(q.plan.collateralAmount, 388_947_300n); // USDC native = micro-USD at 1.00
  });

  await t.step("rounding: 396 885 001 × 0.98 = 388 947 300.98 → 388 947 300", () => {
    onlyLong(300_000_001n); // one more micro-dollar of collateral → one more of payout
    const q = ok(reversePositionQuote(f.snapshot("v2"), { position: aliceLong, leverage: 2 }));
    assert.equal(q.plan.collateralAmount, 388_947_300n);
  });

  await t.step("leverage outside the opposite market's range", () => {
    const r = reversePositionQuote(f.snapshot("v2"), { position: aliceLong, leverage: 500 });
    assert.equal(!r.ok && r.code, "COMPUTE_FAILED");
  });
});

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
