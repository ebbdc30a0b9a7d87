import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  DELEGATE_BASKET_ACCOUNTS,
  delegateBasket,
  delegateBasketInstruction,
} from "../../../../src/protocol/instructions/v2/delegate-basket.ts";
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
  payer: key("payer"),
  owner: key("owner"),
  bufferBasket: key("bufferBasket"),
  delegationRecordBasket: key("delegationRecordBasket"),
  delegationMetadataBasket: key("delegationMetadataBasket"),
  basket: key("basket"),
};

/** PROTOCOL-v2 §3.13, `delegate_basket`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["payer", "SW", accounts.payer],
  ["owner", "", accounts.owner],
  ["buffer_basket", "W", accounts.bufferBasket],
  ["delegation_record_basket", "W", accounts.delegationRecordBasket],
  ["delegation_metadata_basket", "W", accounts.delegationMetadataBasket],
  ["basket", "W", accounts.basket],
  ["event_authority", "", pda.eventAuthority(P)],
  ["program", "", P],
  ["owner_program", "", P],
  ["delegation_program", "", "DELeGGvXpWV2fqJUhqcF5ZSYMS4JTLjteaAMARRSaeSh"],
  ["system_program", "", "11111111111111111111111111111111"],
];

const ARGS = {};

Deno.test("delegate_basket: data = discriminator ‖ DelegateBasketParams, 8 bytes", () => {
  const data = delegateBasket.encode(ARGS);
  assert.equal(delegateBasket.discriminatorHex, "c477ba2bc5ea0fb2");
  assert.equal(
    hex(data),
    "c477ba2bc5ea0fb2", // discriminator
  );
  assert.equal(data.length, 8);
  assert.equal(delegateBasket.dataSize, 8);
  assert.deepEqual(delegateBasket.decode(data), ARGS);
});

Deno.test("delegate_basket: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = delegateBasketInstruction(P, accounts);
  assert.equal(ix.programAddress, P);
  assertSlotNames(DELEGATE_BASKET_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("delegate_basket: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    delegateBasket,
    DELEGATE_BASKET_ACCOUNTS,
    delegateBasketInstruction,
  );
});
