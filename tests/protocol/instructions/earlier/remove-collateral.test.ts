import assert from "node:assert/strict";
import {
  REMOVE_COLLATERAL_ACCOUNTS,
  removeCollateral,
  type RemoveCollateralArgs,
  removeCollateralInstruction,
} from "../../../../src/protocol/instructions/earlier/remove-collateral.ts";
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
  receivingAccount: key("receivingAccount"),
  pool: key("pool"),
  position: key("position"),
  market: key("market"),
  targetCustody: key("targetCustody"),
  targetOracleAccount: key("targetOracleAccount"),
  collateralCustody: key("collateralCustody"),
  collateralOracleAccount: key("collateralOracleAccount"),
  collateralCustodyTokenAccount: key("collateralCustodyTokenAccount"),
  receivingTokenProgram: key("receivingTokenProgram"),
  receivingMint: key("receivingMint"),
};

/** PROTOCOL-v1 §8.7, `remove_collateral`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "S", accounts.owner],
  ["receiving_account", "W", accounts.receivingAccount],
  ["transfer_authority", "", "81xGAvJ27ZeRThU2JEfKAUeT4Fx6qCCd8WHZpujZbiiG"],
  ["perpetuals", "", "7DWCtB5Z8rPiyBMKUwqyC95R9tJpbhoQhLM9LbK3Z5QZ"],
  ["pool", "", accounts.pool],
  ["position", "W", accounts.position],
  ["market", "W", accounts.market],
  ["target_custody", "", accounts.targetCustody],
  ["target_oracle_account", "", accounts.targetOracleAccount],
  ["collateral_custody", "W", accounts.collateralCustody],
  ["collateral_oracle_account", "", accounts.collateralOracleAccount],
  ["collateral_custody_token_account", "W", accounts.collateralCustodyTokenAccount],
  ["receiving_token_program", "", accounts.receivingTokenProgram],
  ["event_authority", "", "9qb3KAyARHqhVGQjJmzSVJ1hTm3KDR2QL8EBW5paXkUB"],
  ["program", "", P],
  ["ix_sysvar", "", "Sysvar1nstructions1111111111111111111111111"],
  ["receiving_mint", "", accounts.receivingMint],
];

const ARGS: RemoveCollateralArgs = {
  collateralDeltaUsd: 2_500_000n,
};

Deno.test("remove_collateral: data = discriminator ‖ RemoveCollateralParams, 16 bytes", () => {
  const data = removeCollateral.encode(ARGS);
  assert.equal(removeCollateral.discriminatorHex, "56de82565c144841");
  assert.equal(
    hex(data),
    "56de82565c144841" + // discriminator
      "a025260000000000", // collateralDeltaUsd 2_500_000 = 0x2625a0 → LE a0 25 26 00 00 00 00 00
  );
  assert.equal(data.length, 16);
  assert.equal(removeCollateral.dataSize, 16);
  assert.deepEqual(removeCollateral.decode(data), ARGS);
});

Deno.test("remove_collateral: accounts in the order and with the flags of PROTOCOL-v1 §8.7", () => {
  const ix = removeCollateralInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(REMOVE_COLLATERAL_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("remove_collateral: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    removeCollateral,
    REMOVE_COLLATERAL_ACCOUNTS,
    removeCollateralInstruction,
  );
});
