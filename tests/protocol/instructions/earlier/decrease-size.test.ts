import assert from "node:assert/strict";
import {
  DECREASE_SIZE_ACCOUNTS,
  decreaseSize,
  type DecreaseSizeArgs,
  decreaseSizeInstruction,
} from "../../../../src/protocol/instructions/earlier/decrease-size.ts";
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

/** PROTOCOL-v1 §8.4, `decrease_size`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "S", accounts.owner],
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

const ARGS: DecreaseSizeArgs = {
  priceWithSlippage: { price: 14_523_456_789n, exponent: -8 },
  sizeDelta: 250_000_000n,
  privilege: "Stake",
};

Deno.test("decrease_size: data = discriminator ‖ DecreaseSizeParams, 29 bytes", () => {
  const data = decreaseSize.encode(ARGS);
  assert.equal(decreaseSize.discriminatorHex, "ab1ccb1d7610d6a9");
  assert.equal(
    hex(data),
    "ab1ccb1d7610d6a9" + // discriminator
      "155daa6103000000" + // priceWithSlippage.price 14_523_456_789 = 0x361aa5d15 → LE 15 5d aa 61 03 00 00 00
      "f8ffffff" + // priceWithSlippage.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
      "80b2e60e00000000" + // sizeDelta 250_000_000 = 0xee6b280 → LE 80 b2 e6 0e 00 00 00 00
      "01", // privilege Stake = variant 1 → 01
  );
  assert.equal(data.length, 29);
  assert.equal(decreaseSize.dataSize, 29);
  assert.deepEqual(decreaseSize.decode(data), ARGS);
});

Deno.test("decrease_size: accounts in the order and with the flags of PROTOCOL-v1 §8.4", () => {
  const ix = decreaseSizeInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(DECREASE_SIZE_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("decrease_size: build → parse round trip (property)", () => {
  assertRoundTrip(P, decreaseSize, DECREASE_SIZE_ACCOUNTS, decreaseSizeInstruction);
});
