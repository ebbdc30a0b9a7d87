import assert from "node:assert/strict";
import {
  CANCEL_LIMIT_ORDER_ACCOUNTS,
  cancelLimitOrder,
  type CancelLimitOrderArgs,
  cancelLimitOrderInstruction,
} from "../../../../src/protocol/instructions/earlier/cancel-limit-order.ts";
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
  order: key("order"),
  targetCustody: key("targetCustody"),
  collateralCustody: key("collateralCustody"),
  reserveCustody: key("reserveCustody"),
  reserveCustodyTokenAccount: key("reserveCustodyTokenAccount"),
  reserveTokenProgram: key("reserveTokenProgram"),
  reserveMint: key("reserveMint"),
};

/** PROTOCOL-v1 §8.2, `cancel_limit_order`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "S", accounts.owner],
  ["receiving_account", "W", accounts.receivingAccount],
  ["transfer_authority", "", "81xGAvJ27ZeRThU2JEfKAUeT4Fx6qCCd8WHZpujZbiiG"],
  ["perpetuals", "", "7DWCtB5Z8rPiyBMKUwqyC95R9tJpbhoQhLM9LbK3Z5QZ"],
  ["pool", "", accounts.pool],
  ["order", "W", accounts.order],
  ["target_custody", "", accounts.targetCustody],
  ["collateral_custody", "", accounts.collateralCustody],
  ["reserve_custody", "W", accounts.reserveCustody],
  ["reserve_custody_token_account", "W", accounts.reserveCustodyTokenAccount],
  ["reserve_token_program", "", accounts.reserveTokenProgram],
  ["event_authority", "", "9qb3KAyARHqhVGQjJmzSVJ1hTm3KDR2QL8EBW5paXkUB"],
  ["program", "", P],
  ["reserve_mint", "", accounts.reserveMint],
];

const ARGS: CancelLimitOrderArgs = {
  orderId: 3,
};

Deno.test("cancel_limit_order: data = discriminator ‖ CancelLimitOrderParams, 9 bytes", () => {
  const data = cancelLimitOrder.encode(ARGS);
  assert.equal(cancelLimitOrder.discriminatorHex, "849c841f4328e861");
  assert.equal(
    hex(data),
    "849c841f4328e861" + // discriminator
      "03", // orderId 3 → 03
  );
  assert.equal(data.length, 9);
  assert.equal(cancelLimitOrder.dataSize, 9);
  assert.deepEqual(cancelLimitOrder.decode(data), ARGS);
});

Deno.test("cancel_limit_order: accounts in the order and with the flags of PROTOCOL-v1 §8.2", () => {
  const ix = cancelLimitOrderInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(CANCEL_LIMIT_ORDER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("cancel_limit_order: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    cancelLimitOrder,
    CANCEL_LIMIT_ORDER_ACCOUNTS,
    cancelLimitOrderInstruction,
  );
});
