import assert from "node:assert/strict";
import {
  INIT_USER_DEPOSIT_LEDGER_ACCOUNTS,
  initUserDepositLedger,
  type InitUserDepositLedgerArgs,
  initUserDepositLedgerInstruction,
} from "../../../../src/protocol/instructions/v2/init-user-deposit-ledger.ts";
import {
  assertAccounts,
  assertRoundTrip,
  assertSlotNames,
  type ExpectedAccount,
  hex,
  key,
  PROGRAM_V2 as P,
} from "../_check.ts";

const accounts = {
  owner: key("owner"),
  payer: key("payer"),
  userDepositLedger: key("userDepositLedger"),
};

/** PROTOCOL-v2 §3.13, `init_user_deposit_ledger`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "", accounts.owner],
  ["payer", "SW", accounts.payer],
  ["user_deposit_ledger", "W", accounts.userDepositLedger],
  ["system_program", "", "11111111111111111111111111111111"],
];

const ARGS: InitUserDepositLedgerArgs = {
  depositCapacity: 20,
};

Deno.test("init_user_deposit_ledger: data = discriminator ‖ InitUserDepositLedgerParams, 9 bytes", () => {
  const data = initUserDepositLedger.encode(ARGS);
  assert.equal(initUserDepositLedger.discriminatorHex, "5570ce9412130593");
  assert.equal(
    hex(data),
    "5570ce9412130593" + // discriminator
      "14", // depositCapacity 20 → 14
  );
  assert.equal(data.length, 9);
  assert.equal(initUserDepositLedger.dataSize, 9);
  assert.deepEqual(initUserDepositLedger.decode(data), ARGS);
});

Deno.test("init_user_deposit_ledger: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = initUserDepositLedgerInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(INIT_USER_DEPOSIT_LEDGER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("init_user_deposit_ledger: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    initUserDepositLedger,
    INIT_USER_DEPOSIT_LEDGER_ACCOUNTS,
    initUserDepositLedgerInstruction,
  );
});
