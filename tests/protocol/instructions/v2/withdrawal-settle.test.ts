import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  WITHDRAWAL_SETTLE_ACCOUNTS,
  withdrawalSettle,
  withdrawalSettleInstruction,
} from "../../../../src/protocol/instructions/v2/withdrawal-settle.ts";
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
  ownerTokenAccount: key("ownerTokenAccount"),
  tokenMint: key("tokenMint"),
  tradeVault: key("tradeVault"),
  tradeVaultTokenAccount: key("tradeVaultTokenAccount"),
  withdrawalEscrowReceipt: key("withdrawalEscrowReceipt"),
  userDepositLedger: key("userDepositLedger"),
  tokenProgram: key("tokenProgram"),
  escrowAuth: key("escrowAuth"),
  escrow: key("escrow"),
};

/** PROTOCOL-v2 §3.13, `withdrawal_settle`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "W", accounts.owner],
  ["owner_token_account", "W", accounts.ownerTokenAccount],
  ["token_mint", "", accounts.tokenMint],
  ["trade_vault", "W", accounts.tradeVault],
  ["trade_vault_token_account", "W", accounts.tradeVaultTokenAccount],
  ["transfer_authority", "", pda.transferAuthority(P)],
  ["perpetuals", "", pda.perpetuals(P)],
  ["withdrawal_escrow_receipt", "W", accounts.withdrawalEscrowReceipt],
  ["user_deposit_ledger", "W", accounts.userDepositLedger],
  ["token_program", "", accounts.tokenProgram],
  ["event_authority", "", pda.eventAuthority(P)],
  ["program", "", P],
  ["escrow_auth", "", accounts.escrowAuth],
  ["escrow", "", accounts.escrow],
];

const ARGS = {};

Deno.test("withdrawal_settle: data = discriminator ‖ (no params), 8 bytes", () => {
  const data = withdrawalSettle.encode(ARGS);
  assert.equal(withdrawalSettle.discriminatorHex, "e74a4368e0789d99");
  assert.equal(
    hex(data),
    "e74a4368e0789d99", // discriminator
  );
  assert.equal(data.length, 8);
  assert.equal(withdrawalSettle.dataSize, 8);
  assert.deepEqual(withdrawalSettle.decode(data), ARGS);
});

Deno.test("withdrawal_settle: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = withdrawalSettleInstruction(P, accounts);
  assert.equal(ix.programAddress, P);
  assertSlotNames(WITHDRAWAL_SETTLE_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("withdrawal_settle: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    withdrawalSettle,
    WITHDRAWAL_SETTLE_ACCOUNTS,
    withdrawalSettleInstruction,
  );
});
