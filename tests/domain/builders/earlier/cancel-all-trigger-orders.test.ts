/** Earlier cancel-all-trigger-orders builder on the hand-built deployment. */
import assert from "node:assert/strict";
import { cancelAllTriggerOrdersTransaction } from "../../../../src/domain/builders/earlier/cancel-all-trigger-orders.ts";
import { assembleTransaction } from "../../../../src/domain/builders/transaction.ts";
import { readTransaction } from "../../../helpers/read-transaction.ts";
import { DAVE } from "../../../helpers/hand-built-deployment.ts";
import { A, builderFixture } from "../../../helpers/earlier-builder-deployment.ts";
import { key } from "../../../helpers/instructions.ts";
import { ok } from "../../quotes/_helpers.ts";
import { assertEarlierInstruction } from "../../../helpers/transaction-checks.ts";
import { P, SOL_LONG, SOL_SHORT } from "./_helpers.ts";

Deno.test("cancel_all_trigger_orders names no signer: the owner pays and is the only signer", () => {
  const s = builderFixture().snapshot("earlier");
  const b = ok(cancelAllTriggerOrdersTransaction(s, { owner: DAVE, marketSymbol: "SOL", side: "LONG" }));
  assert.deepEqual(b, ok(cancelAllTriggerOrdersTransaction(s, { positionKey: A.position(DAVE, SOL_LONG) })));
  assertEarlierInstruction(b.instructions[0], P, {
    name: "cancel_all_trigger_orders",
    accounts: {
      position: A.position(DAVE, SOL_LONG),
      order: A.order(DAVE, SOL_LONG),
      eventAuthority: A.eventAuthority,
      program: P,
    },
    args: {},
  });
  const tx = readTransaction(
    assembleTransaction({ chain: "base", feePayer: b.feePayer, instructions: b.instructions, blockhash: key("bh") })
      .transactionBase64,
  );
  assert.deepEqual(tx.signers, [DAVE]);
});

Deno.test("no order account: 404-style NOT_FOUND naming it", () => {
  const s = builderFixture().snapshot("earlier");
  assert.deepEqual(cancelAllTriggerOrdersTransaction(s, { positionKey: A.position(DAVE, SOL_SHORT) }), {
    ok: false,
    code: "NOT_FOUND",
    err: `order account ${A.order(DAVE, SOL_SHORT)} not found`,
  });
});
