import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  REMOVE_COLLATERAL_ER_ACCOUNTS,
  removeCollateralEr,
  type RemoveCollateralErArgs,
  removeCollateralErInstruction,
} from "../../../../src/protocol/instructions/v2/remove-collateral-er.ts";
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

/** PROTOCOL-v2 §3.13, `remove_collateral_er`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "", accounts.owner],
  ["signer", "S", accounts.signer],
  ["session_token", "", P], // no session: the program id (Anchor's None)
  ["perpetuals", "", pda.perpetuals(P)],
  ["basket", "W", accounts.basket],
  ["market", "W", accounts.market],
  ["pool", "", accounts.pool],
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

const ARGS: RemoveCollateralErArgs = {
  collateralDeltaUsd: 2_500_000n,
};

Deno.test("remove_collateral_er: data = discriminator ‖ RemoveCollateralErParams, 16 bytes", () => {
  const data = removeCollateralEr.encode(ARGS);
  assert.equal(removeCollateralEr.discriminatorHex, "824690d560fe01e1");
  assert.equal(
    hex(data),
    "824690d560fe01e1" + // discriminator
      "a025260000000000", // collateralDeltaUsd 2_500_000 = 0x2625a0 → LE a0 25 26 00 00 00 00 00
  );
  assert.equal(data.length, 16);
  assert.equal(removeCollateralEr.dataSize, 16);
  assert.deepEqual(removeCollateralEr.decode(data), ARGS);
});

Deno.test("remove_collateral_er: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = removeCollateralErInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(REMOVE_COLLATERAL_ER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("remove_collateral_er: with a session the session token fills the optional slot", () => {
  assertSessionTokenSlot(
    P,
    removeCollateralEr,
    REMOVE_COLLATERAL_ER_ACCOUNTS,
    removeCollateralErInstruction,
    accounts,
    ARGS,
  );
});

Deno.test("remove_collateral_er: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    removeCollateralEr,
    REMOVE_COLLATERAL_ER_ACCOUNTS,
    removeCollateralErInstruction,
  );
});
