/** Earlier edit-trigger-order builder on the hand-built deployment (DAVE's SOL long: TP slot 0, SL slot 2). */
import assert from "node:assert/strict";
import {
  editTriggerOrderTransaction,
  requireLiveSlot,
} from "../../../../src/domain/builders/earlier/edit-trigger-order.ts";
import { DAVE, MINT } from "../../../helpers/hand-built-deployment.ts";
import { A, builderFixture } from "../../../helpers/earlier-builder-deployment.ts";
import { ok } from "../../quotes/_helpers.ts";
import { SYSVAR_INSTRUCTIONS } from "../../../helpers/expected-accounts.ts";
import { assertEarlierInstruction } from "../../../helpers/transaction-checks.ts";
import { custody, P, POOL, SOL_LONG, SOL_SHORT } from "./_helpers.ts";

const KEY = A.position(DAVE, SOL_LONG);

Deno.test("edit_trigger_order replaces price, size and payout of the live slot", () => {
  const s = builderFixture().snapshot("earlier");
  const b = ok(editTriggerOrderTransaction(s, {
    positionKey: KEY,
    orderId: 2,
    triggerPriceUi: "125.5",
    sizeAmountUi: "4",
    isStopLoss: true,
    receiveTokenSymbol: "USDC",
  }));
  assert.equal(b.feePayer, DAVE);
  assertEarlierInstruction(b.instructions[0], P, {
    name: "edit_trigger_order",
    accounts: {
      owner: DAVE,
      perpetuals: A.perpetuals,
      pool: POOL,
      position: KEY,
      order: A.order(DAVE, SOL_LONG),
      market: SOL_LONG,
      targetCustody: custody("SOL"),
      targetOracleAccount: A.oracle(MINT.SOL),
      collateralCustody: custody("SOL"),
      collateralOracleAccount: A.oracle(MINT.SOL),
      receiveCustody: custody("USDC"),
      eventAuthority: A.eventAuthority,
      program: P,
      ixSysvar: SYSVAR_INSTRUCTIONS,
    },
    args: {
      orderId: 2,
      triggerPrice: { price: 12_550_000_000n, exponent: -8 },
      deltaSizeAmount: 4_000_000_000n,
      isStopLoss: true,
    },
  });
});

Deno.test("an empty slot, a missing order account, the wrong side", () => {
  const s = builderFixture().snapshot("earlier");
  const base = { positionKey: KEY, orderId: 0, triggerPriceUi: "190", sizeAmountUi: "1", isStopLoss: false };
  assert.equal(editTriggerOrderTransaction(s, base).ok, true);
  assert.deepEqual(editTriggerOrderTransaction(s, { ...base, orderId: 1 }), {
    ok: false,
    code: "ORDER_NOT_FOUND",
    err: "no take-profit order in slot 1",
  });
  // SL slot 0 is empty (the SL is in slot 2).
  assert.equal(editTriggerOrderTransaction(s, { ...base, isStopLoss: true, triggerPriceUi: "120" }).ok, false);
  const short = A.position(DAVE, SOL_SHORT);
  assert.deepEqual(editTriggerOrderTransaction(s, { ...base, positionKey: short, triggerPriceUi: "150" }), {
    ok: false,
    code: "NOT_FOUND",
    err: `order account ${A.order(DAVE, SOL_SHORT)} not found`,
  });
  const wrong = editTriggerOrderTransaction(s, { ...base, triggerPriceUi: "150" });
  assert.equal(!wrong.ok && wrong.code, "TRIGGER_PRICE_INVALID");
  assert.throws(() => requireLiveSlot([0, 3], 2, true), /no stop-loss order in slot 2/);
});
