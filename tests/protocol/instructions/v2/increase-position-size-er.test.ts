import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  INCREASE_POSITION_SIZE_ER_ACCOUNTS,
  increasePositionSizeEr,
  type IncreasePositionSizeErArgs,
  increasePositionSizeErInstruction,
} from "../../../../src/protocol/instructions/v2/increase-position-size-er.ts";
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
  userDepositLedger: key("userDepositLedger"),
  market: key("market"),
  pool: key("pool"),
  targetCustody: key("targetCustody"),
  receivingCustody: key("receivingCustody"),
  lockCustody: key("lockCustody"),
  targetOracleAccount: key("targetOracleAccount"),
  receivingOracleAccount: key("receivingOracleAccount"),
  lockOracleAccount: key("lockOracleAccount"),
};

/** PROTOCOL-v2 §3.13, `increase_position_size_er`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "", accounts.owner],
  ["signer", "S", accounts.signer],
  ["session_token", "", P], // no session: the program id (Anchor's None)
  ["perpetuals", "", pda.perpetuals(P)],
  ["basket", "W", accounts.basket],
  ["user_deposit_ledger", "", accounts.userDepositLedger],
  ["market", "W", accounts.market],
  ["pool", "W", accounts.pool],
  ["target_custody", "", accounts.targetCustody],
  ["receiving_custody", "W", accounts.receivingCustody],
  ["lock_custody", "W", accounts.lockCustody],
  ["target_oracle_account", "", accounts.targetOracleAccount],
  ["receiving_oracle_account", "", accounts.receivingOracleAccount],
  ["lock_oracle_account", "", accounts.lockOracleAccount],
  ["realloc_vault", "W", pda.reallocVault(P)],
  ["event_authority", "", pda.eventAuthority(P)],
  ["program", "", P],
  ["ix_sysvar", "", "Sysvar1nstructions1111111111111111111111111"],
];

const ARGS: IncreasePositionSizeErArgs = {
  priceWithSlippage: { price: 14_523_456_789n, exponent: -8 },
  sizeDelta: 250_000_000n,
  deltaCollateralAmount: 0n,
  privilege: "None",
};

Deno.test("increase_position_size_er: data = discriminator ‖ IncreasePositionSizeErParams, 37 bytes", () => {
  const data = increasePositionSizeEr.encode(ARGS);
  assert.equal(increasePositionSizeEr.discriminatorHex, "fb389c2168ad84f7");
  assert.equal(
    hex(data),
    "fb389c2168ad84f7" + // discriminator
      "155daa6103000000" + // priceWithSlippage.price 14_523_456_789 = 0x361aa5d15 → LE 15 5d aa 61 03 00 00 00
      "f8ffffff" + // priceWithSlippage.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
      "80b2e60e00000000" + // sizeDelta 250_000_000 = 0xee6b280 → LE 80 b2 e6 0e 00 00 00 00
      "0000000000000000" + // deltaCollateralAmount 0 = 0x0 → LE 00 00 00 00 00 00 00 00
      "00", // privilege None = variant 0 → 00
  );
  assert.equal(data.length, 37);
  assert.equal(increasePositionSizeEr.dataSize, 37);
  assert.deepEqual(increasePositionSizeEr.decode(data), ARGS);
});

Deno.test("increase_position_size_er: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = increasePositionSizeErInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(INCREASE_POSITION_SIZE_ER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("increase_position_size_er: with a session the session token fills the optional slot", () => {
  assertSessionTokenSlot(
    P,
    increasePositionSizeEr,
    INCREASE_POSITION_SIZE_ER_ACCOUNTS,
    increasePositionSizeErInstruction,
    accounts,
    ARGS,
  );
});

Deno.test("increase_position_size_er: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    increasePositionSizeEr,
    INCREASE_POSITION_SIZE_ER_ACCOUNTS,
    increasePositionSizeErInstruction,
  );
});
