import assert from "node:assert/strict";
import {
  INIT_BASKET_ACCOUNTS,
  initBasket,
  type InitBasketArgs,
  initBasketInstruction,
} from "../../../../src/protocol/instructions/v2/init-basket.ts";
import {
  assertAccounts,
  assertRoundTrip,
  assertSlotNames,
  type ExpectedAccount,
  hex,
  key,
  PROGRAM_V2 as P,
} from "../_check.ts";

const accounts = {
  owner: key("owner"),
  payer: key("payer"),
  basket: key("basket"),
};

/** PROTOCOL-v2 §3.13, `init_basket`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "", accounts.owner],
  ["payer", "SW", accounts.payer],
  ["basket", "W", accounts.basket],
  ["system_program", "", "11111111111111111111111111111111"],
];

const ARGS: InitBasketArgs = {
  positionCapacity: 4,
  orderCapacity: 4,
  ledgerCapacity: 4,
  orderItemCapacity: 5,
};

Deno.test("init_basket: data = discriminator ‖ InitBasketParams, 12 bytes", () => {
  const data = initBasket.encode(ARGS);
  assert.equal(initBasket.discriminatorHex, "bbef8051ae465eec");
  assert.equal(
    hex(data),
    "bbef8051ae465eec" + // discriminator
      "04" + // positionCapacity 4 → 04
      "04" + // orderCapacity 4 → 04
      "04" + // ledgerCapacity 4 → 04
      "05", // orderItemCapacity 5 → 05
  );
  assert.equal(data.length, 12);
  assert.equal(initBasket.dataSize, 12);
  assert.deepEqual(initBasket.decode(data), ARGS);
});

Deno.test("init_basket: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = initBasketInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(INIT_BASKET_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("init_basket: build → parse round trip (property)", () => {
  assertRoundTrip(P, initBasket, INIT_BASKET_ACCOUNTS, initBasketInstruction);
});
