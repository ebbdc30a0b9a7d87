import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  CANCEL_LIMIT_ORDER_ER_ACCOUNTS,
  cancelLimitOrderEr,
  type CancelLimitOrderErArgs,
  cancelLimitOrderErInstruction,
} from "../../../../src/protocol/instructions/v2/cancel-limit-order-er.ts";
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
  pool: key("pool"),
  targetCustody: key("targetCustody"),
  lockCustody: key("lockCustody"),
  reserveCustody: key("reserveCustody"),
};

/** PROTOCOL-v2 §3.13, `cancel_limit_order_er`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "", accounts.owner],
  ["signer", "S", accounts.signer],
  ["session_token", "", P], // no session: the program id (Anchor's None)
  ["perpetuals", "", pda.perpetuals(P)],
  ["basket", "W", accounts.basket],
  ["pool", "", accounts.pool],
  ["target_custody", "", accounts.targetCustody],
  ["lock_custody", "", accounts.lockCustody],
  ["reserve_custody", "W", accounts.reserveCustody],
  ["event_authority", "", pda.eventAuthority(P)],
  ["program", "", P],
];

const ARGS: CancelLimitOrderErArgs = {
  market: "3vHoXbUvGhEHFsLUmxyC6VWsbYDreb1zMn9TAp5ijN5K",
  orderId: 3,
};

Deno.test("cancel_limit_order_er: data = discriminator ‖ CancelLimitOrderErParams, 41 bytes", () => {
  const data = cancelLimitOrderEr.encode(ARGS);
  assert.equal(cancelLimitOrderEr.discriminatorHex, "d63f8c47c82216af");
  assert.equal(
    hex(data),
    "d63f8c47c82216af" + // discriminator
      "2b5e27b0ae197b6b3385ae8bfc9d8c1b82a2394b74f319cae1ce293a06855fce" + // market: the 32 bytes of 3vHoXbUv… (base58-decoded)
      "03", // orderId 3 → 03
  );
  assert.equal(data.length, 41);
  assert.equal(cancelLimitOrderEr.dataSize, 41);
  assert.deepEqual(cancelLimitOrderEr.decode(data), ARGS);
});

Deno.test("cancel_limit_order_er: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = cancelLimitOrderErInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(CANCEL_LIMIT_ORDER_ER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("cancel_limit_order_er: with a session the session token fills the optional slot", () => {
  assertSessionTokenSlot(
    P,
    cancelLimitOrderEr,
    CANCEL_LIMIT_ORDER_ER_ACCOUNTS,
    cancelLimitOrderErInstruction,
    accounts,
    ARGS,
  );
});

Deno.test("cancel_limit_order_er: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    cancelLimitOrderEr,
    CANCEL_LIMIT_ORDER_ER_ACCOUNTS,
    cancelLimitOrderErInstruction,
  );
});
