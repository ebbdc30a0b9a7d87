import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  OPEN_POSITION_ER_ACCOUNTS,
  openPositionEr,
  type OpenPositionErArgs,
  openPositionErInstruction,
} from "../../../../src/protocol/instructions/v2/open-position-er.ts";
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
  pool: key("pool"),
  market: key("market"),
  targetCustody: key("targetCustody"),
  lockCustody: key("lockCustody"),
  receivingCustody: key("receivingCustody"),
  targetOracleAccount: key("targetOracleAccount"),
  lockOracleAccount: key("lockOracleAccount"),
  receivingOracleAccount: key("receivingOracleAccount"),
};

/** PROTOCOL-v2 §3.13, `open_position_er`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "", accounts.owner],
  ["signer", "S", accounts.signer],
  ["session_token", "", P], // no session: the program id (Anchor's None)
  ["perpetuals", "", pda.perpetuals(P)],
  ["basket", "W", accounts.basket],
  ["user_deposit_ledger", "", accounts.userDepositLedger],
  ["pool", "W", accounts.pool],
  ["market", "W", accounts.market],
  ["target_custody", "", accounts.targetCustody],
  ["lock_custody", "W", accounts.lockCustody],
  ["receiving_custody", "W", accounts.receivingCustody],
  ["target_oracle_account", "", accounts.targetOracleAccount],
  ["lock_oracle_account", "", accounts.lockOracleAccount],
  ["receiving_oracle_account", "", accounts.receivingOracleAccount],
  ["realloc_vault", "W", pda.reallocVault(P)],
  ["event_authority", "", pda.eventAuthority(P)],
  ["program", "", P],
  ["ix_sysvar", "", "Sysvar1nstructions1111111111111111111111111"],
];

const ARGS: OpenPositionErArgs = {
  priceWithSlippage: { price: 14_523_456_789n, exponent: -8 },
  collateralAmount: 11_000_000n,
  sizeAmount: 757_382_141n,
  privilege: "None",
};

Deno.test("open_position_er: data = discriminator ‖ OpenPositionErParams, 37 bytes", () => {
  const data = openPositionEr.encode(ARGS);
  assert.equal(openPositionEr.discriminatorHex, "3884e4954122a76f");
  assert.equal(
    hex(data),
    "3884e4954122a76f" + // discriminator
      "155daa6103000000" + // priceWithSlippage.price 14_523_456_789 = 0x361aa5d15 → LE 15 5d aa 61 03 00 00 00
      "f8ffffff" + // priceWithSlippage.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
      "c0d8a70000000000" + // collateralAmount 11_000_000 = 0xa7d8c0 → LE c0 d8 a7 00 00 00 00 00
      "fdbb242d00000000" + // sizeAmount 757_382_141 = 0x2d24bbfd → LE fd bb 24 2d 00 00 00 00
      "00", // privilege None = variant 0 → 00
  );
  assert.equal(data.length, 37);
  assert.equal(openPositionEr.dataSize, 37);
  assert.deepEqual(openPositionEr.decode(data), ARGS);
});

Deno.test("open_position_er: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = openPositionErInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(OPEN_POSITION_ER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("open_position_er: with a session the session token fills the optional slot", () => {
  assertSessionTokenSlot(P, openPositionEr, OPEN_POSITION_ER_ACCOUNTS, openPositionErInstruction, accounts, ARGS);
});

Deno.test("open_position_er: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    openPositionEr,
    OPEN_POSITION_ER_ACCOUNTS,
    openPositionErInstruction,
  );
});
