import assert from "node:assert/strict";
import { CATALOG, hex } from "../../helpers/instructions.ts";

/** Discriminators as the references print them (PROTOCOL-v2 §3.13, PROTOCOL-v1 §8), transcribed. */
const REFERENCE: readonly (readonly ["v2" | "earlier", string, string])[] = [
  ["v2", "open_position_er", "3884e4954122a76f"],
  ["v2", "increase_position_size_er", "fb389c2168ad84f7"],
  ["v2", "close_position_er", "77545c12ee6d1e5c"],
  ["v2", "decrease_position_size_er", "561b02f0fe13c652"],
  ["v2", "add_collateral_er", "e12d954274a0e45d"],
  ["v2", "remove_collateral_er", "824690d560fe01e1"],
  ["v2", "place_limit_order_er", "514bd522743419bf"],
  ["v2", "edit_limit_order_er", "2cfeac9a84f97b56"],
  ["v2", "cancel_limit_order_er", "d63f8c47c82216af"],
  ["v2", "place_trigger_order_er", "1296e15d2ab60338"],
  ["v2", "edit_trigger_order_er", "d22a7c153dff1801"],
  ["v2", "cancel_trigger_order_er", "c8ccc19b74f06d66"],
  ["v2", "cancel_all_trigger_orders_er", "0c58d8ebceacad07"],
  ["v2", "init_basket", "bbef8051ae465eec"],
  ["v2", "init_user_deposit_ledger", "5570ce9412130593"],
  ["v2", "delegate_basket", "c477ba2bc5ea0fb2"],
  ["v2", "deposit_direct", "ceb7b208c4571b96"],
  ["v2", "withdrawal_with_action", "00faf33a443304a6"],
  ["v2", "withdrawal_settle", "e74a4368e0789d99"],
  ["v2", "custody_settlement_with_action", "389c270bef89bfd5"],
  ["v2", "custody_settlement_settle", "11fe88981b3311aa"],
  ["v2", "withdrawal_er", "c1bb0079056a2d0f"],
  ["v2", "custody_settlement_er", "e359ba3a6b75701b"],
  ["earlier", "open_position", "87802f4d0f98f031"],
  ["earlier", "swap_and_open", "1ad12a00a93e1e76"],
  ["earlier", "place_limit_order", "6cb021ba92e501c5"],
  ["earlier", "edit_limit_order", "2a72030b89f5ce32"],
  ["earlier", "cancel_limit_order", "849c841f4328e861"],
  ["earlier", "swap", "f8c69e91e17587c8"],
  ["earlier", "close_position", "7b86510031446262"],
  ["earlier", "close_and_swap", "93a4b9f09b21a57d"],
  ["earlier", "decrease_size", "ab1ccb1d7610d6a9"],
  ["earlier", "increase_size", "6b0d8dee98a56057"],
  ["earlier", "add_collateral", "7f52792aa1b0f9ce"],
  ["earlier", "swap_and_add_collateral", "87cfe470f70f1d96"],
  ["earlier", "remove_collateral", "56de82565c144841"],
  ["earlier", "remove_collateral_and_swap", "c5d85286ad80173e"],
  ["earlier", "place_trigger_order", "209c32bce89f70ec"],
  ["earlier", "edit_trigger_order", "b42bd770fe741485"],
  ["earlier", "cancel_trigger_order", "905443271b19ca8d"],
  ["earlier", "cancel_all_trigger_orders", "826c2199e41fd8db"],
  ["earlier", "deposit_token_stake", "694d1d421c23b70a"],
  ["earlier", "create_referral", "3d11f0f5ac429fe8"],
];

async function anchorDiscriminator(name: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`global:${name}`));
  return hex(new Uint8Array(digest).subarray(0, 8));
}

Deno.test("every instruction's discriminator is sha256(\"global:<snake_name>\")[0..8] and the reference's hex", async () => {
  assert.equal(CATALOG.length, REFERENCE.length, "one catalog entry per reference row");
  for (const [program, name, referenceHex] of REFERENCE) {
    const entry = CATALOG.find((e) => e.program === program && e.codec.name === name);
    assert.ok(entry, `${program} ${name} is in the catalog`);
    assert.equal(entry.codec.discriminatorHex, referenceHex, `${name}: constant = reference`);
    assert.equal(await anchorDiscriminator(name), referenceHex, `${name}: sha256 = reference`);
    assert.equal(hex(entry.codec.discriminator), referenceHex, `${name}: bytes`);
  }
});

Deno.test("no two instructions of one program share a discriminator", () => {
  for (const program of ["v2", "earlier"] as const) {
    const discs = CATALOG.filter((e) => e.program === program).map((e) => e.codec.discriminatorHex);
    assert.equal(new Set(discs).size, discs.length, program);
  }
});
