import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  CUSTODY_SETTLEMENT_SETTLE_ACCOUNTS,
  custodySettlementSettle,
  custodySettlementSettleInstruction,
} from "../../../../src/protocol/instructions/v2/custody-settlement-settle.ts";
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
  payer: key("payer"),
  pool: key("pool"),
  custody: key("custody"),
  tradeVault: key("tradeVault"),
  tradeVaultTokenAccount: key("tradeVaultTokenAccount"),
  custodyTokenAccount: key("custodyTokenAccount"),
  tokenMint: key("tokenMint"),
  settlementReceipt: key("settlementReceipt"),
  tokenProgram: key("tokenProgram"),
  escrowAuth: key("escrowAuth"),
  escrow: key("escrow"),
};

/** PROTOCOL-v2 §3.13, `custody_settlement_settle`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["payer", "W", accounts.payer],
  ["pool", "", accounts.pool],
  ["custody", "", accounts.custody],
  ["trade_vault", "W", accounts.tradeVault],
  ["trade_vault_token_account", "W", accounts.tradeVaultTokenAccount],
  ["custody_token_account", "W", accounts.custodyTokenAccount],
  ["token_mint", "", accounts.tokenMint],
  ["transfer_authority", "", pda.transferAuthority(P)],
  ["perpetuals", "", pda.perpetuals(P)],
  ["settlement_receipt", "W", accounts.settlementReceipt],
  ["token_program", "", accounts.tokenProgram],
  ["event_authority", "", pda.eventAuthority(P)],
  ["program", "", P],
  ["escrow_auth", "", accounts.escrowAuth],
  ["escrow", "", accounts.escrow],
];

const ARGS = {};

Deno.test("custody_settlement_settle: data = discriminator ‖ (no params), 8 bytes", () => {
  const data = custodySettlementSettle.encode(ARGS);
  assert.equal(custodySettlementSettle.discriminatorHex, "11fe88981b3311aa");
  assert.equal(
    hex(data),
    "11fe88981b3311aa", // discriminator
  );
  assert.equal(data.length, 8);
  assert.equal(custodySettlementSettle.dataSize, 8);
  assert.deepEqual(custodySettlementSettle.decode(data), ARGS);
});

Deno.test("custody_settlement_settle: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = custodySettlementSettleInstruction(P, accounts);
  assert.equal(ix.programAddress, P);
  assertSlotNames(CUSTODY_SETTLEMENT_SETTLE_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("custody_settlement_settle: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    custodySettlementSettle,
    CUSTODY_SETTLEMENT_SETTLE_ACCOUNTS,
    custodySettlementSettleInstruction,
  );
});
