/** place-tp-sl on the hand-built deployment: one or both triggers on ALICE's SOL long, atomically. */
import assert from "node:assert/strict";
import { placeTpSlTransaction } from "../../../../src/domain/builders/v2/place-tp-sl.ts";
import { ALICE } from "../../../helpers/hand-built-deployment.ts";
import { custodyOf, marketBlock, owner, P, px, refusal, tradingFixture } from "./_helpers.ts";
import { assertTradeInstruction } from "../../../helpers/transaction-checks.ts";

const long = { owner: ALICE, marketSymbol: "SOL", side: "LONG" } as const;

Deno.test("place-tp-sl: take-profit then stop-loss, the same size", () => {
  const w = tradingFixture().snapshot("v2");
  const built = placeTpSlTransaction(
    w,
    { position: long, sizeAmountUi: "2.5", takeProfitUi: "190", stopLossUi: "140" },
    owner(ALICE),
  );
  assert.equal(built.instructions.length, 2);
  const accounts = {
    ...marketBlock("Crypto.1", "SOL", "SOL", "long"),
    receive_custody: custodyOf("Crypto.1", "SOL").custody,
  };
  built.instructions.forEach((ix, i) =>
    assertTradeInstruction(ix, {
      program: P,
      name: "place_trigger_order_er",
      signing: { owner: ALICE, signer: ALICE },
      accounts,
      args: { triggerPrice: px(i === 0 ? "190" : "140"), deltaSizeAmount: 2_500_000_000n, isStopLoss: i === 1 },
      exactRoles: true,
    })
  );
  const slOnly = placeTpSlTransaction(w, { position: long, sizeAmountUi: "1", stopLossUi: "150" }, owner(ALICE));
  assert.equal(slOnly.instructions.length, 1);
});

Deno.test("place-tp-sl: one bad trigger refuses both; none given is refused", () => {
  const w = tradingFixture().snapshot("v2");
  const r = refusal(() =>
    placeTpSlTransaction(w, { position: long, sizeAmountUi: "1", takeProfitUi: "190", stopLossUi: "170" }, owner(ALICE))
  );
  assert.equal(r.code, "TRIGGER_PRICE_INVALID");
  assert.match(r.err, /^stopLossUi:/);
  assert.equal(
    refusal(() => placeTpSlTransaction(w, { position: long, sizeAmountUi: "1" }, owner(ALICE))).code,
    "TRIGGER_PRICE_INVALID",
  );
});
