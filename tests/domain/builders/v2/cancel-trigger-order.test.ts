/** cancel-trigger-order on the hand-built deployment: ALICE's SOL long (TP slot 0, SL slot 2), SOL short (none). */
import assert from "node:assert/strict";
import {
  type CancelTriggerOrderRequest,
  cancelTriggerOrderTransaction,
} from "../../../../src/domain/builders/v2/cancel-trigger-order.ts";
import { ALICE, M } from "../../../helpers/hand-built-deployment.ts";
import { owner, P, refusal, session, tradingFixture } from "./_helpers.ts";
import { assertTradeInstruction } from "../../../helpers/transaction-checks.ts";

const base: CancelTriggerOrderRequest = { marketSymbol: "SOL", side: "LONG", orderId: 2, isStopLoss: true };

Deno.test("cancel-trigger-order: one slot; 255 cancels all of the market with the caller's is_stop_loss", () => {
  const w = tradingFixture().snapshot("v2");
  const s = session(ALICE);
  const one = cancelTriggerOrderTransaction(w, base, s);
  assert.equal(one.feePayer, s.signer);
  assertTradeInstruction(one.instructions[0], {
    program: P,
    name: "cancel_trigger_order_er",
    signing: { owner: ALICE, signer: s.signer, sessionToken: s.sessionToken },
    accounts: {},
    args: { market: M.v2.solLong, orderId: 2, isStopLoss: true },
    exactRoles: true,
  });
  const all = cancelTriggerOrderTransaction(w, { ...base, orderId: 255, isStopLoss: true }, owner(ALICE));
  assertTradeInstruction(all.instructions[0], {
    program: P,
    name: "cancel_trigger_order_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts: {},
    args: { market: M.v2.solLong, orderId: 255, isStopLoss: true },
    exactRoles: true,
  });
  // The flag is passed as the caller sent it (DECISIONS 5.18), false as well as true.
  const tps = cancelTriggerOrderTransaction(w, { ...base, orderId: 255, isStopLoss: false }, owner(ALICE));
  assertTradeInstruction(tps.instructions[0], {
    program: P,
    name: "cancel_trigger_order_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts: {},
    args: { market: M.v2.solLong, orderId: 255, isStopLoss: false },
    exactRoles: true,
  });
});

Deno.test("cancel-trigger-order: refusals", () => {
  const w = tradingFixture().snapshot("v2");
  const run = (req: Partial<CancelTriggerOrderRequest>) =>
    refusal(() => cancelTriggerOrderTransaction(w, { ...base, ...req }, owner(ALICE)));
  assert.equal(run({ orderId: 0 }).code, "ORDER_NOT_FOUND"); // SL slot 0 is empty (TP slot 0 is not)
  assert.deepEqual(run({ orderId: 7 }), {
    code: "ORDER_SLOT_INVALID",
    err: "orderId 7 is not a slot (0 to 4, or 255 for all)",
  });
  assert.deepEqual(run({ side: "SHORT", orderId: 255 }), {
    code: "ORDER_NOT_FOUND",
    err: "the SOL SHORT market has no take-profit or stop-loss to cancel",
  });
  assert.equal(run({ marketSymbol: "USDC" }).code, "UNKNOWN_MARKET");
});
