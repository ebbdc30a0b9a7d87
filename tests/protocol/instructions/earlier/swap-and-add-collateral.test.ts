import assert from "node:assert/strict";
import {
  SWAP_AND_ADD_COLLATERAL_ACCOUNTS,
  swapAndAddCollateral,
  type SwapAndAddCollateralArgs,
  swapAndAddCollateralInstruction,
} from "../../../../src/protocol/instructions/earlier/swap-and-add-collateral.ts";
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
  fundingAccount: key("fundingAccount"),
  pool: key("pool"),
  receivingCustody: key("receivingCustody"),
  receivingCustodyOracleAccount: key("receivingCustodyOracleAccount"),
  receivingCustodyTokenAccount: key("receivingCustodyTokenAccount"),
  position: key("position"),
  market: key("market"),
  targetCustody: key("targetCustody"),
  targetOracleAccount: key("targetOracleAccount"),
  collateralCustody: key("collateralCustody"),
  collateralOracleAccount: key("collateralOracleAccount"),
  collateralCustodyTokenAccount: key("collateralCustodyTokenAccount"),
  fundingTokenProgram: key("fundingTokenProgram"),
  fundingMint: key("fundingMint"),
};

/** PROTOCOL-v1 §8.6, `swap_and_add_collateral`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "SW", accounts.owner],
  ["fee_payer", "SW", accounts.feePayer],
  ["funding_account", "W", accounts.fundingAccount],
  ["transfer_authority", "", "81xGAvJ27ZeRThU2JEfKAUeT4Fx6qCCd8WHZpujZbiiG"],
  ["perpetuals", "", "7DWCtB5Z8rPiyBMKUwqyC95R9tJpbhoQhLM9LbK3Z5QZ"],
  ["pool", "W", accounts.pool],
  ["receiving_custody", "W", accounts.receivingCustody],
  ["receiving_custody_oracle_account", "", accounts.receivingCustodyOracleAccount],
  ["receiving_custody_token_account", "W", accounts.receivingCustodyTokenAccount],
  ["position", "W", accounts.position],
  ["market", "W", accounts.market],
  ["target_custody", "", accounts.targetCustody],
  ["target_oracle_account", "", accounts.targetOracleAccount],
  ["collateral_custody", "W", accounts.collateralCustody],
  ["collateral_oracle_account", "", accounts.collateralOracleAccount],
  ["collateral_custody_token_account", "W", accounts.collateralCustodyTokenAccount],
  ["funding_token_program", "", accounts.fundingTokenProgram],
  ["event_authority", "", "9qb3KAyARHqhVGQjJmzSVJ1hTm3KDR2QL8EBW5paXkUB"],
  ["program", "", P],
  ["ix_sysvar", "", "Sysvar1nstructions1111111111111111111111111"],
  ["funding_mint", "", accounts.fundingMint],
];

const ARGS: SwapAndAddCollateralArgs = {
  amountIn: 1_000_000_000n,
};

Deno.test("swap_and_add_collateral: data = discriminator ‖ SwapAndAddCollateralParams, 16 bytes", () => {
  const data = swapAndAddCollateral.encode(ARGS);
  assert.equal(swapAndAddCollateral.discriminatorHex, "87cfe470f70f1d96");
  assert.equal(
    hex(data),
    "87cfe470f70f1d96" + // discriminator
      "00ca9a3b00000000", // amountIn 1_000_000_000 = 0x3b9aca00 → LE 00 ca 9a 3b 00 00 00 00
  );
  assert.equal(data.length, 16);
  assert.equal(swapAndAddCollateral.dataSize, 16);
  assert.deepEqual(swapAndAddCollateral.decode(data), ARGS);
});

Deno.test("swap_and_add_collateral: accounts in the order and with the flags of PROTOCOL-v1 §8.6", () => {
  const ix = swapAndAddCollateralInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(SWAP_AND_ADD_COLLATERAL_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("swap_and_add_collateral: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    swapAndAddCollateral,
    SWAP_AND_ADD_COLLATERAL_ACCOUNTS,
    swapAndAddCollateralInstruction,
  );
});
