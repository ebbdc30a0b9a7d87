import assert from "node:assert/strict";
import {
  PLACE_LIMIT_ORDER_ACCOUNTS,
  placeLimitOrder,
  type PlaceLimitOrderArgs,
  placeLimitOrderInstruction,
} from "../../../../src/protocol/instructions/earlier/place-limit-order.ts";
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
  order: key("order"),
  market: key("market"),
  targetCustody: key("targetCustody"),
  targetOracleAccount: key("targetOracleAccount"),
  reserveCustody: key("reserveCustody"),
  reserveOracleAccount: key("reserveOracleAccount"),
  reserveCustodyTokenAccount: key("reserveCustodyTokenAccount"),
  receiveCustody: key("receiveCustody"),
  fundingTokenProgram: key("fundingTokenProgram"),
  fundingMint: key("fundingMint"),
};

/** PROTOCOL-v1 §8.2, `place_limit_order`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "SW", accounts.owner],
  ["fee_payer", "SW", accounts.feePayer],
  ["funding_account", "W", accounts.fundingAccount],
  ["perpetuals", "", "7DWCtB5Z8rPiyBMKUwqyC95R9tJpbhoQhLM9LbK3Z5QZ"],
  ["pool", "", accounts.pool],
  ["position", "W", accounts.position],
  ["order", "W", accounts.order],
  ["market", "", accounts.market],
  ["target_custody", "", accounts.targetCustody],
  ["target_oracle_account", "", accounts.targetOracleAccount],
  ["reserve_custody", "W", accounts.reserveCustody],
  ["reserve_oracle_account", "", accounts.reserveOracleAccount],
  ["reserve_custody_token_account", "W", accounts.reserveCustodyTokenAccount],
  ["receive_custody", "", accounts.receiveCustody],
  ["system_program", "", "11111111111111111111111111111111"],
  ["funding_token_program", "", accounts.fundingTokenProgram],
  ["event_authority", "", "9qb3KAyARHqhVGQjJmzSVJ1hTm3KDR2QL8EBW5paXkUB"],
  ["program", "", P],
  ["ix_sysvar", "", "Sysvar1nstructions1111111111111111111111111"],
  ["funding_mint", "", accounts.fundingMint],
];

const ARGS: PlaceLimitOrderArgs = {
  limitPrice: { price: 13_800_000_000n, exponent: -8 },
  reserveAmount: 20_000_000n,
  sizeAmount: 757_382_141n,
  stopLossPrice: { price: 12_000_000_000n, exponent: -8 },
  takeProfitPrice: { price: 0n, exponent: -8 },
};

Deno.test("place_limit_order: data = discriminator ‖ PlaceLimitOrderParams, 60 bytes", () => {
  const data = placeLimitOrder.encode(ARGS);
  assert.equal(placeLimitOrder.discriminatorHex, "6cb021ba92e501c5");
  assert.equal(
    hex(data),
    "6cb021ba92e501c5" + // discriminator
      "004a8b3603000000" + // limitPrice.price 13_800_000_000 = 0x3368b4a00 → LE 00 4a 8b 36 03 00 00 00
      "f8ffffff" + // limitPrice.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
      "002d310100000000" + // reserveAmount 20_000_000 = 0x1312d00 → LE 00 2d 31 01 00 00 00 00
      "fdbb242d00000000" + // sizeAmount 757_382_141 = 0x2d24bbfd → LE fd bb 24 2d 00 00 00 00
      "007841cb02000000" + // stopLossPrice.price 12_000_000_000 = 0x2cb417800 → LE 00 78 41 cb 02 00 00 00
      "f8ffffff" + // stopLossPrice.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
      "0000000000000000" + // takeProfitPrice.price 0 = 0x0 → LE 00 00 00 00 00 00 00 00
      "f8ffffff", // takeProfitPrice.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
  );
  assert.equal(data.length, 60);
  assert.equal(placeLimitOrder.dataSize, 60);
  assert.deepEqual(placeLimitOrder.decode(data), ARGS);
});

Deno.test("place_limit_order: accounts in the order and with the flags of PROTOCOL-v1 §8.2", () => {
  const ix = placeLimitOrderInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(PLACE_LIMIT_ORDER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("place_limit_order: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    placeLimitOrder,
    PLACE_LIMIT_ORDER_ACCOUNTS,
    placeLimitOrderInstruction,
  );
});
