/**
 * Owner views on the hand-built deployment (tests/helpers/hand-built-deployment.ts): SOL 160.00, USDC 1.00, flat spread 0.1 %, open and
 * close fee 0.1 %, max leverage 100×; clock one hour after the custodies' borrow index update (SOL index +10 000,
 * USDC +20 000 since the positions' snapshots).
 */
import assert from "node:assert/strict";
import { ordersByOwner, ownerBasket, positionsByOwner } from "../../../src/domain/views/owner.ts";
import { basketViewDto } from "../../helpers/basket-view.ts";
import { PackedRawAccount } from "../../../src/state/packed-account.ts";
import { packAlone } from "../../../src/state/packed-bytes.ts";
import { positionMetricsDto } from "../../../src/domain/views/position-metrics.ts";
import { basketAccount, positionAccount } from "../../../src/protocol/accounts/mod.ts";
import * as pda from "../../../src/protocol/pda.ts";
import {
  ALICE,
  aliceBasket,
  BOB,
  buildFixture,
  CAROL,
  DAVE,
  EVE,
  M,
  PROGRAM,
  solLongPosition,
} from "../../helpers/hand-built-deployment.ts";

Deno.test("v2 basket view", async (t) => {
  const f = buildFixture();
  const view = basketViewDto(f.snapshot("v2"), ALICE);

  await t.step("envelope: basket key (PDA), raw bytes base64, maps keyed by market", () => {
    const key = pda.basket(PROGRAM.v2, ALICE);
    assert.equal(view.owner, ALICE);
    assert.equal(view.basketPubkey, key);
    assert.equal(view.basketData, btoa(String.fromCharCode(...f.store.get(key)!.data)));
    // Only non-zero positions: the emptied SOL/JitoSOL entry is left out.
    assert.deepEqual(Object.keys(view.positionMetrics).sort(), [M.v2.solLong, M.v2.solShort].sort());
    // Only markets with a live slot: the all-empty SOL-short order entry is left out.
    assert.deepEqual(Object.keys(view.orderMetrics), [M.v2.solLong]);
  });

  await t.step("long, non-stable (SOL) collateral: every field by hand", () => {
    // Position: 10 SOL @150.00, size $1 500, collateral $300, 12 SOL locked. Price 160.00.
    // exit (long) = 160 − ⌊160e8 × 1000 / 1e6⌋ = 16 000 000 000 − 16 000 000 = 15 984 000 000 (159.84)
    // profit = 10 SOL × (159.84 − 150.00) = $98.40 (cap: 12 SOL × 160 − 300 = $1 620, not reached)
    // exit fee = ⌈1 500 000 000 × 1e6 / 1e9⌉ = 1 500 000; borrow = ⌊(⌈3600 × 10 000 / 3600⌉) × 1.5e9 / 1e9⌋ = 15 000
    // margin = 300 + 98.4 − 1.5 − 0.015 = 396.885 → leverage ⌊1.5e13 / 396 885 000⌋ = 37 794 → "3.77"
    // liquidation: L = ⌊1.5e9 × 1e4 / 1e6⌋ + 1 500 000 + 15 000 = 16 515 000; (300e6 − L) = 283 485 000
    //   Δ = ⌊283 485 000 × 1e12 / 1e10⌋ = 28 348 500 000 (e−9) → 2 834 850 000 (e−8); 150 − 28.3485 = 121.6515
    // collateral amount = $300 / 160 = 1.875 SOL → "1.8750" (tokenPrecision 4), "1.87" (Kmb, truncated)
    // pnl with fee = 98.4 − 1.5 − 0.015 = 96.885 → "96.88"; % = ⌊96 885 000 × 1e4 / 300e6⌋ = 3229 → "32.29"
    const m = view.positionMetrics[M.v2.solLong];
    assert.deepEqual(m, {
      marketSymbol: "SOL",
      collateralSymbol: "SOL",
      sideUi: "Long",
      entryPriceUi: "150.00",
      liquidationPriceUi: "121.65",
      leverageUi: "3.77",
      sizeAmountUi: "10.0000",
      sizeAmountUiKmb: "10.00",
      sizeUsdUi: "1500.00",
      collateralAmountUi: "1.8750",
      collateralAmountUiKmb: "1.87",
      collateralUsdUi: "300.00",
      pnlWithFeeUsdUi: "96.88",
      pnlPercentageWithFee: "32.29",
      pnlWithoutFeeUsdUi: "98.40",
      pnlPercentageWithoutFee: "32.80",
      profitUsd: "98400000",
      lossUsd: "0",
      marginUsd: "396885000",
      exitFeeUsd: "1500000",
      borrowFeeUsd: "15000",
      priceImpactUsd: "0",
      totalFeeUsd: "1515000",
      leverage: "37794",
      liquidationPrice: { price: "12165150000", exponent: "-8", confidence: "0", timestamp: "0" },
      exitPrice: { price: "15984000000", exponent: "-8", confidence: "0", timestamp: String(f.nowMs / 1000 - 1) },
    });
  });

  await t.step("short, stable (USDC) collateral: losing position, signed strings", () => {
    // 4 SOL @150, size $600, collateral $200 USDC. exit (short) = 160 + 0.16 = 160.16
    // loss = 4 × 10.16 = $40.64; exit fee $0.60; borrow ⌊20 000 × 600e6 / 1e9⌋ = 12 000
    // pnl w/o fee −40.64 (−⌊40.64e6 × 1e4 / 200e6⌋ = −2032 → "−20.32"); with fee −41.252 → "−41.25", "−20.62"
    // margin = 200 − 40.64 − 0.6 − 0.012 = 158.748 → ⌊6e12 / 158 748 000⌋ = 37 795
    // liq: L = 6 000 000 + 600 000 + 12 000; Δ = ⌊193 388 000 × 1e12 / 4e9⌋ = 48 347 000 000 (e−9) → 150 + 48.347
    const m = view.positionMetrics[M.v2.solShort];
    assert.equal(m.sideUi, "Short");
    assert.equal(m.collateralSymbol, "USDC");
    assert.equal(m.lossUsd, "40640000");
    assert.equal(m.profitUsd, "0");
    assert.equal(m.pnlWithoutFeeUsdUi, "-40.64");
    assert.equal(m.pnlPercentageWithoutFee, "-20.32");
    assert.equal(m.pnlWithFeeUsdUi, "-41.25");
    assert.equal(m.pnlPercentageWithFee, "-20.62");
    assert.equal(m.marginUsd, "158748000");
    assert.equal(m.leverage, "37795");
    assert.equal(m.liquidationPriceUi, "198.34");
    assert.equal(m.collateralAmountUi, "200.00"); // USDC tokenPrecision 2
    assert.equal(m.exitPrice.price, "16016000000");
  });

  await t.step("order metrics: slot ids stable, empty slots skipped, limit entry by hand", () => {
    const o = view.orderMetrics[M.v2.solLong];
    assert.equal(o.marketSymbol, "SOL");
    assert.equal(o.sideUi, "Long");
    assert.deepEqual(o.limitOrders.map((x) => x.orderId), [1]);
    assert.deepEqual(o.takeProfitOrders.map((x) => x.orderId), [0]);
    assert.deepEqual(o.stopLossOrders.map((x) => x.orderId), [2]);
    // Limit: 3 SOL at 140.00, reserve 1 SOL ($160 at 160.00), TP 170.00, no SL.
    // fill = 140 + ⌈140e8 × 1000 / 1e6⌉ = 140.14; size $ at fill = 3 × 140.14 = 420.42; fee ⌈420 420⌉ = 420 420
    // collateral = 160 − 0.42042 = 159.57958 → 0.99737… SOL; leverage ⌊420 420 000e4 / 159 579 580⌋ = 26 345 → 2.63
    // liq: L = 4 204 200 + 420 420; Δ = ⌊154 954 960e12 / 3e9⌋ → 51.651653333 → 140.14 − 51.65165333 = 88.488…
    assert.deepEqual(o.limitOrders[0], {
      orderId: 1,
      sideUi: "Long",
      symbol: "SOL",
      reserveSymbol: "SOL",
      reserveAmountUi: "1.0000",
      sizeAmountUi: "3.0000",
      sizeAmountUiKmb: "3.00",
      sizeUsdUi: "420.00",
      entryOraclePrice: { price: "14000000000", exponent: "-8", confidence: "0", timestamp: "0" },
      entryPriceUi: "140.00",
      limitTakeProfitPriceUi: "170.00",
      limitStopLossPriceUi: "-",
      receiveTokenSymbol: "SOL",
      reserveTokenSymbol: "SOL",
      reserveAmountUsdUi: "160.00",
      collateralAmountUi: "0.9973",
      collateralAmountUiKmb: "0.99",
      collateralAmountUsdUi: "159.57",
      leverageUi: "2.63",
      liquidationPriceUi: "88.48",
    });
    // Triggers: size valued at the trigger price; leverage is always "".
    assert.deepEqual(o.takeProfitOrders[0], {
      orderId: 0,
      sideUi: "Long",
      symbol: "SOL",
      receiveTokenSymbol: "SOL",
      sizeAmountUi: "5.0000",
      sizeAmountUiKmb: "5.00",
      sizeUsdUi: "900.00",
      type: "TP",
      triggerPriceUi: "180.00",
      leverage: "",
    });
    assert.equal(o.stopLossOrders[0].sizeUsdUi, "1300.00");
    assert.equal(o.stopLossOrders[0].type, "SL");
  });

  await t.step("owner without a basket (DECISIONS 2.5)", () => {
    assert.deepEqual(basketViewDto(f.snapshot("v2"), BOB), {
      owner: BOB,
      basketPubkey: null,
      basketData: null,
      positionMetrics: {},
      orderMetrics: {},
    });
  });

  await t.step("equity market in a closed session: the last price is used (not stale while closed)", () => {
    // SPY 2 @500.00, price 500.00 six hours old, session closed. exit = 500 − 0.5 = 499.50 → loss 2 × 0.5 = $1.
    const m = basketViewDto(f.snapshot("v2"), CAROL).positionMetrics[M.v2.spyLong];
    assert.equal(m.lossUsd, "1000000");
    assert.equal(m.exitPrice.price, "49950000000");
    assert.equal(m.pnlWithoutFeeUsdUi, "-1.00");
  });
});

Deno.test("views with missing or stale prices", async (t) => {
  await t.step("v2: a position whose collateral price is missing is left out; the rest stays", () => {
    const f = buildFixture({ prices: { USDC: null } });
    const view = basketViewDto(f.snapshot("v2"), ALICE);
    assert.deepEqual(Object.keys(view.positionMetrics), [M.v2.solLong]);
  });

  await t.step("views keep showing a stale price (the staleness rule is for quotes)", () => {
    const f = buildFixture({ prices: { SOL: { ageMs: 10 * 60_000 } } });
    const view = basketViewDto(f.snapshot("v2"), ALICE);
    assert.equal(view.positionMetrics[M.v2.solLong].profitUsd, "98400000");
  });

  await t.step("earlier: without prices only the price-free fields; unknown market: key and bytes only", () => {
    const f = buildFixture({ prices: { SOL: null } });
    const rows = positionsByOwner(f.snapshot("earlier"), DAVE, false);
    const long = rows.find((r) => r.sideUi === "Long")!;
    assert.equal(long.entryPriceUi, "150.00");
    assert.equal(long.leverageUi, "5.00"); // includePnl false: 1500 / 300, no price needed
    assert.equal(long.liquidationPriceUi, "121.65"); // stored values and the borrow index only
    assert.equal(long.pnl, undefined);
    assert.equal(long.collateralAmountUi, undefined);
    assert.equal(long.pnlWithFeeUsdUi, undefined);

    // A position on a market absent from the configuration.
    const stray = solLongPosition("earlier", EVE, M.v2.solLong);
    const key = pda.position(PROGRAM.earlier, EVE, M.v2.solLong);
    f.put("earlier", key, positionAccount.earlier, stray);
    const only = positionsByOwner(f.snapshot("earlier"), EVE, true);
    assert.equal(only.length, 1);
    assert.deepEqual(Object.keys(only[0]).sort(), ["key", "positionAccountData"]);
  });
});

Deno.test("earlier listings", async (t) => {
  const f = buildFixture();
  const snapshot = f.snapshot("earlier");

  await t.step("positions: sorted by size, largest first; leverage display with and without PnL", () => {
    const withPnl = positionsByOwner(snapshot, DAVE, true);
    assert.deepEqual(withPnl.map((p) => p.sizeUsdUi), ["1500.00", "600.00"]);
    const long = withPnl[0];
    assert.equal(long.key, pda.position(PROGRAM.earlier, DAVE, M.earlier.solLong));
    assert.equal(long.leverageUi, "3.77"); // size / (collateral + PnL − fees), as the v2 metrics
    assert.equal(long.isDegen, false);
    assert.deepEqual(long.pnl, {
      profitUsd: "98400000",
      lossUsd: "0",
      exitFeeUsd: "1500000",
      borrowFeeUsd: "15000",
      // $1.50 / 160 = 0.009375 SOL; $0.015 / 160 = 0.00009375 SOL
      exitFeeAmount: "9375000",
      borrowFeeAmount: "93750",
      priceImpactUsd: "0",
      priceImpactSet: false,
    });
    const plain = positionsByOwner(snapshot, DAVE, false);
    assert.equal(plain[0].leverageUi, "5.00"); // 1500 / 300
    assert.equal(plain[1].leverageUi, "3.00"); // 600 / 200
  });

  await t.step("orders: one record per order account, entries carry the market", () => {
    const records = ordersByOwner(snapshot, DAVE);
    assert.equal(records.length, 1);
    const r = records[0];
    assert.equal(r.key, pda.order(PROGRAM.earlier, DAVE, M.earlier.solLong));
    assert.deepEqual(r.limitOrders.map((x) => [x.market, x.orderId]), [[M.earlier.solLong, 1]]);
    assert.equal(r.limitOrders[0].leverageUi, "2.63");
    assert.deepEqual(r.takeProfitOrders.map((x) => x.orderId), [0]);
    assert.deepEqual(r.stopLossOrders.map((x) => x.orderId), [2]);
  });

  await t.step("owners without accounts get empty lists", () => {
    assert.deepEqual(positionsByOwner(snapshot, EVE, true), []);
    assert.deepEqual(ordersByOwner(snapshot, EVE), []);
  });

  await t.step("a v2 metrics entry equals the earlier entry's figures for the same position", () => {
    const v2 = f.snapshot("v2");
    const market = v2.market(M.v2.solLong)!;
    const dto = positionMetricsDto(
      market,
      aliceBasket().positions[0].position,
      { target: v2.price(market.target.token)!, collateral: v2.price(market.collateral.token)! },
      v2.nowUnix,
    );
    const row = positionsByOwner(snapshot, DAVE, true)[0];
    assert.equal(dto.pnlWithFeeUsdUi, row.pnlWithFeeUsdUi);
    assert.equal(dto.liquidationPriceUi, row.liquidationPriceUi);
    assert.equal(dto.leverageUi, row.leverageUi);
  });

  await t.step("a basket with a corrupt entry never makes the view throw", () => {
    const b = aliceBasket();
    b.positions[0].position.sizeDecimals = 200; // 10^203 scale factors: absurd but decodable
    f.put("v2", pda.basket(PROGRAM.v2, ALICE), basketAccount, b);
    const view = basketViewDto(f.snapshot("v2"), ALICE);
    assert.ok(view.basketPubkey);
  });
});

Deno.test("figures the program could not hold are left out, so every string stays within the contract", async (t) => {
  // fast-check's counterexample (seed 1318033289): entry 9.1e16 × 10^26 on a 1.1e19-unit size with $0.000001 of
  // size and collateral. The loss is ~1e59 micro-USD: beyond u64, where the program's checked math fails.
  const f = buildFixture();
  const absurdFields = {
    entryPrice: { price: 91_161_957_588_930_331n, exponent: 26 },
    sizeAmount: 10_969_488_001_883_678_300n,
    sizeUsd: 1n,
    collateralUsd: 1n,
  };
  const absurd = { ...solLongPosition("earlier", EVE, M.earlier.solLong), ...absurdFields };
  const key = pda.position(PROGRAM.earlier, EVE, M.earlier.solLong);

  await t.step("earlier: the PnL-dependent fields are omitted (as for a missing price), the rest is shown", () => {
    f.put("earlier", key, positionAccount.earlier, absurd);
    const [row] = positionsByOwner(f.snapshot("earlier"), EVE, true);
    assert.equal(row.entryPriceUi, "9116195758893033100000000000000000000000000.00");
    assert.equal(row.pnl, undefined);
    assert.equal(row.pnlPercentageWithFee, undefined);
    assert.equal(row.collateralAmountUi, undefined);
  });

  await t.step("a positive price exponent past 40 cannot be printed within 64 characters: the entry is skipped", () => {
    f.put("earlier", key, positionAccount.earlier, { ...absurd, entryPrice: { price: 1n, exponent: 41 } });
    const [row] = positionsByOwner(f.snapshot("earlier"), EVE, true);
    assert.deepEqual(Object.keys(row).sort(), ["key", "positionAccountData"]);
  });

  await t.step("v2: such a position has no metrics entry", () => {
    const b = aliceBasket();
    b.positions[0].position = { ...b.positions[0].position, ...absurdFields };
    f.put("v2", pda.basket(PROGRAM.v2, ALICE), basketAccount, b);
    assert.ok(!(M.v2.solLong in basketViewDto(f.snapshot("v2"), ALICE).positionMetrics));
  });
});

Deno.test("ownerBasket: a packed basket's bytes are expanded only when asked for", () => {
  const f = buildFixture();
  const key = pda.basket(PROGRAM.v2, ALICE);
  const held = f.store.get(key)!;
  f.store.set(
    new PackedRawAccount(key, held.owner, held.lamports, packAlone(held.data), held.executable, held.slot, held.chain),
  );
  const getter = Object.getOwnPropertyDescriptor(PackedRawAccount.prototype, "data")!;
  let expansions = 0;
  Object.defineProperty(PackedRawAccount.prototype, "data", {
    ...getter,
    get(this: PackedRawAccount) {
      expansions++;
      return getter.get!.call(this);
    },
  });
  try {
    const snapshot = f.snapshot("v2");
    assert.ok(ownerBasket(snapshot, ALICE), "decoded once (that reads the bytes)");
    expansions = 0;
    const found = ownerBasket(snapshot, ALICE)!;
    assert.equal(found.basket.positions.length, aliceBasket().positions.length);
    assert.equal(expansions, 0, "the decoded basket is enough for the metrics");
    assert.deepEqual(found.data, held.data);
    assert.equal(expansions, 1);
  } finally {
    Object.defineProperty(PackedRawAccount.prototype, "data", getter);
  }
});
