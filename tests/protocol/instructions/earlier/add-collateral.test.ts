import assert from "node:assert/strict";
import {
  ADD_COLLATERAL_ACCOUNTS,
  addCollateral,
  type AddCollateralArgs,
  addCollateralInstruction,
} from "../../../../src/protocol/instructions/earlier/add-collateral.ts";
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
  fundingAccount: key("fundingAccount"),
  pool: key("pool"),
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

/** PROTOCOL-v1 §8.6, `add_collateral`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "S", accounts.owner],
  ["funding_account", "W", accounts.fundingAccount],
  ["perpetuals", "", "7DWCtB5Z8rPiyBMKUwqyC95R9tJpbhoQhLM9LbK3Z5QZ"],
  ["pool", "", accounts.pool],
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

const ARGS: AddCollateralArgs = {
  collateralDelta: 5_000_000n,
};

Deno.test("add_collateral: data = discriminator ‖ AddCollateralParams, 16 bytes", () => {
  const data = addCollateral.encode(ARGS);
  assert.equal(addCollateral.discriminatorHex, "7f52792aa1b0f9ce");
  assert.equal(
    hex(data),
    "7f52792aa1b0f9ce" + // discriminator
      "404b4c0000000000", // collateralDelta 5_000_000 = 0x4c4b40 → LE 40 4b 4c 00 00 00 00 00
  );
  assert.equal(data.length, 16);
  assert.equal(addCollateral.dataSize, 16);
  assert.deepEqual(addCollateral.decode(data), ARGS);
});

Deno.test("add_collateral: accounts in the order and with the flags of PROTOCOL-v1 §8.6", () => {
  const ix = addCollateralInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(ADD_COLLATERAL_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("add_collateral: build → parse round trip (property)", () => {
  assertRoundTrip(P, addCollateral, ADD_COLLATERAL_ACCOUNTS, addCollateralInstruction);
});
