import assert from "node:assert/strict";
import {
  OPEN_POSITION_ACCOUNTS,
  openPosition,
  type OpenPositionArgs,
  openPositionInstruction,
} from "../../../../src/protocol/instructions/earlier/open-position.ts";
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

/** PROTOCOL-v1 §8.1, `open_position`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "SW", accounts.owner],
  ["fee_payer", "SW", accounts.feePayer],
  ["funding_account", "W", accounts.fundingAccount],
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
  ["system_program", "", "11111111111111111111111111111111"],
  ["funding_token_program", "", accounts.fundingTokenProgram],
  ["event_authority", "", "9qb3KAyARHqhVGQjJmzSVJ1hTm3KDR2QL8EBW5paXkUB"],
  ["program", "", P],
  ["ix_sysvar", "", "Sysvar1nstructions1111111111111111111111111"],
  ["funding_mint", "", accounts.fundingMint],
];

const ARGS: OpenPositionArgs = {
  priceWithSlippage: { price: 14_523_456_789n, exponent: -8 },
  collateralAmount: 11_000_000n,
  sizeAmount: 757_382_141n,
  privilege: "None",
};

Deno.test("open_position: data = discriminator ‖ OpenPositionParams, 37 bytes", () => {
  const data = openPosition.encode(ARGS);
  assert.equal(openPosition.discriminatorHex, "87802f4d0f98f031");
  assert.equal(
    hex(data),
    "87802f4d0f98f031" + // discriminator
      "155daa6103000000" + // priceWithSlippage.price 14_523_456_789 = 0x361aa5d15 → LE 15 5d aa 61 03 00 00 00
      "f8ffffff" + // priceWithSlippage.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
      "c0d8a70000000000" + // collateralAmount 11_000_000 = 0xa7d8c0 → LE c0 d8 a7 00 00 00 00 00
      "fdbb242d00000000" + // sizeAmount 757_382_141 = 0x2d24bbfd → LE fd bb 24 2d 00 00 00 00
      "00", // privilege None = variant 0 → 00
  );
  assert.equal(data.length, 37);
  assert.equal(openPosition.dataSize, 37);
  assert.deepEqual(openPosition.decode(data), ARGS);
});

Deno.test("open_position: accounts in the order and with the flags of PROTOCOL-v1 §8.1", () => {
  const ix = openPositionInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(OPEN_POSITION_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("open_position: build → parse round trip (property)", () => {
  assertRoundTrip(P, openPosition, OPEN_POSITION_ACCOUNTS, openPositionInstruction);
});
