/**
 * edit-limit-order on the hand-built deployment: ALICE's SOL long limit slot 1 (limit 140.00, reserve 1 SOL, size
 * 3 SOL, TP 170.00, no SL), SOL at 160.00. Keep / remove semantics of the v2 document.
 */
import assert from "node:assert/strict";
import {
  type EditLimitOrderRequest,
  editLimitOrderTransaction,
} from "../../../../src/domain/builders/v2/edit-limit-order.ts";
import { basketAccount } from "../../../../src/protocol/accounts/mod.ts";
import * as pda from "../../../../src/protocol/pda.ts";
import { ALICE, aliceBasket } from "../../../helpers/hand-built-deployment.ts";
import { custodyOf, marketBlock, owner, P, px, refusal, tradingFixture } from "./_helpers.ts";
import { assertTradeInstruction } from "../../../helpers/transaction-checks.ts";

const base: EditLimitOrderRequest = { marketSymbol: "SOL", side: "LONG", orderId: 1 };
const zero = { price: 0n, exponent: -8 };
const sol = custodyOf("Crypto.1", "SOL");
const accounts = {
  ...marketBlock("Crypto.1", "SOL", "SOL", "long"),
  reserve_custody: sol.custody,
  receive_custody: sol.custody,
  reserve_oracle_account: sol.oracle,
};

function expectEdit(req: Partial<EditLimitOrderRequest>, args: Record<string, unknown>) {
  const w = tradingFixture().snapshot("v2");
  const built = editLimitOrderTransaction(w, { ...base, ...req }, owner(ALICE));
  assertTradeInstruction(built.instructions[0], {
    program: P,
    name: "edit_limit_order_er",
    signing: { owner: ALICE, signer: ALICE },
    accounts,
    args: { orderId: 1, ...args },
    exactRoles: true,
  });
}

/** The slot's current limit price (140.00), which an edit without a new price sends (DECISIONS 5.18), never 0. */
const current = px("140");

Deno.test("edit-limit-order: only a TP given → the current price and size sent as they are, the old TP replaced", () => {
  expectEdit({ takeProfitUi: "175" }, {
    limitPrice: current,
    sizeAmount: 3_000_000_000n,
    stopLossPrice: zero,
    takeProfitPrice: px("175"),
  });
});

Deno.test('edit-limit-order: new price and size; omitted TP/SL are removed; "0" keeps', () => {
  expectEdit({ limitPriceUi: "150", sizeAmountUi: "2", stopLossUi: "120" }, {
    limitPrice: px("150"),
    sizeAmount: 2_000_000_000n,
    stopLossPrice: px("120"),
    takeProfitPrice: zero,
  });
  expectEdit({ limitPriceUi: "0", sizeAmountUi: "0", takeProfitUi: "0" }, {
    limitPrice: current,
    sizeAmount: 3_000_000_000n,
    stopLossPrice: zero,
    takeProfitPrice: zero,
  });
  // Zero written otherwise is zero too.
  expectEdit({ limitPriceUi: "0.00", sizeAmountUi: ".0" }, {
    limitPrice: current,
    sizeAmount: 3_000_000_000n,
    stopLossPrice: zero,
    takeProfitPrice: zero,
  });
});

Deno.test("edit-limit-order: refusals", () => {
  const f = tradingFixture();
  const run = (req: Partial<EditLimitOrderRequest>) => {
    const w = f.snapshot("v2");
    return refusal(() => editLimitOrderTransaction(w, { ...base, ...req }, owner(ALICE)));
  };
  assert.equal(run({ orderId: 0 }).code, "ORDER_NOT_FOUND");
  assert.equal(run({ orderId: 9 }).code, "ORDER_SLOT_INVALID");
  assert.match(run({ limitPriceUi: "165" }).err, /limit order must be below the mark price 160.00/);
  assert.equal(run({ takeProfitUi: "155" }).code, "TRIGGER_PRICE_INVALID");
  assert.equal(run({ stopLossUi: "165" }).code, "TRIGGER_PRICE_INVALID");
  // Non-zero amounts below the oracle's or the token's precision are not the "0" that keeps or removes.
  assert.deepEqual(run({ limitPriceUi: "0.000000001" }), {
    code: "TRIGGER_PRICE_INVALID",
    err: "limitPriceUi must be greater than zero",
  });
  assert.equal(run({ takeProfitUi: "0.00000000000000000001" }).code, "TRIGGER_PRICE_INVALID");
  assert.deepEqual(run({ sizeAmountUi: "0.0000000001" }), {
    code: "ORDER_SIZE_INVALID",
    err: "sizeAmountUi must be at least one native unit",
  });
  // 1 000 SOL on a 1-SOL reserve: beyond 100x.
  assert.equal(run({ sizeAmountUi: "1000" }).code, "COMPUTE_FAILED");
  // A reserve of 0.06 SOL ($9.60): no more than the minimum collateral after the fee.
  const basket = aliceBasket();
  basket.orders[0].order.limitOrders[1] = { ...basket.orders[0].order.limitOrders[1], reserveAmount: 60_000_000n };
  f.put("v2", pda.basket(P, ALICE), basketAccount, basket);
  const poor = run({ sizeAmountUi: "0.1" });
  assert.equal(poor.code, "INSUFFICIENT_COLLATERAL");
  assert.match(poor.err, /the edited limit order/);
});
