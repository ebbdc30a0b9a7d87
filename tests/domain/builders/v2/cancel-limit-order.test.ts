/** cancel-limit-order on the hand-built deployment: ALICE's SOL long limit slot 1 (reserve in SOL). */
import assert from "node:assert/strict";
import { cancelLimitOrderTransaction } from "../../../../src/domain/builders/v2/cancel-limit-order.ts";
import { ALICE, M } from "../../../helpers/hand-built-deployment.ts";
import { custodyOf, marketBlock, owner, P, refusal, tradingFixture } from "./_helpers.ts";
import { assertTradeInstruction } from "../../../helpers/transaction-checks.ts";

Deno.test("cancel-limit-order: the dedicated instruction with the order's reserve custody", () => {
  const w = tradingFixture().snapshot("v2");
  const built = cancelLimitOrderTransaction(w, { marketSymbol: "SOL", side: "LONG", orderId: 1 }, owner(ALICE));
  const block = marketBlock("Crypto.1", "SOL", "SOL", "long");
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "cancel_limit_order_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts: {
      pool: block.pool,
      target_custody: block.target_custody,
      lock_custody: block.lock_custody,
      reserve_custody: custodyOf("Crypto.1", "SOL").custody,
    },
    args: { market: M.v2.solLong, orderId: 1 },
    exactRoles: true,
  });
});

Deno.test("cancel-limit-order: an empty slot or no slot is refused", () => {
  const w = tradingFixture().snapshot("v2");
  const run = (orderId: number) =>
    refusal(() => cancelLimitOrderTransaction(w, { marketSymbol: "SOL", side: "LONG", orderId }, owner(ALICE)));
  assert.deepEqual(run(3), { code: "ORDER_NOT_FOUND", err: "limit-order slot 3 of the SOL LONG market is empty" });
  assert.equal(run(5).code, "ORDER_SLOT_INVALID");
});
