import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  WITHDRAWAL_WITH_ACTION_ACCOUNTS,
  withdrawalWithAction,
  type WithdrawalWithActionArgs,
  withdrawalWithActionInstruction,
} from "../../../../src/protocol/instructions/v2/withdrawal-with-action.ts";
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
  feePayer: key("feePayer"),
  ownerTokenAccount: key("ownerTokenAccount"),
  tokenMint: key("tokenMint"),
  tradeVault: key("tradeVault"),
  tradeVaultTokenAccount: key("tradeVaultTokenAccount"),
  basket: key("basket"),
  userDepositLedger: key("userDepositLedger"),
  bufferWithdrawalEscrowReceipt: key("bufferWithdrawalEscrowReceipt"),
  delegationRecordWithdrawalEscrowReceipt: key("delegationRecordWithdrawalEscrowReceipt"),
  delegationMetadataWithdrawalEscrowReceipt: key("delegationMetadataWithdrawalEscrowReceipt"),
  withdrawalEscrowReceipt: key("withdrawalEscrowReceipt"),
  tokenProgram: key("tokenProgram"),
};

/** PROTOCOL-v2 §3.13, `withdrawal_with_action`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "S", accounts.owner],
  ["fee_payer", "SW", accounts.feePayer],
  ["owner_token_account", "W", accounts.ownerTokenAccount],
  ["token_mint", "", accounts.tokenMint],
  ["trade_vault", "", accounts.tradeVault],
  ["trade_vault_token_account", "W", accounts.tradeVaultTokenAccount],
  ["transfer_authority", "", pda.transferAuthority(P)],
  ["perpetuals", "", pda.perpetuals(P)],
  ["basket", "", accounts.basket],
  ["user_deposit_ledger", "", accounts.userDepositLedger],
  ["buffer_withdrawal_escrow_receipt", "W", accounts.bufferWithdrawalEscrowReceipt],
  ["delegation_record_withdrawal_escrow_receipt", "W", accounts.delegationRecordWithdrawalEscrowReceipt],
  ["delegation_metadata_withdrawal_escrow_receipt", "W", accounts.delegationMetadataWithdrawalEscrowReceipt],
  ["withdrawal_escrow_receipt", "W", accounts.withdrawalEscrowReceipt],
  ["token_program", "", accounts.tokenProgram],
  ["system_program", "", "11111111111111111111111111111111"],
  ["event_authority", "", pda.eventAuthority(P)],
  ["program", "", P],
  ["owner_program", "", P],
  ["delegation_program", "", "DELeGGvXpWV2fqJUhqcF5ZSYMS4JTLjteaAMARRSaeSh"],
];

const ARGS: WithdrawalWithActionArgs = {
  amount: 11_000_000n,
};

Deno.test("withdrawal_with_action: data = discriminator ‖ WithdrawalWithActionParams, 16 bytes", () => {
  const data = withdrawalWithAction.encode(ARGS);
  assert.equal(withdrawalWithAction.discriminatorHex, "00faf33a443304a6");
  assert.equal(
    hex(data),
    "00faf33a443304a6" + // discriminator
      "c0d8a70000000000", // amount 11_000_000 = 0xa7d8c0 → LE c0 d8 a7 00 00 00 00 00
  );
  assert.equal(data.length, 16);
  assert.equal(withdrawalWithAction.dataSize, 16);
  assert.deepEqual(withdrawalWithAction.decode(data), ARGS);
});

Deno.test("withdrawal_with_action: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = withdrawalWithActionInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(WITHDRAWAL_WITH_ACTION_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("withdrawal_with_action: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    withdrawalWithAction,
    WITHDRAWAL_WITH_ACTION_ACCOUNTS,
    withdrawalWithActionInstruction,
  );
});
