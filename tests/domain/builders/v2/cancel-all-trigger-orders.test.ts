/** cancel-all-trigger-orders on the hand-built deployment. */
import assert from "node:assert/strict";
import { cancelAllTriggerOrdersTransaction } from "../../../../src/domain/builders/v2/cancel-all-trigger-orders.ts";
import { ALICE, BOB, M } from "../../../helpers/hand-built-deployment.ts";
import { owner, P, refusal, tradingFixture } from "./_helpers.ts";
import { assertTradeInstruction } from "../../../helpers/transaction-checks.ts";

Deno.test("cancel-all-trigger-orders: the market holding triggers; nothing to cancel is refused", () => {
  const w = tradingFixture().snapshot("v2");
  const built = cancelAllTriggerOrdersTransaction(w, { marketSymbol: "SOL", side: "LONG" }, owner(ALICE));
  assert.equal(built.instructions.length, 1);
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "cancel_all_trigger_orders_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts: {},
    args: { market: M.v2.solLong },
    exactRoles: true,
  });
  const none = refusal(() =>
    cancelAllTriggerOrdersTransaction(w, { marketSymbol: "SOL", side: "SHORT" }, owner(ALICE))
  );
  assert.equal(none.code, "ORDER_NOT_FOUND");
  assert.equal(
    refusal(() => cancelAllTriggerOrdersTransaction(w, { marketSymbol: "SOL", side: "LONG" }, owner(BOB))).code,
    "BASKET_NOT_FOUND",
  );
});
