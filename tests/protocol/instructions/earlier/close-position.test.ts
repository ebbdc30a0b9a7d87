import assert from "node:assert/strict";
import {
  CLOSE_POSITION_ACCOUNTS,
  closePosition,
  type ClosePositionArgs,
  closePositionInstruction,
} from "../../../../src/protocol/instructions/earlier/close-position.ts";
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
  pool: key("pool"),
  position: key("position"),
  market: key("market"),
  targetCustody: key("targetCustody"),
  targetOracleAccount: key("targetOracleAccount"),
  collateralCustody: key("collateralCustody"),
  collateralOracleAccount: key("collateralOracleAccount"),
  collateralCustodyTokenAccount: key("collateralCustodyTokenAccount"),
  collateralTokenProgram: key("collateralTokenProgram"),
  collateralMint: key("collateralMint"),
};

/** PROTOCOL-v1 §8.4, `close_position`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "S", accounts.owner],
  ["fee_payer", "SW", accounts.feePayer],
  ["receiving_account", "W", accounts.receivingAccount],
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
  ["collateral_token_program", "", accounts.collateralTokenProgram],
  ["event_authority", "", "9qb3KAyARHqhVGQjJmzSVJ1hTm3KDR2QL8EBW5paXkUB"],
  ["program", "", P],
  ["ix_sysvar", "", "Sysvar1nstructions1111111111111111111111111"],
  ["collateral_mint", "", accounts.collateralMint],
];

const ARGS: ClosePositionArgs = {
  priceWithSlippage: { price: 14_523_456_789n, exponent: -8 },
  privilege: "None",
};

Deno.test("close_position: data = discriminator ‖ ClosePositionParams, 21 bytes", () => {
  const data = closePosition.encode(ARGS);
  assert.equal(closePosition.discriminatorHex, "7b86510031446262");
  assert.equal(
    hex(data),
    "7b86510031446262" + // discriminator
      "155daa6103000000" + // priceWithSlippage.price 14_523_456_789 = 0x361aa5d15 → LE 15 5d aa 61 03 00 00 00
      "f8ffffff" + // priceWithSlippage.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
      "00", // privilege None = variant 0 → 00
  );
  assert.equal(data.length, 21);
  assert.equal(closePosition.dataSize, 21);
  assert.deepEqual(closePosition.decode(data), ARGS);
});

Deno.test("close_position: accounts in the order and with the flags of PROTOCOL-v1 §8.4", () => {
  const ix = closePositionInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(CLOSE_POSITION_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("close_position: build → parse round trip (property)", () => {
  assertRoundTrip(P, closePosition, CLOSE_POSITION_ACCOUNTS, closePositionInstruction);
});
