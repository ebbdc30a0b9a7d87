/** Earlier cancel-trigger-order builder on the hand-built deployment (DAVE's SOL long: TP slot 0, SL slot 2). */
import assert from "node:assert/strict";
import { cancelTriggerOrderTransaction } from "../../../../src/domain/builders/earlier/cancel-trigger-order.ts";
import { orderAccount } from "../../../../src/protocol/accounts/mod.ts";
import { DAVE, EVE, orderAccountOf } from "../../../helpers/hand-built-deployment.ts";
import { A, builderFixture } from "../../../helpers/earlier-builder-deployment.ts";
import { ok } from "../../quotes/_helpers.ts";
import { assertEarlierInstruction } from "../../../helpers/transaction-checks.ts";
import { P, SOL_LONG } from "./_helpers.ts";

Deno.test("cancel_trigger_order: the owner signs, only the order account is touched; 255 cancels all", () => {
  const s = builderFixture().snapshot("earlier");
  for (const orderId of [2, 255]) {
    const b = ok(
      cancelTriggerOrderTransaction(s, { positionKey: A.position(DAVE, SOL_LONG), orderId, isStopLoss: true }),
    );
    assert.equal(b.feePayer, DAVE);
    assertEarlierInstruction(b.instructions[0], P, {
      name: "cancel_trigger_order",
      accounts: { owner: DAVE, order: A.order(DAVE, SOL_LONG), eventAuthority: A.eventAuthority, program: P },
      args: { orderId, isStopLoss: true },
    });
  }
});

Deno.test("addressed by owner + market + side it works without a position; empty slots and no order account refuse", () => {
  const f = builderFixture();
  f.put("earlier", A.order(EVE, SOL_LONG), orderAccount.earlier, orderAccountOf("earlier", EVE, SOL_LONG));
  const s = f.snapshot("earlier");
  const eve = { owner: EVE, marketSymbol: "SOL", side: "LONG" as const };
  const b = ok(cancelTriggerOrderTransaction(s, { ...eve, orderId: 0, isStopLoss: false }));
  assert.equal(b.instructions[0].accounts[1].address, A.order(EVE, SOL_LONG));
  assert.deepEqual(cancelTriggerOrderTransaction(s, { ...eve, orderId: 3, isStopLoss: false }), {
    ok: false,
    code: "ORDER_NOT_FOUND",
    err: "no take-profit order in slot 3",
  });
  const none = cancelTriggerOrderTransaction(builderFixture().snapshot("earlier"), {
    ...eve,
    orderId: 0,
    isStopLoss: false,
  });
  assert.equal(!none.ok && none.code, "NOT_FOUND");
});
