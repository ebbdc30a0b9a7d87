import assert from "node:assert/strict";
import {
  CLOSE_AND_SWAP_ACCOUNTS,
  closeAndSwap,
  type CloseAndSwapArgs,
  closeAndSwapInstruction,
} from "../../../../src/protocol/instructions/earlier/close-and-swap.ts";
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
  receivingAccount: key("receivingAccount"),
  collateralAccount: key("collateralAccount"),
  pool: key("pool"),
  position: key("position"),
  market: key("market"),
  targetCustody: key("targetCustody"),
  targetOracleAccount: key("targetOracleAccount"),
  collateralCustody: key("collateralCustody"),
  collateralOracleAccount: key("collateralOracleAccount"),
  collateralCustodyTokenAccount: key("collateralCustodyTokenAccount"),
  dispensingCustody: key("dispensingCustody"),
  dispensingOracleAccount: key("dispensingOracleAccount"),
  dispensingCustodyTokenAccount: key("dispensingCustodyTokenAccount"),
  receivingTokenProgram: key("receivingTokenProgram"),
  receivingMint: key("receivingMint"),
  collateralMint: key("collateralMint"),
  collateralTokenProgram: key("collateralTokenProgram"),
};

/** PROTOCOL-v1 §8.4, `close_and_swap`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "SW", accounts.owner],
  ["fee_payer", "SW", accounts.feePayer],
  ["receiving_account", "W", accounts.receivingAccount],
  ["collateral_account", "W", accounts.collateralAccount],
  ["transfer_authority", "", "81xGAvJ27ZeRThU2JEfKAUeT4Fx6qCCd8WHZpujZbiiG"],
  ["perpetuals", "", "7DWCtB5Z8rPiyBMKUwqyC95R9tJpbhoQhLM9LbK3Z5QZ"],
  ["pool", "W", accounts.pool],
  ["position", "W", accounts.position],
  ["market", "W", accounts.market],
  ["target_custody", "", accounts.targetCustody],
  ["target_oracle_account", "", accounts.targetOracleAccount],
  ["collateral_custody", "W", accounts.collateralCustody],
  ["collateral_oracle_account", "", accounts.collateralOracleAccount],
  ["collateral_custody_token_account", "W", accounts.collateralCustodyTokenAccount],
  ["dispensing_custody", "W", accounts.dispensingCustody],
  ["dispensing_oracle_account", "", accounts.dispensingOracleAccount],
  ["dispensing_custody_token_account", "W", accounts.dispensingCustodyTokenAccount],
  ["receiving_token_program", "", accounts.receivingTokenProgram],
  ["event_authority", "", "9qb3KAyARHqhVGQjJmzSVJ1hTm3KDR2QL8EBW5paXkUB"],
  ["program", "", P],
  ["ix_sysvar", "", "Sysvar1nstructions1111111111111111111111111"],
  ["receiving_mint", "", accounts.receivingMint],
  ["collateral_mint", "", accounts.collateralMint],
  ["collateral_token_program", "", accounts.collateralTokenProgram],
];

const ARGS: CloseAndSwapArgs = {
  priceWithSlippage: { price: 14_523_456_789n, exponent: -8 },
  privilege: "Referral",
};

Deno.test("close_and_swap: data = discriminator ‖ CloseAndSwapParams, 21 bytes", () => {
  const data = closeAndSwap.encode(ARGS);
  assert.equal(closeAndSwap.discriminatorHex, "93a4b9f09b21a57d");
  assert.equal(
    hex(data),
    "93a4b9f09b21a57d" + // discriminator
      "155daa6103000000" + // priceWithSlippage.price 14_523_456_789 = 0x361aa5d15 → LE 15 5d aa 61 03 00 00 00
      "f8ffffff" + // priceWithSlippage.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
      "02", // privilege Referral = variant 2 → 02
  );
  assert.equal(data.length, 21);
  assert.equal(closeAndSwap.dataSize, 21);
  assert.deepEqual(closeAndSwap.decode(data), ARGS);
});

Deno.test("close_and_swap: accounts in the order and with the flags of PROTOCOL-v1 §8.4", () => {
  const ix = closeAndSwapInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(CLOSE_AND_SWAP_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("close_and_swap: build → parse round trip (property)", () => {
  assertRoundTrip(P, closeAndSwap, CLOSE_AND_SWAP_ACCOUNTS, closeAndSwapInstruction);
});
