import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  ADD_COLLATERAL_ER_ACCOUNTS,
  addCollateralEr,
  type AddCollateralErArgs,
  addCollateralErInstruction,
} from "../../../../src/protocol/instructions/v2/add-collateral-er.ts";
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

/** PROTOCOL-v2 §3.13, `add_collateral_er`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "", accounts.owner],
  ["signer", "S", accounts.signer],
  ["session_token", "", P], // no session: the program id (Anchor's None)
  ["perpetuals", "", pda.perpetuals(P)],
  ["basket", "W", accounts.basket],
  ["user_deposit_ledger", "", accounts.userDepositLedger],
  ["market", "W", accounts.market],
  ["pool", "", accounts.pool],
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

const ARGS: AddCollateralErArgs = {
  collateralDelta: 5_000_000n,
};

Deno.test("add_collateral_er: data = discriminator ‖ AddCollateralErParams, 16 bytes", () => {
  const data = addCollateralEr.encode(ARGS);
  assert.equal(addCollateralEr.discriminatorHex, "e12d954274a0e45d");
  assert.equal(
    hex(data),
    "e12d954274a0e45d" + // discriminator
      "404b4c0000000000", // collateralDelta 5_000_000 = 0x4c4b40 → LE 40 4b 4c 00 00 00 00 00
  );
  assert.equal(data.length, 16);
  assert.equal(addCollateralEr.dataSize, 16);
  assert.deepEqual(addCollateralEr.decode(data), ARGS);
});

Deno.test("add_collateral_er: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = addCollateralErInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(ADD_COLLATERAL_ER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("add_collateral_er: with a session the session token fills the optional slot", () => {
  assertSessionTokenSlot(P, addCollateralEr, ADD_COLLATERAL_ER_ACCOUNTS, addCollateralErInstruction, accounts, ARGS);
});

Deno.test("add_collateral_er: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    addCollateralEr,
    ADD_COLLATERAL_ER_ACCOUNTS,
    addCollateralErInstruction,
  );
});
