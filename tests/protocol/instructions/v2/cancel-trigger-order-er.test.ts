import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  CANCEL_TRIGGER_ORDER_ER_ACCOUNTS,
  cancelTriggerOrderEr,
  type CancelTriggerOrderErArgs,
  cancelTriggerOrderErInstruction,
} from "../../../../src/protocol/instructions/v2/cancel-trigger-order-er.ts";
import {
  assertAccounts,
  assertRoundTrip,
  assertSessionTokenSlot,
  assertSlotNames,
  type ExpectedAccount,
  hex,
  key,
  PROGRAM_V2 as P,
} from "../_check.ts";

const accounts = {
  owner: key("owner"),
  signer: key("signer"),
  basket: key("basket"),
};

/** PROTOCOL-v2 §3.13, `cancel_trigger_order_er`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "", accounts.owner],
  ["signer", "S", accounts.signer],
  ["session_token", "", P], // no session: the program id (Anchor's None)
  ["perpetuals", "", pda.perpetuals(P)],
  ["basket", "W", accounts.basket],
  ["event_authority", "", pda.eventAuthority(P)],
  ["program", "", P],
];

const ARGS: CancelTriggerOrderErArgs = {
  market: "3vHoXbUvGhEHFsLUmxyC6VWsbYDreb1zMn9TAp5ijN5K",
  orderId: 255,
  isStopLoss: true,
};

Deno.test("cancel_trigger_order_er: data = discriminator ‖ CancelTriggerOrderErParams, 42 bytes", () => {
  const data = cancelTriggerOrderEr.encode(ARGS);
  assert.equal(cancelTriggerOrderEr.discriminatorHex, "c8ccc19b74f06d66");
  assert.equal(
    hex(data),
    "c8ccc19b74f06d66" + // discriminator
      "2b5e27b0ae197b6b3385ae8bfc9d8c1b82a2394b74f319cae1ce293a06855fce" + // market: the 32 bytes of 3vHoXbUv… (base58-decoded)
      "ff" + // orderId 255 → ff
      "01", // isStopLoss true → 01
  );
  assert.equal(data.length, 42);
  assert.equal(cancelTriggerOrderEr.dataSize, 42);
  assert.deepEqual(cancelTriggerOrderEr.decode(data), ARGS);
});

Deno.test("cancel_trigger_order_er: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = cancelTriggerOrderErInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(CANCEL_TRIGGER_ORDER_ER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("cancel_trigger_order_er: with a session the session token fills the optional slot", () => {
  assertSessionTokenSlot(
    P,
    cancelTriggerOrderEr,
    CANCEL_TRIGGER_ORDER_ER_ACCOUNTS,
    cancelTriggerOrderErInstruction,
    accounts,
    ARGS,
  );
});

Deno.test("cancel_trigger_order_er: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    cancelTriggerOrderEr,
    CANCEL_TRIGGER_ORDER_ER_ACCOUNTS,
    cancelTriggerOrderErInstruction,
  );
});
