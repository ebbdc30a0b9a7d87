/**
 * place-trigger-order on the hand-built deployment: ALICE's SOL long (10 SOL, $300; TP slot 0 and SL slot 2 used),
 * SOL at 160.00. The trigger pays out in the market's collateral (lock) custody.
 */
import assert from "node:assert/strict";
import {
  type PlaceTriggerOrderRequest,
  placeTriggerOrderTransaction,
} from "../../../../src/domain/builders/v2/place-trigger-order.ts";
import { basketAccount } from "../../../../src/protocol/accounts/mod.ts";
import * as pda from "../../../../src/protocol/pda.ts";
import { ALICE, aliceBasket, M, solLongPosition } from "../../../helpers/hand-built-deployment.ts";
import { custodyOf, FRANK, marketBlock, owner, P, px, refusal, tradingFixture } from "./_helpers.ts";
import { assertTradeInstruction } from "../../../helpers/transaction-checks.ts";

const long = { owner: ALICE, marketSymbol: "SOL", side: "LONG" } as const;

Deno.test("place-trigger-order: a take-profit and a stop-loss on the SOL long", () => {
  const w = tradingFixture().snapshot("v2");
  for (const [price, isStopLoss] of [["200", false], ["130.5", true]] as const) {
    const built = placeTriggerOrderTransaction(
      w,
      { position: long, triggerPriceUi: price, sizeAmountUi: "5", isStopLoss },
      owner(ALICE),
    );
    assertTradeInstruction(built.instructions[0], {
      program: P,
      name: "place_trigger_order_er",
      signing: { owner: ALICE, signer: ALICE },
      accounts: {
        ...marketBlock("Crypto.1", "SOL", "SOL", "long"),
        receive_custody: custodyOf("Crypto.1", "SOL").custody,
      },
      args: { triggerPrice: px(price), deltaSizeAmount: 5_000_000_000n, isStopLoss },
      exactRoles: true,
    });
  }
});

Deno.test("place-trigger-order: refusals (DECISIONS 3.3: 400 codes)", () => {
  const f = tradingFixture();
  const run = (req: Partial<PlaceTriggerOrderRequest>, o = ALICE) => {
    const w = f.snapshot("v2");
    return refusal(() =>
      placeTriggerOrderTransaction(
        w,
        { position: { ...long, owner: o }, triggerPriceUi: "200", sizeAmountUi: "5", isStopLoss: false, ...req },
        owner(o),
      )
    );
  };
  assert.deepEqual(run({ triggerPriceUi: "150" }), {
    code: "TRIGGER_PRICE_INVALID",
    err: "triggerPriceUi: a SOL LONG take-profit must be above the mark price 160.00",
  });
  assert.equal(run({ triggerPriceUi: "161", isStopLoss: true }).code, "TRIGGER_PRICE_INVALID");
  assert.equal(run({ triggerPriceUi: "160" }).code, "TRIGGER_PRICE_INVALID"); // at the mark is not above it
  assert.equal(run({ triggerPriceUi: "0" }).code, "TRIGGER_PRICE_INVALID");
  assert.equal(run({ triggerPriceUi: "99999999999999999999" }).code, "TRIGGER_PRICE_INVALID"); // beyond u64
  assert.deepEqual(run({ sizeAmountUi: "10.5" }), {
    code: "ORDER_SIZE_INVALID",
    err: "sizeAmountUi of 10.5000 is larger than the position (10.0000)",
  });
  assert.equal(run({ sizeAmountUi: "0" }).code, "ORDER_SIZE_INVALID");
  assert.equal(run({}, FRANK).code, "POSITION_NOT_FOUND");
  assert.equal(run({ position: { ...long, marketSymbol: "XYZ" } } as never).code, "UNKNOWN_SYMBOL");

  const basket = aliceBasket();
  const orders = basket.orders[0].order;
  orders.stopLossOrders = orders.stopLossOrders.map(() => ({
    triggerPrice: px("130"),
    triggerSize: 1n,
    receiveCustodyUid: 0,
  }));
  basket.positions[0].position = { ...solLongPosition("v2", ALICE, M.v2.solLong), collateralUsd: 10_000_000n };
  f.put("v2", pda.basket(P, ALICE), basketAccount, basket);
  assert.deepEqual(run({ triggerPriceUi: "130", isStopLoss: true }), {
    code: "ORDER_SLOTS_FULL",
    err: "all 5 stop-loss slots of the SOL LONG market are used",
  });
  // A take-profit slot is free, but the position holds exactly the $10 minimum: more is needed.
  const poor = run({});
  assert.equal(poor.code, "INSUFFICIENT_COLLATERAL");
  assert.match(poor.err, /a take-profit: collateral after fees of \$10.00 must be above the market minimum of \$10.00/);
});
