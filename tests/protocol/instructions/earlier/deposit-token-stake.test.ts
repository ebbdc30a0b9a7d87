import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  DEPOSIT_TOKEN_STAKE_ACCOUNTS,
  depositTokenStake,
  type DepositTokenStakeArgs,
  depositTokenStakeInstruction,
} from "../../../../src/protocol/instructions/earlier/deposit-token-stake.ts";
import {
  assertAccounts,
  assertRoundTrip,
  assertSlotNames,
  type ExpectedAccount,
  hex,
  key,
  PROGRAM_EARLIER as P,
} from "../_check.ts";

const accounts = {
  owner: key("owner"),
  feePayer: key("feePayer"),
  fundingTokenAccount: key("fundingTokenAccount"),
  tokenStakeAccount: key("tokenStakeAccount"),
  tokenProgram: key("tokenProgram"),
  tokenMint: key("tokenMint"),
};

/** PROTOCOL-v1 §8.9, `deposit_token_stake`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "SW", accounts.owner],
  ["fee_payer", "SW", accounts.feePayer],
  ["funding_token_account", "W", accounts.fundingTokenAccount],
  ["perpetuals", "", "7DWCtB5Z8rPiyBMKUwqyC95R9tJpbhoQhLM9LbK3Z5QZ"],
  ["token_vault", "W", pda.tokenVault(P)],
  ["token_vault_token_account", "W", pda.tokenVaultTokenAccount(P)],
  ["token_stake_account", "W", accounts.tokenStakeAccount],
  ["system_program", "", "11111111111111111111111111111111"],
  ["token_program", "", accounts.tokenProgram],
  ["event_authority", "", "9qb3KAyARHqhVGQjJmzSVJ1hTm3KDR2QL8EBW5paXkUB"],
  ["program", "", P],
  ["token_mint", "", accounts.tokenMint],
];

const ARGS: DepositTokenStakeArgs = {
  depositAmount: 1_000_000n,
};

Deno.test("deposit_token_stake: data = discriminator ‖ DepositTokenStakeParams, 16 bytes", () => {
  const data = depositTokenStake.encode(ARGS);
  assert.equal(depositTokenStake.discriminatorHex, "694d1d421c23b70a");
  assert.equal(
    hex(data),
    "694d1d421c23b70a" + // discriminator
      "40420f0000000000", // depositAmount 1_000_000 = 0xf4240 → LE 40 42 0f 00 00 00 00 00
  );
  assert.equal(data.length, 16);
  assert.equal(depositTokenStake.dataSize, 16);
  assert.deepEqual(depositTokenStake.decode(data), ARGS);
});

Deno.test("deposit_token_stake: accounts in the order and with the flags of PROTOCOL-v1 §8.9", () => {
  const ix = depositTokenStakeInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(DEPOSIT_TOKEN_STAKE_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("deposit_token_stake: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    depositTokenStake,
    DEPOSIT_TOKEN_STAKE_ACCOUNTS,
    depositTokenStakeInstruction,
  );
});
