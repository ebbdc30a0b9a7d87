import assert from "node:assert/strict";
import {
  PLACE_TRIGGER_ORDER_ACCOUNTS,
  placeTriggerOrder,
  type PlaceTriggerOrderArgs,
  placeTriggerOrderInstruction,
} from "../../../../src/protocol/instructions/earlier/place-trigger-order.ts";
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
  pool: key("pool"),
  position: key("position"),
  order: key("order"),
  market: key("market"),
  targetCustody: key("targetCustody"),
  targetOracleAccount: key("targetOracleAccount"),
  collateralCustody: key("collateralCustody"),
  collateralOracleAccount: key("collateralOracleAccount"),
  receiveCustody: key("receiveCustody"),
};

/** PROTOCOL-v1 §8.8, `place_trigger_order`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "S", accounts.owner],
  ["fee_payer", "SW", accounts.feePayer],
  ["perpetuals", "", "7DWCtB5Z8rPiyBMKUwqyC95R9tJpbhoQhLM9LbK3Z5QZ"],
  ["pool", "", accounts.pool],
  ["position", "", accounts.position],
  ["order", "W", accounts.order],
  ["market", "", accounts.market],
  ["target_custody", "", accounts.targetCustody],
  ["target_oracle_account", "", accounts.targetOracleAccount],
  ["collateral_custody", "", accounts.collateralCustody],
  ["collateral_oracle_account", "", accounts.collateralOracleAccount],
  ["receive_custody", "", accounts.receiveCustody],
  ["system_program", "", "11111111111111111111111111111111"],
  ["event_authority", "", "9qb3KAyARHqhVGQjJmzSVJ1hTm3KDR2QL8EBW5paXkUB"],
  ["program", "", P],
  ["ix_sysvar", "", "Sysvar1nstructions1111111111111111111111111"],
];

const ARGS: PlaceTriggerOrderArgs = {
  triggerPrice: { price: 16_250_000_000n, exponent: -8 },
  deltaSizeAmount: 757_382_141n,
  isStopLoss: true,
};

Deno.test("place_trigger_order: data = discriminator ‖ PlaceTriggerOrderParams, 29 bytes", () => {
  const data = placeTriggerOrder.encode(ARGS);
  assert.equal(placeTriggerOrder.discriminatorHex, "209c32bce89f70ec");
  assert.equal(
    hex(data),
    "209c32bce89f70ec" + // discriminator
      "805293c803000000" + // triggerPrice.price 16_250_000_000 = 0x3c8935280 → LE 80 52 93 c8 03 00 00 00
      "f8ffffff" + // triggerPrice.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
      "fdbb242d00000000" + // deltaSizeAmount 757_382_141 = 0x2d24bbfd → LE fd bb 24 2d 00 00 00 00
      "01", // isStopLoss true → 01
  );
  assert.equal(data.length, 29);
  assert.equal(placeTriggerOrder.dataSize, 29);
  assert.deepEqual(placeTriggerOrder.decode(data), ARGS);
});

Deno.test("place_trigger_order: accounts in the order and with the flags of PROTOCOL-v1 §8.8", () => {
  const ix = placeTriggerOrderInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(PLACE_TRIGGER_ORDER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("place_trigger_order: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    placeTriggerOrder,
    PLACE_TRIGGER_ORDER_ACCOUNTS,
    placeTriggerOrderInstruction,
  );
});
