import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  DEPOSIT_DIRECT_ACCOUNTS,
  depositDirect,
  type DepositDirectArgs,
  depositDirectInstruction,
} from "../../../../src/protocol/instructions/v2/deposit-direct.ts";
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
  depositor: key("depositor"),
  owner: key("owner"),
  depositorTokenAccount: key("depositorTokenAccount"),
  tokenMint: key("tokenMint"),
  tradeVault: key("tradeVault"),
  tradeVaultTokenAccount: key("tradeVaultTokenAccount"),
  userDepositLedger: key("userDepositLedger"),
  tokenProgram: key("tokenProgram"),
};

/** PROTOCOL-v2 §3.13, `deposit_direct`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["depositor", "SW", accounts.depositor],
  ["owner", "", accounts.owner],
  ["perpetuals", "", pda.perpetuals(P)],
  ["depositor_token_account", "W", accounts.depositorTokenAccount],
  ["token_mint", "", accounts.tokenMint],
  ["trade_vault", "W", accounts.tradeVault],
  ["trade_vault_token_account", "W", accounts.tradeVaultTokenAccount],
  ["user_deposit_ledger", "W", accounts.userDepositLedger],
  ["token_program", "", accounts.tokenProgram],
  ["system_program", "", "11111111111111111111111111111111"],
  ["event_authority", "", pda.eventAuthority(P)],
  ["program", "", P],
];

const ARGS: DepositDirectArgs = {
  amount: 11_000_000n,
};

Deno.test("deposit_direct: data = discriminator ‖ DepositDirectParams, 16 bytes", () => {
  const data = depositDirect.encode(ARGS);
  assert.equal(depositDirect.discriminatorHex, "ceb7b208c4571b96");
  assert.equal(
    hex(data),
    "ceb7b208c4571b96" + // discriminator
      "c0d8a70000000000", // amount 11_000_000 = 0xa7d8c0 → LE c0 d8 a7 00 00 00 00 00
  );
  assert.equal(data.length, 16);
  assert.equal(depositDirect.dataSize, 16);
  assert.deepEqual(depositDirect.decode(data), ARGS);
});

Deno.test("deposit_direct: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = depositDirectInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(DEPOSIT_DIRECT_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("deposit_direct: build → parse round trip (property)", () => {
  assertRoundTrip(P, depositDirect, DEPOSIT_DIRECT_ACCOUNTS, depositDirectInstruction);
});
