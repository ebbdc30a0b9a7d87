/** The placement rules of a trigger, in the order a client meets them. */
import assert from "node:assert/strict";
import { checkTriggerPlacement, standaloneTrigger } from "../../../../src/domain/builders/v2/triggers.ts";
import { marketOrders, requireBasket } from "../../../../src/domain/builders/v2/order-slots.ts";
import { requirePosition } from "../../../../src/domain/quotes/position-lookup.ts";
import { ALICE, M } from "../../../helpers/hand-built-deployment.ts";
import { custodyOf, failureOf, px, tradingFixture } from "./_helpers.ts";

Deno.test("standaloneTrigger: priced at the target oracle's exponent, paid out in the lock custody", () => {
  const w = tradingFixture().snapshot("v2");
  const ref = requirePosition(w, { owner: ALICE, marketSymbol: "SOL", side: "LONG" });
  const t = standaloneTrigger(w, ref, "171.123456789", false, 1n, "triggerPriceUi");
  assert.deepEqual(t.trigger, px("171.12345678")); // truncated to −8
  assert.deepEqual(t.mark, px("160"));
  assert.equal(t.receive.pubkey, custodyOf("Crypto.1", "SOL").custody);
  assert.equal(t.market.pubkey, M.v2.solLong);
});

Deno.test("checkTriggerPlacement: side first, then size, then slot, then collateral", () => {
  const w = tradingFixture().snapshot("v2");
  const ref = requirePosition(w, { owner: ALICE, marketSymbol: "SOL", side: "LONG" });
  const orders = marketOrders(requireBasket(w, ALICE), ref.market);
  const codeOf = (price: string, size: bigint, collateralUsd = 300_000_000n) => {
    const t = standaloneTrigger(w, ref, price, false, size, "p");
    return failureOf(() =>
      checkTriggerPlacement(orders, { ...t, position: { sizeAmount: 10_000_000_000n, collateralUsd } })
    )?.code ?? "ok";
  };
  assert.equal(codeOf("200", 1n), "ok");
  assert.equal(codeOf("150", 20_000_000_000n, 1n), "TRIGGER_PRICE_INVALID");
  assert.equal(codeOf("200", 20_000_000_000n, 1n), "ORDER_SIZE_INVALID");
  assert.equal(codeOf("200", 1n, 10_000_000n), "INSUFFICIENT_COLLATERAL");
});
