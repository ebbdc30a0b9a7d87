import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  CANCEL_ALL_TRIGGER_ORDERS_ER_ACCOUNTS,
  cancelAllTriggerOrdersEr,
  type CancelAllTriggerOrdersErArgs,
  cancelAllTriggerOrdersErInstruction,
} from "../../../../src/protocol/instructions/v2/cancel-all-trigger-orders-er.ts";
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

/** PROTOCOL-v2 §3.13, `cancel_all_trigger_orders_er`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "", accounts.owner],
  ["signer", "S", accounts.signer],
  ["session_token", "", P], // no session: the program id (Anchor's None)
  ["perpetuals", "", pda.perpetuals(P)],
  ["basket", "W", accounts.basket],
  ["event_authority", "", pda.eventAuthority(P)],
  ["program", "", P],
];

const ARGS: CancelAllTriggerOrdersErArgs = {
  market: "3vHoXbUvGhEHFsLUmxyC6VWsbYDreb1zMn9TAp5ijN5K",
};

Deno.test("cancel_all_trigger_orders_er: data = discriminator ‖ CancelAllTriggerOrdersErParams, 40 bytes", () => {
  const data = cancelAllTriggerOrdersEr.encode(ARGS);
  assert.equal(cancelAllTriggerOrdersEr.discriminatorHex, "0c58d8ebceacad07");
  assert.equal(
    hex(data),
    "0c58d8ebceacad07" + // discriminator
      "2b5e27b0ae197b6b3385ae8bfc9d8c1b82a2394b74f319cae1ce293a06855fce", // market: the 32 bytes of 3vHoXbUv… (base58-decoded)
  );
  assert.equal(data.length, 40);
  assert.equal(cancelAllTriggerOrdersEr.dataSize, 40);
  assert.deepEqual(cancelAllTriggerOrdersEr.decode(data), ARGS);
});

Deno.test("cancel_all_trigger_orders_er: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = cancelAllTriggerOrdersErInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(CANCEL_ALL_TRIGGER_ORDERS_ER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("cancel_all_trigger_orders_er: with a session the session token fills the optional slot", () => {
  assertSessionTokenSlot(
    P,
    cancelAllTriggerOrdersEr,
    CANCEL_ALL_TRIGGER_ORDERS_ER_ACCOUNTS,
    cancelAllTriggerOrdersErInstruction,
    accounts,
    ARGS,
  );
});

Deno.test("cancel_all_trigger_orders_er: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    cancelAllTriggerOrdersEr,
    CANCEL_ALL_TRIGGER_ORDERS_ER_ACCOUNTS,
    cancelAllTriggerOrdersErInstruction,
  );
});
