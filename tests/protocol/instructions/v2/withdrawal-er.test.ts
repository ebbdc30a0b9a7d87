import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  WITHDRAWAL_ER_ACCOUNTS,
  withdrawalEr,
  withdrawalErInstruction,
} from "../../../../src/protocol/instructions/v2/withdrawal-er.ts";
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
  basket: key("basket"),
  userDepositLedger: key("userDepositLedger"),
  withdrawalEscrowReceipt: key("withdrawalEscrowReceipt"),
  ownerTokenAccount: key("ownerTokenAccount"),
  tokenMint: key("tokenMint"),
  tradeVault: key("tradeVault"),
  tradeVaultTokenAccount: key("tradeVaultTokenAccount"),
  tokenProgram: key("tokenProgram"),
};

/** PROTOCOL-v2 §3.13, `withdrawal_er`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "", accounts.owner],
  ["payer", "S", accounts.payer],
  ["basket", "W", accounts.basket],
  ["user_deposit_ledger", "", accounts.userDepositLedger],
  ["withdrawal_escrow_receipt", "W", accounts.withdrawalEscrowReceipt],
  ["owner_token_account", "", accounts.ownerTokenAccount],
  ["token_mint", "", accounts.tokenMint],
  ["trade_vault", "", accounts.tradeVault],
  ["trade_vault_token_account", "", accounts.tradeVaultTokenAccount],
  ["transfer_authority", "", pda.transferAuthority(P)],
  ["perpetuals", "", pda.perpetuals(P)],
  ["token_program", "", accounts.tokenProgram],
  ["system_program", "", "11111111111111111111111111111111"],
  ["program_id", "", P],
  ["event_authority", "", pda.eventAuthority(P)],
  ["program", "", P],
  ["magic_program", "", "Magic11111111111111111111111111111111111111"],
  ["magic_context", "W", "MagicContext1111111111111111111111111111111"],
];

const ARGS = {};

Deno.test("withdrawal_er: data = discriminator ‖ (no params), 8 bytes", () => {
  const data = withdrawalEr.encode(ARGS);
  assert.equal(withdrawalEr.discriminatorHex, "c1bb0079056a2d0f");
  assert.equal(
    hex(data),
    "c1bb0079056a2d0f", // discriminator
  );
  assert.equal(data.length, 8);
  assert.equal(withdrawalEr.dataSize, 8);
  assert.deepEqual(withdrawalEr.decode(data), ARGS);
});

Deno.test("withdrawal_er: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = withdrawalErInstruction(P, accounts);
  assert.equal(ix.programAddress, P);
  assertSlotNames(WITHDRAWAL_ER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("withdrawal_er: build → parse round trip (property)", () => {
  assertRoundTrip(P, withdrawalEr, WITHDRAWAL_ER_ACCOUNTS, withdrawalErInstruction);
});
