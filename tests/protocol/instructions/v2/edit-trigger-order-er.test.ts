import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  EDIT_TRIGGER_ORDER_ER_ACCOUNTS,
  editTriggerOrderEr,
  type EditTriggerOrderErArgs,
  editTriggerOrderErInstruction,
} from "../../../../src/protocol/instructions/v2/edit-trigger-order-er.ts";
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
  market: key("market"),
  targetCustody: key("targetCustody"),
  lockCustody: key("lockCustody"),
  receiveCustody: key("receiveCustody"),
  targetOracleAccount: key("targetOracleAccount"),
  lockOracleAccount: key("lockOracleAccount"),
};

/** PROTOCOL-v2 §3.13, `edit_trigger_order_er`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "", accounts.owner],
  ["signer", "S", accounts.signer],
  ["session_token", "", P], // no session: the program id (Anchor's None)
  ["perpetuals", "", pda.perpetuals(P)],
  ["basket", "W", accounts.basket],
  ["pool", "", accounts.pool],
  ["market", "", accounts.market],
  ["target_custody", "", accounts.targetCustody],
  ["lock_custody", "", accounts.lockCustody],
  ["receive_custody", "", accounts.receiveCustody],
  ["target_oracle_account", "", accounts.targetOracleAccount],
  ["lock_oracle_account", "", accounts.lockOracleAccount],
  ["event_authority", "", pda.eventAuthority(P)],
  ["program", "", P],
  ["ix_sysvar", "", "Sysvar1nstructions1111111111111111111111111"],
];

const ARGS: EditTriggerOrderErArgs = {
  orderId: 3,
  triggerPrice: { price: 16_250_000_000n, exponent: -8 },
  deltaSizeAmount: 757_382_141n,
  isStopLoss: true,
};

Deno.test("edit_trigger_order_er: data = discriminator ‖ EditTriggerOrderErParams, 30 bytes", () => {
  const data = editTriggerOrderEr.encode(ARGS);
  assert.equal(editTriggerOrderEr.discriminatorHex, "d22a7c153dff1801");
  assert.equal(
    hex(data),
    "d22a7c153dff1801" + // discriminator
      "03" + // orderId 3 → 03
      "805293c803000000" + // triggerPrice.price 16_250_000_000 = 0x3c8935280 → LE 80 52 93 c8 03 00 00 00
      "f8ffffff" + // triggerPrice.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
      "fdbb242d00000000" + // deltaSizeAmount 757_382_141 = 0x2d24bbfd → LE fd bb 24 2d 00 00 00 00
      "01", // isStopLoss true → 01
  );
  assert.equal(data.length, 30);
  assert.equal(editTriggerOrderEr.dataSize, 30);
  assert.deepEqual(editTriggerOrderEr.decode(data), ARGS);
});

Deno.test("edit_trigger_order_er: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = editTriggerOrderErInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(EDIT_TRIGGER_ORDER_ER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("edit_trigger_order_er: with a session the session token fills the optional slot", () => {
  assertSessionTokenSlot(
    P,
    editTriggerOrderEr,
    EDIT_TRIGGER_ORDER_ER_ACCOUNTS,
    editTriggerOrderErInstruction,
    accounts,
    ARGS,
  );
});

Deno.test("edit_trigger_order_er: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    editTriggerOrderEr,
    EDIT_TRIGGER_ORDER_ER_ACCOUNTS,
    editTriggerOrderErInstruction,
  );
});
