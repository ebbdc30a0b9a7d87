import assert from "node:assert/strict";
import {
  CANCEL_ALL_TRIGGER_ORDERS_ACCOUNTS,
  cancelAllTriggerOrders,
  cancelAllTriggerOrdersInstruction,
} from "../../../../src/protocol/instructions/earlier/cancel-all-trigger-orders.ts";
import {
  assertAccounts,
  assertRoundTrip,
  assertSlotNames,
  type ExpectedAccount,
  hex,
  key,
  PROGRAM_EARLIER as P,
} from "../_check.ts";

const accounts = {
  position: key("position"),
  order: key("order"),
};

/** PROTOCOL-v1 §8.8, `cancel_all_trigger_orders`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["position", "", accounts.position],
  ["order", "W", accounts.order],
  ["event_authority", "", "9qb3KAyARHqhVGQjJmzSVJ1hTm3KDR2QL8EBW5paXkUB"],
  ["program", "", P],
];

const ARGS = {};

Deno.test("cancel_all_trigger_orders: data = discriminator ‖ (no params), 8 bytes", () => {
  const data = cancelAllTriggerOrders.encode(ARGS);
  assert.equal(cancelAllTriggerOrders.discriminatorHex, "826c2199e41fd8db");
  assert.equal(
    hex(data),
    "826c2199e41fd8db", // discriminator
  );
  assert.equal(data.length, 8);
  assert.equal(cancelAllTriggerOrders.dataSize, 8);
  assert.deepEqual(cancelAllTriggerOrders.decode(data), ARGS);
});

Deno.test("cancel_all_trigger_orders: accounts in the order and with the flags of PROTOCOL-v1 §8.8", () => {
  const ix = cancelAllTriggerOrdersInstruction(P, accounts);
  assert.equal(ix.programAddress, P);
  assertSlotNames(CANCEL_ALL_TRIGGER_ORDERS_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("cancel_all_trigger_orders: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    cancelAllTriggerOrders,
    CANCEL_ALL_TRIGGER_ORDERS_ACCOUNTS,
    cancelAllTriggerOrdersInstruction,
  );
});
