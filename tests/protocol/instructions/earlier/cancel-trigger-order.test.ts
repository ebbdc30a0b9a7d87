import assert from "node:assert/strict";
import {
  CANCEL_TRIGGER_ORDER_ACCOUNTS,
  cancelTriggerOrder,
  type CancelTriggerOrderArgs,
  cancelTriggerOrderInstruction,
} from "../../../../src/protocol/instructions/earlier/cancel-trigger-order.ts";
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
  owner: key("owner"),
  order: key("order"),
};

/** PROTOCOL-v1 §8.8, `cancel_trigger_order`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "S", accounts.owner],
  ["order", "W", accounts.order],
  ["event_authority", "", "9qb3KAyARHqhVGQjJmzSVJ1hTm3KDR2QL8EBW5paXkUB"],
  ["program", "", P],
];

const ARGS: CancelTriggerOrderArgs = {
  orderId: 255,
  isStopLoss: true,
};

Deno.test("cancel_trigger_order: data = discriminator ‖ CancelTriggerOrderParams, 10 bytes", () => {
  const data = cancelTriggerOrder.encode(ARGS);
  assert.equal(cancelTriggerOrder.discriminatorHex, "905443271b19ca8d");
  assert.equal(
    hex(data),
    "905443271b19ca8d" + // discriminator
      "ff" + // orderId 255 → ff
      "01", // isStopLoss true → 01
  );
  assert.equal(data.length, 10);
  assert.equal(cancelTriggerOrder.dataSize, 10);
  assert.deepEqual(cancelTriggerOrder.decode(data), ARGS);
});

Deno.test("cancel_trigger_order: accounts in the order and with the flags of PROTOCOL-v1 §8.8", () => {
  const ix = cancelTriggerOrderInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(CANCEL_TRIGGER_ORDER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("cancel_trigger_order: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    cancelTriggerOrder,
    CANCEL_TRIGGER_ORDER_ACCOUNTS,
    cancelTriggerOrderInstruction,
  );
});
