import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  DECREASE_POSITION_SIZE_ER_ACCOUNTS,
  decreasePositionSizeEr,
  type DecreasePositionSizeErArgs,
  decreasePositionSizeErInstruction,
} from "../../../../src/protocol/instructions/v2/decrease-position-size-er.ts";
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
  market: key("market"),
  pool: key("pool"),
  targetCustody: key("targetCustody"),
  dispensingCustody: key("dispensingCustody"),
  lockCustody: key("lockCustody"),
  targetOracleAccount: key("targetOracleAccount"),
  dispensingOracleAccount: key("dispensingOracleAccount"),
  lockOracleAccount: key("lockOracleAccount"),
};

/** PROTOCOL-v2 §3.13, `decrease_position_size_er`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "", accounts.owner],
  ["signer", "S", accounts.signer],
  ["session_token", "", P], // no session: the program id (Anchor's None)
  ["perpetuals", "", pda.perpetuals(P)],
  ["basket", "W", accounts.basket],
  ["market", "W", accounts.market],
  ["pool", "W", accounts.pool],
  ["target_custody", "", accounts.targetCustody],
  ["dispensing_custody", "W", accounts.dispensingCustody],
  ["lock_custody", "W", accounts.lockCustody],
  ["target_oracle_account", "", accounts.targetOracleAccount],
  ["dispensing_oracle_account", "", accounts.dispensingOracleAccount],
  ["lock_oracle_account", "", accounts.lockOracleAccount],
  ["realloc_vault", "W", pda.reallocVault(P)],
  ["event_authority", "", pda.eventAuthority(P)],
  ["program", "", P],
  ["ix_sysvar", "", "Sysvar1nstructions1111111111111111111111111"],
];

const ARGS: DecreasePositionSizeErArgs = {
  priceWithSlippage: { price: 14_523_456_789n, exponent: -8 },
  sizeDelta: 250_000_000n,
  privilege: "Stake",
};

Deno.test("decrease_position_size_er: data = discriminator ‖ DecreasePositionSizeErParams, 29 bytes", () => {
  const data = decreasePositionSizeEr.encode(ARGS);
  assert.equal(decreasePositionSizeEr.discriminatorHex, "561b02f0fe13c652");
  assert.equal(
    hex(data),
    "561b02f0fe13c652" + // discriminator
      "155daa6103000000" + // priceWithSlippage.price 14_523_456_789 = 0x361aa5d15 → LE 15 5d aa 61 03 00 00 00
      "f8ffffff" + // priceWithSlippage.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
      "80b2e60e00000000" + // sizeDelta 250_000_000 = 0xee6b280 → LE 80 b2 e6 0e 00 00 00 00
      "01", // privilege Stake = variant 1 → 01
  );
  assert.equal(data.length, 29);
  assert.equal(decreasePositionSizeEr.dataSize, 29);
  assert.deepEqual(decreasePositionSizeEr.decode(data), ARGS);
});

Deno.test("decrease_position_size_er: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = decreasePositionSizeErInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(DECREASE_POSITION_SIZE_ER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("decrease_position_size_er: with a session the session token fills the optional slot", () => {
  assertSessionTokenSlot(
    P,
    decreasePositionSizeEr,
    DECREASE_POSITION_SIZE_ER_ACCOUNTS,
    decreasePositionSizeErInstruction,
    accounts,
    ARGS,
  );
});

Deno.test("decrease_position_size_er: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    decreasePositionSizeEr,
    DECREASE_POSITION_SIZE_ER_ACCOUNTS,
    decreasePositionSizeErInstruction,
  );
});
