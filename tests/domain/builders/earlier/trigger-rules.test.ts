/** Trigger-order rules: sides against a reference price, live slots, free slots. */
import assert from "node:assert/strict";
import {
  liveTriggerSlots,
  requireFreeTriggerSlots,
  requireTriggerSide,
} from "../../../../src/domain/builders/earlier/trigger-rules.ts";
import { QuoteError } from "../../../../src/domain/quotes/result.ts";
import { DAVE, orderAccountOf } from "../../../helpers/hand-built-deployment.ts";

const mark = { price: 16_000_000_000n, exponent: -8 };
const p = (price: bigint, exponent = -8) => ({ price, exponent });
const refused = (fn: () => void) =>
  assert.throws(fn, (e) => e instanceof QuoteError && e.code === "TRIGGER_PRICE_INVALID");

Deno.test("long TP and short SL above the reference, long SL and short TP below; equal and zero refused", () => {
  requireTriggerSide("Long", false, p(16_000_000_001n), mark, "current price");
  requireTriggerSide("Long", true, p(15_999_999_999n), mark, "current price");
  requireTriggerSide("Short", false, p(15_000_000_000n), mark, "current price");
  requireTriggerSide("Short", true, p(17_000_000_000n), mark, "current price");
  // Exponents are compared exactly: 160.0000000001 at −10 is above 160.00000000 at −8.
  requireTriggerSide("Long", false, p(1_600_000_000_001n, -10), mark, "current price");
  refused(() => requireTriggerSide("Long", false, mark, mark, "current price"));
  refused(() => requireTriggerSide("Long", true, p(17_000_000_000n), mark, "current price"));
  refused(() => requireTriggerSide("Short", false, p(17_000_000_000n), mark, "current price"));
  refused(() => requireTriggerSide("Short", true, p(0n), mark, "current price"));
  assert.throws(
    () => requireTriggerSide("Short", true, p(15_000_000_000n), mark, "limit price"),
    /stop-loss price must be above the limit price for a short position/,
  );
});

Deno.test("live slots are the non-empty ones; five live slots leave no room", () => {
  const order = { ...orderAccountOf("earlier", DAVE, DAVE), openTp: 0, openSl: 0 };
  assert.deepEqual(liveTriggerSlots(order, false), [0]);
  assert.deepEqual(liveTriggerSlots(order, true), [2]);
  assert.deepEqual(liveTriggerSlots(undefined, true), []);
  requireFreeTriggerSlots(order, false, 4);
  assert.throws(
    () => requireFreeTriggerSlots(order, false, 5),
    (e) => e instanceof QuoteError && e.code === "ORDER_SLOTS_FULL",
  );
  const full = { ...order, stopLossOrders: order.stopLossOrders.map(() => order.stopLossOrders[2]) };
  assert.throws(() => requireFreeTriggerSlots(full, true), /all five stop-loss slots/);
});
