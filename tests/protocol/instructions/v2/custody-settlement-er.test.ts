import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  CUSTODY_SETTLEMENT_ER_ACCOUNTS,
  custodySettlementEr,
  custodySettlementErInstruction,
} from "../../../../src/protocol/instructions/v2/custody-settlement-er.ts";
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
  settlementReceipt: key("settlementReceipt"),
  tradeVault: key("tradeVault"),
  tradeVaultTokenAccount: key("tradeVaultTokenAccount"),
  custodyTokenAccount: key("custodyTokenAccount"),
  tokenMint: key("tokenMint"),
  tokenProgram: key("tokenProgram"),
};

/** PROTOCOL-v2 §3.13, `custody_settlement_er`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["payer", "S", accounts.payer],
  ["pool", "", accounts.pool],
  ["custody", "W", accounts.custody],
  ["settlement_receipt", "W", accounts.settlementReceipt],
  ["trade_vault", "", accounts.tradeVault],
  ["trade_vault_token_account", "", accounts.tradeVaultTokenAccount],
  ["custody_token_account", "", accounts.custodyTokenAccount],
  ["token_mint", "", accounts.tokenMint],
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

Deno.test("custody_settlement_er: data = discriminator ‖ (no params), 8 bytes", () => {
  const data = custodySettlementEr.encode(ARGS);
  assert.equal(custodySettlementEr.discriminatorHex, "e359ba3a6b75701b");
  assert.equal(
    hex(data),
    "e359ba3a6b75701b", // discriminator
  );
  assert.equal(data.length, 8);
  assert.equal(custodySettlementEr.dataSize, 8);
  assert.deepEqual(custodySettlementEr.decode(data), ARGS);
});

Deno.test("custody_settlement_er: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = custodySettlementErInstruction(P, accounts);
  assert.equal(ix.programAddress, P);
  assertSlotNames(CUSTODY_SETTLEMENT_ER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("custody_settlement_er: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    custodySettlementEr,
    CUSTODY_SETTLEMENT_ER_ACCOUNTS,
    custodySettlementErInstruction,
  );
});
