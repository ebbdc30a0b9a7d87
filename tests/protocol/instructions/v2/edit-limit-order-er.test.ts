import assert from "node:assert/strict";
import * as pda from "../../../../src/protocol/pda.ts";
import {
  EDIT_LIMIT_ORDER_ER_ACCOUNTS,
  editLimitOrderEr,
  type EditLimitOrderErArgs,
  editLimitOrderErInstruction,
} from "../../../../src/protocol/instructions/v2/edit-limit-order-er.ts";
import {
  assertAccounts,
  assertRoundTrip,
  assertSessionTokenSlot,
  assertSlotNames,
  type ExpectedAccount,
  hex,
  key,
  PROGRAM_V2 as P,
} from "../_check.ts";

const accounts = {
  owner: key("owner"),
  signer: key("signer"),
  basket: key("basket"),
  userDepositLedger: key("userDepositLedger"),
  pool: key("pool"),
  market: key("market"),
  targetCustody: key("targetCustody"),
  lockCustody: key("lockCustody"),
  reserveCustody: key("reserveCustody"),
  receiveCustody: key("receiveCustody"),
  targetOracleAccount: key("targetOracleAccount"),
  reserveOracleAccount: key("reserveOracleAccount"),
};

/** PROTOCOL-v2 §3.13, `edit_limit_order_er`, transcribed: name, flags (S = signer, W = writable), expected address. */
const EXPECTED: readonly ExpectedAccount[] = [
  ["owner", "", accounts.owner],
  ["signer", "S", accounts.signer],
  ["session_token", "", P], // no session: the program id (Anchor's None)
  ["perpetuals", "", pda.perpetuals(P)],
  ["basket", "W", accounts.basket],
  ["user_deposit_ledger", "", accounts.userDepositLedger],
  ["pool", "", accounts.pool],
  ["market", "", accounts.market],
  ["target_custody", "", accounts.targetCustody],
  ["lock_custody", "", accounts.lockCustody],
  ["reserve_custody", "W", accounts.reserveCustody],
  ["receive_custody", "", accounts.receiveCustody],
  ["target_oracle_account", "", accounts.targetOracleAccount],
  ["reserve_oracle_account", "", accounts.reserveOracleAccount],
  ["event_authority", "", pda.eventAuthority(P)],
  ["program", "", P],
  ["ix_sysvar", "", "Sysvar1nstructions1111111111111111111111111"],
];

const ARGS: EditLimitOrderErArgs = {
  orderId: 3,
  limitPrice: { price: 13_800_000_000n, exponent: -8 },
  sizeAmount: 757_382_141n,
  stopLossPrice: { price: 12_000_000_000n, exponent: -8 },
  takeProfitPrice: { price: 0n, exponent: -8 },
};

Deno.test("edit_limit_order_er: data = discriminator ‖ EditLimitOrderErParams, 53 bytes", () => {
  const data = editLimitOrderEr.encode(ARGS);
  assert.equal(editLimitOrderEr.discriminatorHex, "2cfeac9a84f97b56");
  assert.equal(
    hex(data),
    "2cfeac9a84f97b56" + // discriminator
      "03" + // orderId 3 → 03
      "004a8b3603000000" + // limitPrice.price 13_800_000_000 = 0x3368b4a00 → LE 00 4a 8b 36 03 00 00 00
      "f8ffffff" + // limitPrice.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
      "fdbb242d00000000" + // sizeAmount 757_382_141 = 0x2d24bbfd → LE fd bb 24 2d 00 00 00 00
      "007841cb02000000" + // stopLossPrice.price 12_000_000_000 = 0x2cb417800 → LE 00 78 41 cb 02 00 00 00
      "f8ffffff" + // stopLossPrice.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
      "0000000000000000" + // takeProfitPrice.price 0 = 0x0 → LE 00 00 00 00 00 00 00 00
      "f8ffffff", // takeProfitPrice.exponent -8 → i32 two's complement 0xfffffff8 → f8 ff ff ff
  );
  assert.equal(data.length, 53);
  assert.equal(editLimitOrderEr.dataSize, 53);
  assert.deepEqual(editLimitOrderEr.decode(data), ARGS);
});

Deno.test("edit_limit_order_er: accounts in the order and with the flags of PROTOCOL-v2 §3.13", () => {
  const ix = editLimitOrderErInstruction(P, accounts, ARGS);
  assert.equal(ix.programAddress, P);
  assertSlotNames(EDIT_LIMIT_ORDER_ER_ACCOUNTS, EXPECTED);
  assertAccounts(ix, EXPECTED);
});

Deno.test("edit_limit_order_er: with a session the session token fills the optional slot", () => {
  assertSessionTokenSlot(
    P,
    editLimitOrderEr,
    EDIT_LIMIT_ORDER_ER_ACCOUNTS,
    editLimitOrderErInstruction,
    accounts,
    ARGS,
  );
});

Deno.test("edit_limit_order_er: build → parse round trip (property)", () => {
  assertRoundTrip(
    P,
    editLimitOrderEr,
    EDIT_LIMIT_ORDER_ER_ACCOUNTS,
    editLimitOrderErInstruction,
  );
});
