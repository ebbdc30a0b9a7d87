import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  CLOSE_POSITION_ER_ACCOUNTS,
  closePositionEr,
  type ClosePositionErArgs,
  closePositionErInstruction,
} from "../../../../src/protocol/instructions/v2/close-position-er.ts";
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
  dispensingCustody: key("dispensingCustody"),
  targetOracleAccount: key("targetOracleAccount"),
  lockOracleAccount: key("lockOracleAccount"),
  dispensingOracleAccount: key("dispensingOracleAccount"),
};

/** PROTOCOL-v2 §3.13, `close_position_er`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "", accounts.owner],
  ["signer", "S", accounts.signer],
  ["session_token", "", P], // no session: the program id (Anchor's None)
  ["perpetuals", "", pda.perpetuals(P)],
  ["basket", "W", accounts.basket],
  ["pool", "W", accounts.pool],
  ["market", "W", accounts.market],
  ["target_custody", "", accounts.targetCustody],
  ["lock_custody", "W", accounts.lockCustody],
  ["dispensing_custody", "W", accounts.dispensingCustody],
  ["target_oracle_account", "", accounts.targetOracleAccount],
  ["lock_oracle_account", "", accounts.lockOracleAccount],
  ["dispensing_oracle_account", "", accounts.dispensingOracleAccount],
  ["realloc_vault", "W", pda.reallocVault(P)],
  ["event_authority", "", pda.eventAuthority(P)],
  ["program", "", P],
  ["ix_sysvar", "", "Sysvar1nstructions1111111111111111111111111"],
];

const ARGS: ClosePositionErArgs = {
  priceWithSlippage: { price: 14_523_456_789n, exponent: -8 },
  privilege: "Referral",
};

Deno.test("close_position_er: data = discriminator ‖ ClosePositionErParams, 21 bytes", () => {
  const data = closePositionEr.encode(ARGS);
  assert.equal(closePositionEr.discriminatorHex, "77545c12ee6d1e5c");
  assert.equal(
    hex(data),
    "77545c12ee6d1e5c" + // discriminator
      "155daa6103000000" + // priceWithSlippage.price 14_523_456_789 = 0x361aa5d15 → LE 15 5d aa 61 03 00 00 00
      "f8ffffff" + // priceWithSlippage.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
      "02", // privilege Referral = variant 2 → 02
  );
  assert.equal(data.length, 21);
  assert.equal(closePositionEr.dataSize, 21);
  assert.deepEqual(closePositionEr.decode(data), ARGS);
});

Deno.test("close_position_er: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = closePositionErInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(CLOSE_POSITION_ER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("close_position_er: with a session the session token fills the optional slot", () => {
  assertSessionTokenSlot(P, closePositionEr, CLOSE_POSITION_ER_ACCOUNTS, closePositionErInstruction, accounts, ARGS);
});

Deno.test("close_position_er: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    closePositionEr,
    CLOSE_POSITION_ER_ACCOUNTS,
    closePositionErInstruction,
  );
});
