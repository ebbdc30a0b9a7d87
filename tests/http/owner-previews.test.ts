/**
 * Owner views, previews and preview-only open-position over HTTP, on the hand-built in-memory world
 * (tests/helpers/hand-built-deployment.ts; the figures are worked out in tests/domain). Every response goes through `call()`, which
 * throws on any mismatch with the OpenAPI contract.
 */
import assert from "node:assert/strict";
import * as pda from "../../src/protocol/pda.ts";
import { call } from "../helpers/contract.ts";
import {
  ALICE,
  BOB,
  buildFixture,
  CAROL,
  DAVE,
  EVE,
  fixtureApp,
  M,
  PROGRAM,
} from "../helpers/hand-built-deployment.ts";

const app = fixtureApp();
const post = (url: string, body: unknown) => call(app, "POST", url, body);
const get = (url: string) => call(app, "GET", url);

Deno.test("GET /v2/owner/{owner}", async (t) => {
  await t.step("owner with positions and orders", async () => {
    const r = await get(`/v2/owner/${ALICE}`);
    assert.equal(r.status, 200);
    assert.equal(r.body.basketPubkey, pda.basket(PROGRAM.v2, ALICE));
    assert.deepEqual(Object.keys(r.body.positionMetrics).sort(), [M.v2.solLong, M.v2.solShort].sort());
    assert.equal(r.body.positionMetrics[M.v2.solLong].leverageUi, "3.77");
    assert.equal(r.body.positionMetrics[M.v2.solShort].pnlWithFeeUsdUi, "-41.25");
    assert.deepEqual(r.body.orderMetrics[M.v2.solLong].limitOrders.map((o: { orderId: number }) => o.orderId), [1]);
  });
  await t.step("owner without a basket", async () => {
    const r = await get(`/v2/owner/${BOB}`);
    assert.deepEqual(r.body, {
      owner: BOB,
      basketPubkey: null,
      basketData: null,
      positionMetrics: {},
      orderMetrics: {},
    });
  });
  await t.step("equity position in a closed session", async () => {
    const r = await get(`/v2/owner/${CAROL}`);
    assert.equal(r.body.positionMetrics[M.v2.spyLong].marketSymbol, "SPY");
  });
  await t.step("invalid owner key", async () => {
    const r = await get("/v2/owner/not-a-key");
    assert.equal(r.status, 400);
    assert.equal(r.body.code, "INVALID_PUBKEY");
  });
});

Deno.test("GET /positions/owner/{owner} and /orders/owner/{owner}", async (t) => {
  await t.step("positions, largest first, leverage with and without PnL", async () => {
    const withPnl = await get(`/positions/owner/${DAVE}?includePnlInLeverageDisplay=true`);
    assert.equal(withPnl.status, 200);
    assert.deepEqual(withPnl.body.map((p: { sizeUsdUi: string }) => p.sizeUsdUi), ["1500.00", "600.00"]);
    assert.equal(withPnl.body[0].leverageUi, "3.77");
    const plain = await get(`/positions/owner/${DAVE}?includePnlInLeverageDisplay=false`);
    assert.equal(plain.body[0].leverageUi, "5.00");
  });
  await t.step("includePnlInLeverageDisplay is required", async () => {
    const r = await get(`/positions/owner/${DAVE}`);
    assert.equal(r.status, 400);
    assert.equal(r.body.code, "VALIDATION_FAILED");
  });
  await t.step("orders and empty owners", async () => {
    const orders = await get(`/orders/owner/${DAVE}`);
    assert.equal(orders.body.length, 1);
    assert.equal(orders.body[0].stopLossOrders[0].orderId, 2);
    assert.deepEqual((await get(`/orders/owner/${EVE}`)).body, []);
    assert.deepEqual((await get(`/positions/owner/${EVE}?includePnlInLeverageDisplay=true`)).body, []);
  });
});

Deno.test("previews, both interfaces", async (t) => {
  for (const prefix of ["/v2", ""]) {
    await t.step(`${prefix}/preview/limit-order-fees`, async () => {
      const r = await post(`${prefix}/preview/limit-order-fees`, {
        marketSymbol: "SOL",
        inputAmountUi: "1",
        outputAmountUi: "3",
        side: "LONG",
        limitPrice: "140",
      });
      assert.deepEqual(r.body, {
        entryPriceUi: "140.14",
        entryFeeUsdUi: "0.42",
        // v2: on the JitoSOL market a new SOL long goes to (1 JitoSOL, $180); earlier: the SOL market (1 SOL, $160).
        liquidationPriceUi: prefix === "/v2" ? "81.82" : "88.48",
        borrowRateUi: "0.001",
      });
      const unknown = await post(`${prefix}/preview/limit-order-fees`, {
        marketSymbol: "NOPE",
        inputAmountUi: "1",
        outputAmountUi: "3",
        side: "LONG",
      });
      assert.deepEqual(unknown.body, { err: "unknown token symbol 'NOPE'", code: "UNKNOWN_SYMBOL" });
    });
  }

  const owners = { "/v2": ALICE, "": DAVE } as Record<string, string>;
  for (const prefix of ["/v2", ""]) {
    const owner = owners[prefix];
    const position = { owner, marketSymbol: "SOL", side: "LONG" };
    await t.step(`${prefix}/preview/exit-fee`, async () => {
      const r = await post(`${prefix}/preview/exit-fee`, { ...position, closeAmountUsdUi: "500" });
      assert.deepEqual(r.body, { exitFeeUsdUi: "0.50", exitFeeAmountUi: "0.0031", exitPriceUi: "159.84" });
    });
    await t.step(`${prefix}/preview/tp-sl: forward, reverse_pnl, reverse_roi; owner and inline`, async () => {
      const url = `${prefix}/preview/tp-sl`;
      assert.deepEqual((await post(url, { mode: "forward", ...position, triggerPriceUi: "180" })).body, {
        pnlUsdUi: "296.70",
        pnlPercentage: "98.90",
        maxProfitPriceUi: null,
      });
      assert.equal(
        (await post(url, { mode: "reverse_pnl", ...position, targetPnlUsdUi: "100" })).body.triggerPriceUi,
        "160.31",
      );
      assert.equal(
        (await post(url, { mode: "reverse_roi", ...position, targetRoiPercent: 25 })).body.triggerPriceUi,
        "157.80",
      );
      const inline = {
        marketSymbol: "SOL",
        side: "LONG",
        entryPriceUi: "140",
        sizeUsdUi: "700",
        collateralUsdUi: "140",
      };
      assert.equal((await post(url, { mode: "forward", ...inline, triggerPriceUi: "160" })).body.pnlUsdUi, "98.50");
      assert.ok((await post(url, { mode: "reverse_pnl", ...inline, targetPnlUsdUi: "-20" })).body.triggerPriceUi);
      // The mode's input is required: 400 naming the field.
      const missing = await post(url, { mode: "forward", ...position });
      assert.equal(missing.status, 400);
      assert.equal(missing.body.code, "VALIDATION_FAILED");
      assert.equal(missing.body.field, "body.triggerPriceUi");
      // Unreachable target: 200 with err.
      const unreachable = await post(url, { mode: "reverse_pnl", ...position, targetPnlUsdUi: "5000" });
      assert.equal(unreachable.status, 200);
      assert.equal(unreachable.body.code, "COMPUTE_FAILED");
    });
    await t.step(`${prefix}/preview/margin: ADD and REMOVE`, async () => {
      const add = await post(`${prefix}/preview/margin`, { ...position, marginDeltaUsdUi: "50", action: "ADD" });
      assert.equal(add.body.newLeverageUi, "3.35");
      assert.equal(add.body.maxAmountUsdUi, "998.70");
      const rm = await post(`${prefix}/preview/margin`, { ...position, marginDeltaUsdUi: "50", action: "REMOVE" });
      assert.equal(rm.body.newLeverageUi, "4.32");
      const none = await post(`${prefix}/preview/margin`, {
        ...position,
        side: "SHORT",
        owner: prefix ? BOB : EVE,
        marginDeltaUsdUi: "1",
        action: "ADD",
      });
      assert.equal(none.status, 200);
      assert.equal(none.body.code, prefix ? "BASKET_NOT_FOUND" : "POSITION_NOT_FOUND");
    });
  }

  await t.step("earlier interface: positionKey instead of owner + market + side (DECISIONS 1.2)", async () => {
    const positionKey = pda.position(PROGRAM.earlier, DAVE, M.earlier.solLong);
    assert.equal((await post("/preview/exit-fee", { positionKey, closeAmountUsdUi: "500" })).body.exitFeeUsdUi, "0.50");
    assert.equal(
      (await post("/preview/margin", { positionKey, marginDeltaUsdUi: "50", action: "ADD" })).body.newLeverageUi,
      "3.35",
    );
    assert.equal(
      (await post("/preview/tp-sl", { mode: "forward", positionKey, triggerPriceUi: "180" })).body.pnlUsdUi,
      "296.70",
    );
    const unknown = await post("/preview/exit-fee", { positionKey: EVE, closeAmountUsdUi: "1" });
    assert.deepEqual(unknown.body, { err: `position account ${EVE} not found`, code: "POSITION_NOT_FOUND" });
  });

  await t.step("missing or stale prices answer 200 err", async () => {
    const staleApp = fixtureApp(buildFixture({ prices: { SOL: { ageMs: 120_000 } } }));
    const r = await call(staleApp, "POST", "/v2/preview/margin", {
      owner: ALICE,
      marketSymbol: "SOL",
      side: "LONG",
      marginDeltaUsdUi: "1",
      action: "ADD",
    });
    assert.deepEqual(r.body, { err: "price for symbol 'SOL' not available", code: "PRICE_UNAVAILABLE" });
  });
});

Deno.test("open-position, preview-only mode", async (t) => {
  const base = {
    inputTokenSymbol: "SOL",
    outputTokenSymbol: "SOL",
    inputAmountUi: "1",
    leverage: 5,
    tradeType: "LONG",
  };
  await t.step("v2: every quote field, transactionBase64 null", async () => {
    const r = await post("/v2/transaction-builder/open-position", { ...base, takeProfit: "200" });
    assert.equal(r.status, 200);
    assert.equal(r.body.transactionBase64, null);
    assert.equal(r.body.err, null);
    assert.equal(r.body.newLeverage, "4.97");
    assert.equal(r.body.outputAmount, "4945549500");
    assert.equal(r.body.takeProfitQuote.exitPriceUi, "199.80");
    // v2 sends the swap fields as null (DECISIONS 5.12: a payment in another token is swapped in without a fee).
    assert.equal(r.body.swapInPriceUi, null);
    assert.equal(r.body.swapFeeUsdUi, null);
  });
  await t.step(
    "v2: LIMIT needs limitPrice (400); SWAP is 200 err; with an owner the builder's refusals are 200 err too",
    async () => {
      const limit = await post("/v2/transaction-builder/open-position", { ...base, orderType: "LIMIT" });
      assert.equal(limit.status, 400);
      assert.equal(limit.body.field, "body.limitPrice");
      const limitOk = await post("/v2/transaction-builder/open-position", {
        ...base,
        orderType: "LIMIT",
        limitPrice: "150",
      });
      assert.equal(limitOk.body.newEntryPrice, "150.15");
      const swap = await post("/v2/transaction-builder/open-position", { ...base, tradeType: "SWAP" });
      assert.equal(swap.status, 200);
      assert.deepEqual(swap.body, { err: "SWAP is not supported in v2", code: "UNSUPPORTED_TRADE_TYPE" });
      const closed = await post("/v2/transaction-builder/open-position", {
        ...base,
        inputTokenSymbol: "SPY",
        outputTokenSymbol: "SPY",
      });
      assert.deepEqual(closed.body, { err: "market for symbol 'SPY' is closed", code: "MARKET_CLOSED" });
      // ALICE has no deposit ledger on the hand-built deployment: nothing to pay with.
      const withOwner = await post("/v2/transaction-builder/open-position", { ...base, owner: ALICE });
      assert.equal(withOwner.status, 200);
      assert.equal(withOwner.body.code, "INSUFFICIENT_COLLATERAL");
      // A compute failure is answered as such whether or not an owner is given.
      const swapWithOwner = await post("/v2/transaction-builder/open-position", {
        ...base,
        tradeType: "SWAP",
        owner: ALICE,
      });
      assert.deepEqual(swapWithOwner.body, { err: "SWAP is not supported in v2", code: "UNSUPPORTED_TRADE_TYPE" });
    },
  );
  await t.step("earlier: swap-and-open and SWAP carry the swap fields", async () => {
    const r = await post("/transaction-builder/open-position", {
      ...base,
      inputTokenSymbol: "USDC",
      inputAmountUi: "100",
    });
    assert.equal(r.status, 200);
    assert.equal(r.body.transactionBase64, null);
    assert.equal(r.body.swapOutPriceUi, "160.00");
    const s = await post("/transaction-builder/open-position", {
      ...base,
      inputTokenSymbol: "USDC",
      inputAmountUi: "100",
      tradeType: "SWAP",
    });
    assert.equal(s.body.newLeverage, "0");
    assert.ok(s.body.swapFeeUsdUi);
  });
  await t.step("earlier: zero input is 400; with an owner a compute failure is still 200 err", async () => {
    const zero = await post("/transaction-builder/open-position", { ...base, inputAmountUi: "0.000" });
    assert.equal(zero.status, 400);
    assert.equal(zero.body.code, "INVALID_DECIMAL");
    // Transactions themselves are tested on the embedded world (tests/e2e/world-earlier-builders.test.ts).
    const withOwner = await post("/transaction-builder/open-position", { ...base, owner: DAVE, leverage: 999 });
    assert.equal(withOwner.status, 200);
    assert.equal(withOwner.body.code, "COMPUTE_FAILED");
  });
});
