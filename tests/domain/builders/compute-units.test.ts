import assert from "node:assert/strict";
import { discriminatorHexOf, perpetualsComputeUnits } from "../../../src/domain/builders/compute-units.ts";
import { CLI_COMPUTE_UNIT_LIMITS } from "../../../src/protocol/constants.ts";
import { CATALOG, catalogEntry } from "../../helpers/instructions.ts";

const BASE_CHAIN_V2 = [
  "init_basket",
  "init_user_deposit_ledger",
  "delegate_basket",
  "deposit_direct",
  "withdrawal_with_action",
  "withdrawal_settle",
  "custody_settlement_with_action",
  "custody_settlement_settle",
];

Deno.test("every base-chain instruction the builders emit has an estimate, and only those", () => {
  const expected = [
    ...CATALOG.filter((e) => e.program === "earlier").map((e) => e.codec.discriminatorHex),
    ...BASE_CHAIN_V2.map((name) => catalogEntry("v2", name).codec.discriminatorHex),
  ];
  assert.deepEqual([...perpetualsComputeUnits.keys()].sort(), expected.sort());
  for (const units of perpetualsComputeUnits.values()) assert.ok(units > 0 && units <= 1_400_000);
});

Deno.test("earlier-program estimates are the vendor CLI's per-builder limits (PROTOCOL-v1 §8.0)", () => {
  const units = (name: string) => perpetualsComputeUnits.get(catalogEntry("earlier", name).codec.discriminatorHex);
  assert.equal(units("open_position"), CLI_COMPUTE_UNIT_LIMITS.open);
  assert.equal(units("swap_and_open"), CLI_COMPUTE_UNIT_LIMITS.openWithSwap);
  assert.equal(units("close_position"), CLI_COMPUTE_UNIT_LIMITS.close);
  assert.equal(units("close_and_swap"), CLI_COMPUTE_UNIT_LIMITS.closeWithSwap);
  assert.equal(units("add_collateral"), CLI_COMPUTE_UNIT_LIMITS.addCollateral);
  assert.equal(units("swap_and_add_collateral"), CLI_COMPUTE_UNIT_LIMITS.addCollateralWithSwap);
  assert.equal(units("remove_collateral"), CLI_COMPUTE_UNIT_LIMITS.removeCollateral);
  assert.equal(units("place_limit_order"), CLI_COMPUTE_UNIT_LIMITS.placeLimitOrder);
  assert.equal(units("cancel_limit_order"), CLI_COMPUTE_UNIT_LIMITS.cancelOrder);
  // reverse = close + open must fit the CLI's reverse budget
  assert.ok(units("close_position")! + units("open_position")! <= CLI_COMPUTE_UNIT_LIMITS.reverse);
});

Deno.test("discriminatorHexOf: the first 8 bytes (fewer when the data is shorter)", () => {
  assert.equal(
    discriminatorHexOf(Uint8Array.of(0x38, 0x84, 0xe4, 0x95, 0x41, 0x22, 0xa7, 0x6f, 9)),
    "3884e4954122a76f",
  );
  assert.equal(discriminatorHexOf(Uint8Array.of(2, 0xc0)), "02c0");
});
