import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  CUSTODY_SETTLEMENT_WITH_ACTION_ACCOUNTS,
  custodySettlementWithAction,
  custodySettlementWithActionInstruction,
} from "../../../../src/protocol/instructions/v2/custody-settlement-with-action.ts";
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
  tokenMint: key("tokenMint"),
  tradeVault: key("tradeVault"),
  tradeVaultTokenAccount: key("tradeVaultTokenAccount"),
  custodyTokenAccount: key("custodyTokenAccount"),
  bufferSettlementReceipt: key("bufferSettlementReceipt"),
  delegationRecordSettlementReceipt: key("delegationRecordSettlementReceipt"),
  delegationMetadataSettlementReceipt: key("delegationMetadataSettlementReceipt"),
  settlementReceipt: key("settlementReceipt"),
  tokenProgram: key("tokenProgram"),
};

/** PROTOCOL-v2 §3.13, `custody_settlement_with_action`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["payer", "S", accounts.payer],
  ["pool", "", accounts.pool],
  ["custody", "", accounts.custody],
  ["perpetuals", "", pda.perpetuals(P)],
  ["transfer_authority", "", pda.transferAuthority(P)],
  ["token_mint", "", accounts.tokenMint],
  ["trade_vault", "", accounts.tradeVault],
  ["trade_vault_token_account", "W", accounts.tradeVaultTokenAccount],
  ["custody_token_account", "W", accounts.custodyTokenAccount],
  ["buffer_settlement_receipt", "W", accounts.bufferSettlementReceipt],
  ["delegation_record_settlement_receipt", "W", accounts.delegationRecordSettlementReceipt],
  ["delegation_metadata_settlement_receipt", "W", accounts.delegationMetadataSettlementReceipt],
  ["settlement_receipt", "W", accounts.settlementReceipt],
  ["token_program", "", accounts.tokenProgram],
  ["system_program", "", "11111111111111111111111111111111"],
  ["event_authority", "", pda.eventAuthority(P)],
  ["program", "", P],
  ["owner_program", "", P],
  ["delegation_program", "", "DELeGGvXpWV2fqJUhqcF5ZSYMS4JTLjteaAMARRSaeSh"],
];

const ARGS = {};

Deno.test("custody_settlement_with_action: data = discriminator ‖ CustodySettlementWithActionParams, 8 bytes", () => {
  const data = custodySettlementWithAction.encode(ARGS);
  assert.equal(custodySettlementWithAction.discriminatorHex, "389c270bef89bfd5");
  assert.equal(
    hex(data),
    "389c270bef89bfd5", // discriminator
  );
  assert.equal(data.length, 8);
  assert.equal(custodySettlementWithAction.dataSize, 8);
  assert.deepEqual(custodySettlementWithAction.decode(data), ARGS);
});

Deno.test("custody_settlement_with_action: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = custodySettlementWithActionInstruction(P, accounts);
  assert.equal(ix.programAddress, P);
  assertSlotNames(CUSTODY_SETTLEMENT_WITH_ACTION_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("custody_settlement_with_action: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    custodySettlementWithAction,
    CUSTODY_SETTLEMENT_WITH_ACTION_ACCOUNTS,
    custodySettlementWithActionInstruction,
  );
});
