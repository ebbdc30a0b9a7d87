/**
 * Open-position quotes on the hand-built deployment (tests/helpers/hand-built-deployment.ts): SOL 160.00, USDC 1.00, JitoSOL 180.00,
 * flat spread 0.1 % (1000 × 1e−6), open/close fee 0.1 % (1e6 RATE), leverage 1.1×..100×, min collateral $10.
 */
import assert from "node:assert/strict";
import { openPositionQuote } from "../../../src/domain/quotes/open.ts";
import type { QuoteResult } from "../../../src/domain/quotes/result.ts";
import { ALICE, BOB, buildFixture, custodyAddress, DAVE, M } from "../../helpers/hand-built-deployment.ts";
import { builderFixture } from "../../helpers/earlier-builder-deployment.ts";
import { long1Sol, ok } from "./_helpers.ts";

Deno.test("open-position quote: new long, SOL collateral, with TP/SL (every field by hand)", () => {
  const f = buildFixture();
  const q = ok(openPositionQuote(f.snapshot("v2"), { ...long1Sol, takeProfit: "200", stopLoss: "140" }));
  // Collateral: 1 SOL at 160.00 = $160 (160 000 000).
  // Size: S = C·L / (1 + 2·f·L) = 160 × 5 / (1 + 2 × 0.001 × 5) = 800 / 1.01 = 792.079207… → 792 079 207
  // Entry (long) = 160 + ⌈160e8 × 1000 / 1e6⌉ = 16 016 000 000 (160.16)
  // size_amount = ⌊(800/1.01) / 160.16 × 1e9⌋ = 4 945 549 500 (4.9455 SOL at tokenPrecision 4)
  // size at fill = ⌊4 945 549 500 × 16 016 000 000 / 1e11⌋ = 792 079 207 → "792.07"
  // fee = ⌈792 079 207 × 1e6 / 1e9⌉ = 792 080 → "0.79"; collateral after fee = 159 207 920
  // leverage = ⌊792 079 207e4 / 159 207 920⌋ = 49 751 → "4.97"
  // liquidation: L = 7 920 792 + 792 080 = 8 712 872; Δ = ⌊(159 207 920 − L)e12 / 4 945 549 500⌋ → 30.4302…
  //   160.16 − 30.4302… = 129.7297… → "129.72"
  // Market: a new v2 SOL long opens on the JitoSOL-collateral market (the reference's SDK override), paid in SOL
  // (the program swaps it in; the payment counts at SOL's price): the lock custody's figures are JitoSOL's.
  // Available liquidity: JitoSOL free 900 × 180 = $162 000 (no exposure cap).
  assert.equal(q.terms.market?.pubkey, M.v2.solLongJito);
  assert.equal(q.terms.inputCustody, custodyAddress("v2", "Crypto.1", "SOL"));
  assert.equal(q.terms.amountIn, 1_000_000_000n);
  assert.deepEqual(q.dto, {
    newLeverage: "4.97",
    newEntryPrice: "160.16",
    newLiquidationPrice: "129.72",
    entryFee: "0.79",
    entryFeeBeforeDiscount: "0.79",
    discountPercentage: "0",
    openPositionFeePercent: "0.1", // 1 000 000 / 1e7
    availableLiquidity: "162000.00",
    youPayUsdUi: "160.00",
    youRecieveUsdUi: "792.07",
    marginFeePercentage: "0.001", // JitoSOL (lock) custody current_rate 10 000 / 1e7 (% per hour)
    outputAmount: "4945549500",
    outputAmountUi: "4.9455",
    // TP 200: exit 200 − 0.2 = 199.80; profit = 4.9455495 × (199.80 − 160.16) = 196.0415…; exit fee 0.79208
    //   receive = 159.20792 + 196.0415 − 0.79208 = 354.457… ; pnl % = 196.0415 / 159.20792 = 123.13 %
    takeProfitQuote: {
      exitPriceUi: "199.80",
      profitUsdUi: "196.04",
      lossUsdUi: "0.00",
      exitFeeUsdUi: "0.79",
      receiveUsdUi: "354.45",
      pnlPercentage: "123.13",
      maxProfitPriceUi: null, // a correlated market: no price caps the profit (tests/domain/quotes/tpsl.test.ts)
    },
    // SL 140: exit 140 − 0.14 = 139.86; loss = 4.9455495 × 20.30 = 100.394…; receive = 159.208 − 100.394 − 0.792
    stopLossQuote: {
      exitPriceUi: "139.86",
      profitUsdUi: "0.00",
      lossUsdUi: "100.39",
      exitFeeUsdUi: "0.79",
      receiveUsdUi: "58.02",
      pnlPercentage: "-63.05",
      maxProfitPriceUi: null,
    },
  });
  assert.equal(q.terms.kind, "open");
  assert.equal(q.terms.sizeAmount, 4_945_549_500n);
});

Deno.test("open-position quote: increasing an existing position fills old*", () => {
  const f = buildFixture();
  const q = ok(openPositionQuote(f.snapshot("v2"), { ...long1Sol, owner: ALICE }));
  // Existing: 10 SOL @150, $300, metrics leverage 3.77, liquidation 121.65 (see views/owner.test.ts).
  // New entry = ⌊(150e8 × 1e10 + 160.16e8 × 4 945 549 500) / 14 945 549 500⌋ = 15 336 2… → "153.36"
  // New leverage: size 1 500 000 000 + 792 079 207; collateral 300 + 160 − 0.79208 = 459.20792;
  //   margin = 459.20792 + PnL 98.4 − borrow 0.015 = 557.59292 → ⌊2 292 079 207e4 / 557 592 920⌋ = 41 106 → "4.11"
  // New liquidation: L = 22 920 792 + 2 292 080 + 15 000; Δ = (459 207 920 − L)e12 / 14 945 549 500 = 29.0374…
  //   153.362… − 29.037… = 124.32…
  assert.equal(q.terms.kind, "increase");
  assert.equal(q.dto.oldLeverage, "3.77");
  assert.equal(q.dto.oldEntryPrice, "150.00");
  assert.equal(q.dto.oldLiquidationPrice, "121.65");
  assert.equal(q.dto.newEntryPrice, "153.36");
  assert.equal(q.dto.newLeverage, "4.11");
  assert.equal(q.dto.newLiquidationPrice, "124.32");
  assert.equal(q.dto.entryFee, "0.79"); // the delta's fee, valued at its own fill price
  // Preview-only (no owner): a plain open, no old*.
  const preview = ok(openPositionQuote(f.snapshot("v2"), long1Sol));
  assert.equal(preview.dto.oldLeverage, undefined);
});

Deno.test("open-position quote: short with stable (USDC) collateral", () => {
  const f = buildFixture();
  const q = ok(openPositionQuote(f.snapshot("v2"), {
    inputTokenSymbol: "USDC",
    outputTokenSymbol: "SOL",
    inputAmountUi: "100",
    leverage: 3,
    tradeType: "SHORT",
  }));
  // S = 100 × 3 / 1.006 = 298.210735…; entry (short) = 160 − 0.16 = 159.84
  // size_amount = ⌊298.2107355… / 159.84 × 1e9⌋ = ⌊1.86568278…e9⌋ = 1 865 682 780 → "1.8656"
  // size at fill = ⌊1 865 682 780 × 15 984 000 000 / 1e11⌋ = 298 210 735 → fee ⌈298 210.735⌉ = 298 211
  assert.equal(q.dto.newEntryPrice, "159.84");
  assert.equal(q.dto.outputAmount, "1865682780");
  assert.equal(q.dto.youRecieveUsdUi, "298.21");
  assert.equal(q.dto.entryFee, "0.29");
  assert.equal(q.dto.marginFeePercentage, "0.002"); // USDC custody rate 20 000
  // USDC free: 900 000 USDC at 1.00.
  assert.equal(q.dto.availableLiquidity, "900000.00");
});

Deno.test("open-position quote: LIMIT orders are priced at limitPrice", () => {
  const f = buildFixture();
  const q = ok(openPositionQuote(f.snapshot("v2"), {
    inputTokenSymbol: "USDC",
    outputTokenSymbol: "SOL",
    inputAmountUi: "100",
    leverage: 3,
    tradeType: "SHORT",
    orderType: "LIMIT",
    limitPrice: "152.5",
    owner: ALICE, // a limit order never increases the existing position
  }));
  // Fill at the limit: 152.5 − ⌊152.5 × 0.001⌋ = 152.3475 → "152.34" (truncated)
  // size_amount = ⌊298.210735… / 152.3475 × 1e9⌋ = 1 957 437 671
  assert.equal(q.terms.kind, "limit");
  assert.equal(q.dto.newEntryPrice, "152.34");
  assert.equal(q.dto.outputAmount, "1957437671");
  assert.equal(q.dto.oldLeverage, undefined);
  assert.deepEqual(q.terms.limitPrice, { price: 15_250_000_000n, exponent: -8 });
});

Deno.test("open-position quote: market choice, swaps and trade types", async (t) => {
  const f = buildFixture();
  await t.step("v2: a new SOL long opens on the JitoSOL-collateral market whatever pays; an existing one stays", () => {
    const q = ok(openPositionQuote(f.snapshot("v2"), { ...long1Sol, inputTokenSymbol: "JitoSOL" }));
    assert.equal(q.terms.market?.pubkey, M.v2.solLongJito);
    assert.equal(q.dto.youPayUsdUi, "180.00");
    // ALICE's SOL long is on the SOL-collateral market: increased there, paid in JitoSOL.
    const inc = ok(openPositionQuote(f.snapshot("v2"), { ...long1Sol, inputTokenSymbol: "JitoSOL", owner: ALICE }));
    assert.equal(inc.terms.kind, "increase");
    assert.equal(inc.terms.market?.pubkey, M.v2.solLong);
    assert.equal(inc.terms.inputCustody, custodyAddress("v2", "Crypto.1", "JitoSOL"));
  });
  await t.step("earlier: the SOL-collateral market for a SOL payment", () => {
    const q = ok(openPositionQuote(f.snapshot("earlier"), long1Sol));
    assert.equal(q.terms.market?.pubkey, M.earlier.solLong);
  });
  await t.step("WSOL resolves to the SOL custody", () => {
    const q = ok(openPositionQuote(f.snapshot("v2"), { ...long1Sol, inputTokenSymbol: "WSOL" }));
    assert.equal(q.terms.inputCustody, custodyAddress("v2", "Crypto.1", "SOL"));
  });
  await t.step("v2: SWAP is unsupported (DECISIONS 2.13)", () => {
    assert.deepEqual(openPositionQuote(f.snapshot("v2"), { ...long1Sol, tradeType: "SWAP" }), {
      ok: false,
      code: "UNSUPPORTED_TRADE_TYPE",
      err: "SWAP is not supported in v2",
    });
  });
  await t.step("v2: paid in USDC, the same-token rules apply to the payment's USD value (DECISIONS 5.12)", () => {
    // 160 USDC at 1.00 and 1 SOL at 160.00 are both $160: the same position on the same market, to the digit.
    const usdc = ok(
      openPositionQuote(f.snapshot("v2"), { ...long1Sol, inputTokenSymbol: "USDC", inputAmountUi: "160" }),
    );
    const sol = ok(openPositionQuote(f.snapshot("v2"), long1Sol));
    assert.deepEqual(usdc.dto, sol.dto);
    assert.equal(usdc.dto.swapInPriceUi, undefined);
    assert.equal(usdc.terms.market?.pubkey, M.v2.solLongJito);
    assert.equal(usdc.terms.inputCustody, custodyAddress("v2", "Crypto.1", "USDC"));
    assert.equal(usdc.terms.amountIn, 160_000_000n);
    // 11 USDC at 5x: S = 11 × 5 / 1.01 = 54.4554…; size_amount = ⌊S / 160.16 × 1e9⌋ = 340 006 528;
    // fill = ⌊340 006 528 × 160.16e8 / 1e11⌋ = 54 455 445; fee = ⌈54 455.445⌉ = 54 456; collateral 10 945 544;
    // leverage = ⌊54 455 445e4 / 10 945 544⌋ = 49 751 → "4.97".
    const eleven = ok(
      openPositionQuote(f.snapshot("v2"), { ...long1Sol, inputTokenSymbol: "USDC", inputAmountUi: "11" }),
    );
    assert.equal(eleven.dto.outputAmount, "340006528");
    assert.equal(eleven.dto.youPayUsdUi, "11.00");
    assert.equal(eleven.dto.youRecieveUsdUi, "54.45");
    assert.equal(eleven.dto.entryFee, "0.05");
    assert.equal(eleven.dto.newLeverage, "4.97");
    assert.equal(eleven.terms.position?.collateralUsd, 10_945_544n);
  });
  await t.step("earlier: swap-and-open fills the swap fields; SWAP quotes the swap", () => {
    const q = ok(
      openPositionQuote(f.snapshot("earlier"), { ...long1Sol, inputTokenSymbol: "USDC", inputAmountUi: "100" }),
    );
    assert.equal(q.dto.swapInPriceUi, "1.0000"); // USDC usdPrecision 4
    assert.equal(q.dto.swapOutPriceUi, "160.00");
    assert.ok(Number(q.dto.swapFeeUsdUi) > 0);
    assert.equal(q.dto.youPayUsdUi, "100.00");
    // The collateral is what the swap guarantees, less than $100 by the fees and the swap spread.
    assert.ok(q.terms.collateralAmount < 625_000_000n); // 100 / 160 SOL
    const s = ok(
      openPositionQuote(f.snapshot("earlier"), {
        ...long1Sol,
        inputTokenSymbol: "USDC",
        inputAmountUi: "100",
        tradeType: "SWAP",
      }),
    );
    assert.equal(s.terms.kind, "swap");
    assert.equal(s.dto.newLeverage, "0");
    assert.equal(s.dto.outputAmount, String(s.terms.swap!.quote.minAmountOut));
    assert.ok(s.dto.swapFeeUsdUi !== undefined);
  });
  await t.step("earlier: discount with a privilege; degen mode allows more leverage", () => {
    // STAKE needs an existing stake account of the trader (src/domain/quotes/privilege.ts): the builder fixture's DAVE has one.
    const w = builderFixture().snapshot("earlier");
    const q = ok(openPositionQuote(w, { ...long1Sol, owner: DAVE, privilege: "STAKE", tradingFeeDiscountPercent: 10 }));
    // fee before discount computed on a slightly larger size (f·(1 − 10 %)): check the discount relation only
    assert.equal(q.dto.discountPercentage, "10");
    assert.ok(Number(q.dto.entryFee) <= Number(q.dto.entryFeeBeforeDiscount));
    const noPrivilege = ok(openPositionQuote(w, { ...long1Sol, tradingFeeDiscountPercent: 10 }));
    assert.equal(noPrivilege.dto.discountPercentage, "0"); // privilege NONE: nothing discounted on chain
    // STAKE asked for without a stake account falls back to NONE, and the quote shows no discount.
    const fallback = ok(openPositionQuote(w, { ...long1Sol, privilege: "STAKE", tradingFeeDiscountPercent: 10 }));
    assert.equal(fallback.dto.discountPercentage, "0");
    assert.equal(fallback.dto.entryFee, fallback.dto.entryFeeBeforeDiscount);
    const degen = openPositionQuote(w, { ...long1Sol, leverage: 150, degenMode: true, inputAmountUi: "0.5" });
    assert.equal(degen.ok, true);
  });
});

Deno.test("open-position quote: failures are values with stable codes", async (t) => {
  const f = buildFixture();
  const w = f.snapshot("v2");
  const fails = (r: QuoteResult<unknown>, code: string, err?: RegExp | string) => {
    assert.equal(r.ok, false, "expected a failure");
    if (r.ok) return;
    assert.equal(r.code, code);
    if (typeof err === "string") assert.equal(r.err, err);
    else if (err) assert.match(r.err, err);
  };
  await t.step("unknown symbol, unknown market", () => {
    fails(
      openPositionQuote(w, { ...long1Sol, outputTokenSymbol: "XYZ" }),
      "UNKNOWN_SYMBOL",
      "unknown token symbol 'XYZ'",
    );
    fails(
      openPositionQuote(w, { ...long1Sol, outputTokenSymbol: "USDC" }),
      "UNKNOWN_MARKET",
      "no LONG market for symbol 'USDC'",
    );
  });
  await t.step(
    "earlier SWAP between SOL and WSOL: one mint, one custody, no program swap (openapi/earlier.yaml)",
    () => {
      for (const [from, to] of [["SOL", "WSOL"], ["WSOL", "SOL"]]) {
        fails(
          openPositionQuote(f.snapshot("earlier"), {
            ...long1Sol,
            inputTokenSymbol: from,
            outputTokenSymbol: to,
            tradeType: "SWAP",
          }),
          "COMPUTE_FAILED",
          `'${from}' and '${to}' are the same token`,
        );
      }
    },
  );
  await t.step("a lock beyond the collateral custody's free assets (PROTOCOL-v2 §5.11)", () => {
    // At 50x, 21.9 SOL sizes about $159,000: within the $162,000 the market can take, but the position locks its
    // size and its collateral, about $162,600.
    fails(
      openPositionQuote(w, { ...long1Sol, inputAmountUi: "21.9", leverage: 50 }),
      "COMPUTE_FAILED",
      "insufficient liquidity: the trade would lock $162617.45 of the JitoSOL custody, which has $162000.00 free",
    );
    ok(openPositionQuote(w, { ...long1Sol, inputAmountUi: "21.5", leverage: 50 }));
  });
  await t.step("leverage outside the market range", () => {
    fails(openPositionQuote(w, { ...long1Sol, leverage: 1 }), "COMPUTE_FAILED", /below the market minimum of 1.10x/);
    fails(
      openPositionQuote(w, { ...long1Sol, leverage: 150 }),
      "COMPUTE_FAILED",
      /above the market maximum of 100.00x/,
    );
  });
  await t.step("collateral below the minimum after fees: refused with an owner, quoted in preview", () => {
    // 0.06 SOL = $9.60 < $10.
    fails(
      openPositionQuote(w, { ...long1Sol, inputAmountUi: "0.06", owner: BOB }),
      "INSUFFICIENT_COLLATERAL",
      /below the market minimum of \$10.00/,
    );
    const preview = ok(openPositionQuote(w, { ...long1Sol, inputAmountUi: "0.06" }));
    assert.equal(preview.dto.youPayUsdUi, "9.60");
    // The earlier interface follows the same rule (issue 10): refused with an owner, quoted in preview.
    fails(
      openPositionQuote(f.snapshot("earlier"), { ...long1Sol, inputAmountUi: "0.06", owner: BOB }),
      "INSUFFICIENT_COLLATERAL",
    );
    assert.equal(
      ok(openPositionQuote(f.snapshot("earlier"), { ...long1Sol, inputAmountUi: "0.06" })).dto.youPayUsdUi,
      "9.60",
    );
  });
  await t.step("equity market in a closed session", () => {
    fails(
      openPositionQuote(w, { ...long1Sol, inputTokenSymbol: "SPY", outputTokenSymbol: "SPY" }),
      "MARKET_CLOSED",
      "market for symbol 'SPY' is closed",
    );
  });
  await t.step("missing and stale prices (DECISIONS 5.9)", () => {
    const noUsdc = buildFixture({ prices: { USDC: null } }).snapshot("v2");
    fails(
      openPositionQuote(noUsdc, { ...long1Sol, inputTokenSymbol: "USDC", inputAmountUi: "100", tradeType: "SHORT" }),
      "PRICE_UNAVAILABLE",
      "price for symbol 'USDC' not available",
    );
    const stale = buildFixture({ prices: { SOL: { ageMs: 61_000 } } }).snapshot("v2");
    fails(openPositionQuote(stale, long1Sol), "PRICE_UNAVAILABLE", "price for symbol 'SOL' not available");
    // 60 s old is still fresh (the limit is "older than PRICE_MAX_AGE_MS").
    assert.equal(
      openPositionQuote(buildFixture({ prices: { SOL: { ageMs: 60_000 } } }).snapshot("v2"), long1Sol).ok,
      true,
    );
    // A closed session is never stale, but a regular-session price hours old is.
    const staleSpy = buildFixture({ prices: { SPY: { ageMs: 3_600_000, session: "regular" } } }).snapshot("v2");
    fails(
      openPositionQuote(staleSpy, { ...long1Sol, inputTokenSymbol: "SPY", outputTokenSymbol: "SPY" }),
      "PRICE_UNAVAILABLE",
      "price for symbol 'SPY' not available",
    );
  });
  await t.step(
    "v2: a zero limit or trigger price is an order rule (TRIGGER_PRICE_INVALID); earlier: a compute failure",
    () => {
      fails(
        openPositionQuote(w, { ...long1Sol, takeProfit: "0" }),
        "TRIGGER_PRICE_INVALID",
        "takeProfit must be greater than zero",
      );
      fails(
        openPositionQuote(w, { ...long1Sol, orderType: "LIMIT", limitPrice: "0.000000001" }),
        "TRIGGER_PRICE_INVALID",
      );
      fails(openPositionQuote(f.snapshot("earlier"), { ...long1Sol, stopLoss: "0" }), "COMPUTE_FAILED");
    },
  );
  await t.step("v2: an amount of 0 quotes liquidity and rates only", () => {
    const q = ok(openPositionQuote(w, { ...long1Sol, inputAmountUi: "0" }));
    assert.equal(q.dto.outputAmount, "0");
    assert.equal(q.dto.availableLiquidity, "162000.00"); // the JitoSOL-collateral market's
    assert.equal(q.dto.newLeverage, "0.00");
  });
});
