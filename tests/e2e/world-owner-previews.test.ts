/**
 * Owner views, previews and preview-only open-position on the embedded world (fixtures/world): the recording is
 * replayed on a virtual clock through the loopback servers and ingested by the live sources, and owners are taken
 * from `fixtures/world/manifest.json`. Every response is validated against the OpenAPI contract by `call`.
 *
 * The service clock follows the replay's virtual clock, so the replayed prices are as fresh as when recorded.
 */
import assert from "node:assert/strict";
import { loadConfig } from "../../src/config/env.ts";
import { createServiceApp } from "../../src/server.ts";
import { snapshotFor } from "../../src/handlers/context.ts";
import { positionsByOwner } from "../../src/domain/views/owner.ts";
import { basketViewDto } from "../helpers/basket-view.ts";
import { call } from "../helpers/contract.ts";
import { readManifest } from "../helpers/manifest.ts";
import { eventually } from "../helpers/eventually.ts";

const WORLD = "fixtures/world";

Deno.test("embedded world: owner views, previews and preview-only open-position", async (t) => {
  const manifest = await readManifest(WORLD);
  const ownerOf = (key: string) => manifest.owners.find((o) => o.owner === key)!;
  // In virtual replay mode the service reads the replay's clock (boot wires it), so prices are fresh.
  const service = await createServiceApp(loadConfig({ RATE_LIMIT_RPS: "0", REPLAY_DIR: WORLD }), {
    replayMode: "virtual",
  });
  const { app, services } = service;
  try {
    assert.equal(services.clock, service.replay!.replayer.clock);
    await service.start();
    // Publish the first second of oracle frames and wait for them to be ingested.
    service.replay!.replayer.advanceTo(1_000);
    await eventually(() => (services.prices.size >= 5 ? true : undefined), "oracle prices");

    const rich = ownerOf(manifest.cases.v2.manyPositionsAndLimitOrder.owner);
    const onlyLimit = ownerOf(manifest.cases.v2.onlyLimitOrders.owner);
    const noBasket = manifest.cases.v2.withoutBasket.owner;

    await t.step("GET /v2/owner: positions and orders as the manifest lists them", async () => {
      for (const owner of [rich, onlyLimit]) {
        const r = await call(app, "GET", `/v2/owner/${owner.owner}`);
        assert.equal(r.status, 200);
        assert.equal(r.body.basketPubkey, owner.v2.basket);
        // Every manifest position whose prices are known has metrics; nothing else does.
        const priced = owner.v2.positionList.filter((p) => {
          const m = snapshotFor(services, "v2").market(p.market);
          return m && services.prices.get(m.target.token.feedId) && services.prices.get(m.collateral.token.feedId);
        });
        assert.deepEqual(Object.keys(r.body.positionMetrics).sort(), priced.map((p) => p.market).sort());
        for (const p of priced) {
          const dto = r.body.positionMetrics[p.market];
          assert.equal(dto.marketSymbol, p.symbol);
          assert.equal(dto.sideUi, p.side === "long" ? "Long" : "Short");
        }
        // Trigger slot ids are exactly the manifest's (stable, with gaps); limit ids a subset (priced entries).
        for (const o of owner.v2.orders) {
          const dto = r.body.orderMetrics[o.market];
          if (!dto) {
            assert.equal(o.takeProfit.length + o.stopLoss.length, 0, `orders of ${o.market} missing`);
            continue;
          }
          const ids = (xs: { orderId: number }[]) => xs.map((x) => x.orderId);
          assert.deepEqual(ids(dto.takeProfitOrders), o.takeProfit);
          assert.deepEqual(ids(dto.stopLossOrders), o.stopLoss);
          assert.ok(ids(dto.limitOrders).every((id: number) => o.limit.includes(id)));
        }
        // The handler answers exactly what the domain view computes at the same (frozen) time.
        assert.deepEqual(r.body, JSON.parse(JSON.stringify(basketViewDto(snapshotFor(services, "v2"), owner.owner))));
      }
      assert.ok(Object.keys((await call(app, "GET", `/v2/owner/${rich.owner}`)).body.positionMetrics).length >= 2);
    });

    await t.step("GET /v2/owner: an owner without a basket", async () => {
      const r = await call(app, "GET", `/v2/owner/${noBasket}`);
      assert.deepEqual(r.body, {
        owner: noBasket,
        basketPubkey: null,
        basketData: null,
        positionMetrics: {},
        orderMetrics: {},
      });
    });

    await t.step("GET /positions/owner and /orders/owner (earlier interface)", async () => {
      const owner = ownerOf(manifest.cases.earlier.manyPositionsAndLimitOrder.owner);
      const r = await call(app, "GET", `/positions/owner/${owner.owner}?includePnlInLeverageDisplay=true`);
      assert.deepEqual(
        r.body.map((p: { key: string }) => p.key).sort(),
        owner.earlier.positionList.map((p) => p.position).sort(),
      );
      const sizes = r.body.map((p: { key: string }) =>
        services.deployments.earlier.accounts.get("Position", p.key)!.sizeUsd
      );
      for (let i = 1; i < sizes.length; i++) assert.ok(sizes[i - 1] >= sizes[i], "sorted by size, largest first");
      assert.deepEqual(
        r.body,
        JSON.parse(JSON.stringify(positionsByOwner(snapshotFor(services, "earlier"), owner.owner, true))),
      );

      const orders = await call(app, "GET", `/orders/owner/${owner.owner}`);
      assert.deepEqual(
        orders.body.map((o: { key: string }) => o.key).sort(),
        owner.earlier.orders.map((o) => o.order).sort(),
      );
      for (const o of owner.earlier.orders) {
        const record = orders.body.find((x: { key: string }) => x.key === o.order);
        assert.deepEqual(record.takeProfitOrders.map((x: { orderId: number }) => x.orderId), o.takeProfit);
        assert.deepEqual(record.stopLossOrders.map((x: { orderId: number }) => x.orderId), o.stopLoss);
        assert.deepEqual(record.limitOrders.map((x: { orderId: number }) => x.orderId), o.limit);
      }
      const none = manifest.cases.earlier.noAccounts.owner;
      assert.deepEqual((await call(app, "GET", `/positions/owner/${none}?includePnlInLeverageDisplay=false`)).body, []);
      assert.deepEqual((await call(app, "GET", `/orders/owner/${none}`)).body, []);
    });

    // A priced crypto position of the rich owner, for the position previews.
    const target = rich.v2.positionList.find((p) => ["SOL", "BTC", "ETH"].includes(p.symbol))!;
    const position = { owner: rich.owner, marketSymbol: target.symbol, side: target.side.toUpperCase() };
    const earlierTarget = ownerOf(manifest.cases.earlier.manyPositionsAndLimitOrder.owner).earlier.positionList[0];

    await t.step("previews: limit-order fees, exit fee, margin (both interfaces)", async () => {
      for (const prefix of ["/v2", ""]) {
        const fees = await call(app, "POST", `${prefix}/preview/limit-order-fees`, {
          marketSymbol: "SOL",
          inputAmountUi: "1",
          outputAmountUi: "2",
          side: "LONG",
        });
        assert.equal(fees.status, 200);
        assert.ok(fees.body.entryPriceUi, JSON.stringify(fees.body));
      }
      const exit = await call(app, "POST", "/v2/preview/exit-fee", { ...position, closeAmountUsdUi: "10" });
      assert.ok(exit.body.exitFeeUsdUi, JSON.stringify(exit.body));
      const earlierExit = await call(app, "POST", "/preview/exit-fee", {
        positionKey: earlierTarget.position,
        closeAmountUsdUi: "10",
      });
      assert.ok(earlierExit.body.exitFeeUsdUi, JSON.stringify(earlierExit.body));
      for (const action of ["ADD", "REMOVE"]) {
        const m = await call(app, "POST", "/v2/preview/margin", { ...position, marginDeltaUsdUi: "1", action });
        assert.ok(m.body.newLeverageUi, JSON.stringify(m.body));
        const e = await call(app, "POST", "/preview/margin", {
          positionKey: earlierTarget.position,
          marginDeltaUsdUi: "1",
          action,
        });
        assert.ok(e.body.newLeverageUi, JSON.stringify(e.body));
      }
      const none = await call(app, "POST", "/v2/preview/margin", {
        ...position,
        owner: noBasket,
        marginDeltaUsdUi: "1",
        action: "ADD",
      });
      assert.equal(none.body.code, "BASKET_NOT_FOUND");
    });

    await t.step("previews: tp-sl in all three modes, owner and inline", async () => {
      const forward = await call(app, "POST", "/v2/preview/tp-sl", {
        mode: "forward",
        ...position,
        triggerPriceUi: "1",
      });
      assert.ok(forward.body.pnlUsdUi, JSON.stringify(forward.body));
      const pnl = await call(app, "POST", "/v2/preview/tp-sl", {
        mode: "reverse_pnl",
        ...position,
        targetPnlUsdUi: "-1",
      });
      assert.ok(pnl.body.triggerPriceUi, JSON.stringify(pnl.body));
      const roi = await call(app, "POST", "/preview/tp-sl", {
        mode: "reverse_roi",
        positionKey: earlierTarget.position,
        targetRoiPercent: -10,
      });
      assert.ok(roi.body.triggerPriceUi, JSON.stringify(roi.body));
      const inline = await call(app, "POST", "/preview/tp-sl", {
        mode: "forward",
        marketSymbol: "SOL",
        side: "SHORT",
        entryPriceUi: "150",
        sizeUsdUi: "1000",
        collateralUsdUi: "100",
        triggerPriceUi: "140",
      });
      assert.ok(inline.body.pnlUsdUi.startsWith("6"), JSON.stringify(inline.body)); // ≈ 1000 × 10/150 − fees
    });

    await t.step("open-position, preview-only, both interfaces", async () => {
      const body = {
        inputTokenSymbol: "SOL",
        outputTokenSymbol: "SOL",
        inputAmountUi: "1",
        leverage: 5,
        tradeType: "LONG",
        takeProfit: "500",
      };
      for (const url of ["/v2/transaction-builder/open-position", "/transaction-builder/open-position"]) {
        const r = await call(app, "POST", url, body);
        assert.equal(r.status, 200);
        assert.equal(r.body.transactionBase64, null, JSON.stringify(r.body));
        assert.equal(r.body.err, null);
        assert.ok(r.body.takeProfitQuote);
      }
      const short = await call(app, "POST", "/v2/transaction-builder/open-position", {
        inputTokenSymbol: "USDC",
        outputTokenSymbol: "BTC",
        inputAmountUi: "50",
        leverage: 3,
        tradeType: "SHORT",
        orderType: "LIMIT",
        limitPrice: "100000",
      });
      assert.equal(short.body.transactionBase64, null, JSON.stringify(short.body));
      const swap = await call(app, "POST", "/transaction-builder/open-position", {
        ...body,
        inputTokenSymbol: "USDC",
        inputAmountUi: "10",
        tradeType: "SWAP",
      });
      assert.equal(swap.status, 200);
      assert.ok(swap.body.swapFeeUsdUi, JSON.stringify(swap.body));
      assert.equal(swap.body.transactionBase64, null);
    });
  } finally {
    await service.stop();
  }
});
