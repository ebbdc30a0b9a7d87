import assert from "node:assert/strict";
import {
  REMOVE_COLLATERAL_AND_SWAP_ACCOUNTS,
  removeCollateralAndSwap,
  type RemoveCollateralAndSwapArgs,
  removeCollateralAndSwapInstruction,
} from "../../../../src/protocol/instructions/earlier/remove-collateral-and-swap.ts";
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

/** PROTOCOL-v1 §8.7, `remove_collateral_and_swap`, transcribed: name, flags (S = signer, W = writable), expected address. */
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

const ARGS: RemoveCollateralAndSwapArgs = {
  collateralDeltaUsd: 2_500_000n,
};

Deno.test("remove_collateral_and_swap: data = discriminator ‖ RemoveCollateralAndSwapParams, 16 bytes", () => {
  const data = removeCollateralAndSwap.encode(ARGS);
  assert.equal(removeCollateralAndSwap.discriminatorHex, "c5d85286ad80173e");
  assert.equal(
    hex(data),
    "c5d85286ad80173e" + // discriminator
      "a025260000000000", // collateralDeltaUsd 2_500_000 = 0x2625a0 → LE a0 25 26 00 00 00 00 00
  );
  assert.equal(data.length, 16);
  assert.equal(removeCollateralAndSwap.dataSize, 16);
  assert.deepEqual(removeCollateralAndSwap.decode(data), ARGS);
});

Deno.test("remove_collateral_and_swap: accounts in the order and with the flags of PROTOCOL-v1 §8.7", () => {
  const ix = removeCollateralAndSwapInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(REMOVE_COLLATERAL_AND_SWAP_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("remove_collateral_and_swap: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    removeCollateralAndSwap,
    REMOVE_COLLATERAL_AND_SWAP_ACCOUNTS,
    removeCollateralAndSwapInstruction,
  );
});
