/** edit-trigger-order on the hand-built deployment: ALICE's SOL long TP slot 0 (180.00, 5 SOL, paid in SOL). */
import assert from "node:assert/strict";
import {
  type EditTriggerOrderRequest,
  editTriggerOrderTransaction,
} from "../../../../src/domain/builders/v2/edit-trigger-order.ts";
import { ALICE, BOB } from "../../../helpers/hand-built-deployment.ts";
import { custodyOf, marketBlock, owner, P, px, refusal, tradingFixture } from "./_helpers.ts";
import { assertTradeInstruction } from "../../../helpers/transaction-checks.ts";

const base: EditTriggerOrderRequest = {
  marketSymbol: "SOL",
  side: "LONG",
  orderId: 0,
  isStopLoss: false,
  triggerPriceUi: "190",
  sizeAmountUi: "4",
};

Deno.test("edit-trigger-order: new price and size; the order keeps its receive custody", () => {
  const w = tradingFixture().snapshot("v2");
  const built = editTriggerOrderTransaction(w, base, owner(ALICE));
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "edit_trigger_order_er",
    signing: { owner: ALICE, signer: ALICE },
    // The stored receive_custody_uid is SOL's (uid 0 on the hand-built pool).
    accounts: {
      ...marketBlock("Crypto.1", "SOL", "SOL", "long"),
      receive_custody: custodyOf("Crypto.1", "SOL").custody,
    },
    args: { orderId: 0, triggerPrice: px("190"), deltaSizeAmount: 4_000_000_000n, isStopLoss: false },
    exactRoles: true,
  });
});

Deno.test("edit-trigger-order: refusals", () => {
  const w = tradingFixture().snapshot("v2");
  const run = (req: Partial<EditTriggerOrderRequest>, o = ALICE) =>
    refusal(() => editTriggerOrderTransaction(w, { ...base, ...req }, owner(o)));
  assert.deepEqual(run({ orderId: 1 }), {
    code: "ORDER_NOT_FOUND",
    err: "take-profit slot 1 of the SOL LONG market is empty",
  });
  assert.equal(run({ orderId: 5 }).code, "ORDER_SLOT_INVALID");
  assert.equal(run({ orderId: 255 }).code, "ORDER_SLOT_INVALID");
  assert.equal(run({ triggerPriceUi: "150" }).code, "TRIGGER_PRICE_INVALID");
  assert.equal(run({ sizeAmountUi: "11" }).code, "ORDER_SIZE_INVALID");
  assert.equal(run({}, BOB).code, "BASKET_NOT_FOUND");
  // SL slot 2 of the long: 130.00; moving it above the mark is refused.
  assert.equal(run({ orderId: 2, isStopLoss: true, triggerPriceUi: "165" }).code, "TRIGGER_PRICE_INVALID");
});
