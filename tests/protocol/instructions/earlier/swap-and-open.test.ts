import assert from "node:assert/strict";
import {
  SWAP_AND_OPEN_ACCOUNTS,
  swapAndOpen,
  type SwapAndOpenArgs,
  swapAndOpenInstruction,
} from "../../../../src/protocol/instructions/earlier/swap-and-open.ts";
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
  collateralMint: key("collateralMint"),
  collateralTokenProgram: key("collateralTokenProgram"),
};

/** PROTOCOL-v1 §8.1, `swap_and_open`, transcribed: name, flags (S = signer, W = writable), expected address. */
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
  ["system_program", "", "11111111111111111111111111111111"],
  ["funding_token_program", "", accounts.fundingTokenProgram],
  ["event_authority", "", "9qb3KAyARHqhVGQjJmzSVJ1hTm3KDR2QL8EBW5paXkUB"],
  ["program", "", P],
  ["ix_sysvar", "", "Sysvar1nstructions1111111111111111111111111"],
  ["funding_mint", "", accounts.fundingMint],
  ["collateral_mint", "", accounts.collateralMint],
  ["collateral_token_program", "", accounts.collateralTokenProgram],
];

const ARGS: SwapAndOpenArgs = {
  priceWithSlippage: { price: 14_523_456_789n, exponent: -8 },
  amountIn: 1_000_000_000n,
  sizeAmount: 757_382_141n,
  privilege: "None",
};

Deno.test("swap_and_open: data = discriminator ‖ SwapAndOpenParams, 37 bytes", () => {
  const data = swapAndOpen.encode(ARGS);
  assert.equal(swapAndOpen.discriminatorHex, "1ad12a00a93e1e76");
  assert.equal(
    hex(data),
    "1ad12a00a93e1e76" + // discriminator
      "155daa6103000000" + // priceWithSlippage.price 14_523_456_789 = 0x361aa5d15 → LE 15 5d aa 61 03 00 00 00
      "f8ffffff" + // priceWithSlippage.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
      "00ca9a3b00000000" + // amountIn 1_000_000_000 = 0x3b9aca00 → LE 00 ca 9a 3b 00 00 00 00
      "fdbb242d00000000" + // sizeAmount 757_382_141 = 0x2d24bbfd → LE fd bb 24 2d 00 00 00 00
      "00", // privilege None = variant 0 → 00
  );
  assert.equal(data.length, 37);
  assert.equal(swapAndOpen.dataSize, 37);
  assert.deepEqual(swapAndOpen.decode(data), ARGS);
});

Deno.test("swap_and_open: accounts in the order and with the flags of PROTOCOL-v1 §8.1", () => {
  const ix = swapAndOpenInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(SWAP_AND_OPEN_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("swap_and_open: build → parse round trip (property)", () => {
  assertRoundTrip(P, swapAndOpen, SWAP_AND_OPEN_ACCOUNTS, swapAndOpenInstruction);
});
