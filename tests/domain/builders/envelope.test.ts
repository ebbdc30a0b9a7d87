import assert from "node:assert/strict";
import {
  computeBudgetInstructions,
  estimateComputeUnits,
  MAX_COMPUTE_UNIT_LIMIT,
  withComputeBudget,
} from "../../../src/domain/builders/envelope.ts";
import {
  parseSetComputeUnitLimit,
  parseSetComputeUnitPrice,
  setComputeUnitLimitInstruction,
} from "../../../src/protocol/instructions/external/compute-budget.ts";
import { createAssociatedTokenIdempotentInstruction } from "../../../src/protocol/instructions/external/associated-token.ts";
import { transferSolInstruction } from "../../../src/protocol/instructions/external/system.ts";
import { createInstruction } from "../../../src/protocol/instructions/instruction.ts";
import { depositDirect } from "../../../src/protocol/instructions/v2/deposit-direct.ts";
import { openPosition } from "../../../src/protocol/instructions/earlier/open-position.ts";
import { CLI_COMPUTE_UNIT_LIMITS } from "../../../src/protocol/constants.ts";
import { CATALOG, catalogEntry, key, PROGRAM_EARLIER, PROGRAM_V2 } from "../../helpers/instructions.ts";
import { EXPECTED_INSTRUCTION_UNITS } from "../../helpers/compute-units.ts";

const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const owner = key("owner");
const ata = createAssociatedTokenIdempotentInstruction({
  payer: owner,
  owner,
  mint: key("mint"),
  tokenProgram: TOKEN_PROGRAM,
});
const deposit = depositDirect.instruction(PROGRAM_V2, [], { amount: 1n });
const open = openPosition.instruction(PROGRAM_EARLIER, [], {
  priceWithSlippage: { price: 1n, exponent: -8 },
  collateralAmount: 1n,
  sizeAmount: 1n,
  privilege: "None",
});
const unknown = createInstruction(key("someProgram"), [], Uint8Array.of(1, 2, 3));

Deno.test("ER: exactly one SetComputeUnitLimit(1_400_000), no price even when a fee is configured", () => {
  const budget = computeBudgetInstructions("er", [deposit], { priorityFeeMicroLamports: 5_000n });
  assert.equal(budget.length, 1);
  assert.equal(parseSetComputeUnitLimit(budget[0]), 1_400_000);
});

Deno.test("estimateComputeUnits: summed estimates + 25 %, rounded up to 10 000, between 10 000 and 1 400 000", () => {
  // open_position 150_000 × 1.25 = 187_500 → 190_000
  assert.equal(estimateComputeUnits([open]), 190_000);
  // ATA 40_000 + deposit_direct 80_000 = 120_000 × 1.25 = 150_000
  assert.equal(estimateComputeUnits([ata, deposit]), 150_000);
  // system transfer 1_000 × 1.25 = 1_250 → the 10_000 floor
  assert.equal(
    estimateComputeUnits([transferSolInstruction({ source: owner, destination: key("b") }, { lamports: 1n })]),
    10_000,
  );
  // an unknown program's instruction counts 200_000 → 250_000
  assert.equal(estimateComputeUnits([unknown]), 250_000);
  assert.equal(estimateComputeUnits([]), 10_000);
  assert.equal(estimateComputeUnits(Array(10).fill(unknown)), MAX_COMPUTE_UNIT_LIMIT);
});

Deno.test("base chain: limit sized to the instructions, then the price only when a fee is configured", () => {
  const without = computeBudgetInstructions("base", [ata, deposit]);
  assert.deepEqual(without.map(parseSetComputeUnitLimit), [150_000]);
  for (const fee of [0, 0n]) {
    assert.equal(computeBudgetInstructions("base", [ata], { priorityFeeMicroLamports: fee }).length, 1);
  }
  const withFee = computeBudgetInstructions("base", [ata, deposit], { priorityFeeMicroLamports: 5_000 });
  assert.equal(parseSetComputeUnitLimit(withFee[0]), 150_000);
  assert.equal(parseSetComputeUnitPrice(withFee[1]), 5_000n);
  assert.throws(() => computeBudgetInstructions("base", [ata], { priorityFeeMicroLamports: -1n }), RangeError);
});

Deno.test("withComputeBudget puts the budget first and refuses instructions that already carry one", () => {
  const all = withComputeBudget("base", [ata, deposit], { priorityFeeMicroLamports: 1n });
  assert.equal(all.length, 4);
  assert.deepEqual(all.slice(2), [ata, deposit]);
  assert.throws(
    () => withComputeBudget("er", [setComputeUnitLimitInstruction(1), deposit]),
    /must not carry compute-budget/,
  );
});

Deno.test("compute-budget instructions are built once per value and stay what they say", () => {
  const a = computeBudgetInstructions("er", [deposit])[0];
  const b = computeBudgetInstructions("er", [open])[0];
  assert.equal(a, b, "the ER limit instruction is memoised");
  assert.ok(Object.isFrozen(a));
  assert.equal(parseSetComputeUnitLimit(a), 1_400_000);
  assert.equal(a.data.buffer.byteLength, a.data.length, "a kept instruction owns its data (no shared slab)");
  const base = (ixs: typeof deposit[], fee: bigint) =>
    computeBudgetInstructions("base", ixs, { priorityFeeMicroLamports: fee });
  const [limit1, price1] = base([ata, deposit], 7n);
  const [limit2, price2] = base([ata, deposit], 7n);
  assert.equal(limit1, limit2);
  assert.equal(price1, price2);
  // Another value is another instruction (a miss), with its own data.
  const [limit3, price3] = base([open], 8n);
  assert.notEqual(limit3, limit1);
  assert.equal(parseSetComputeUnitLimit(limit3), 190_000);
  assert.equal(parseSetComputeUnitPrice(price3), 8n);
  assert.equal(parseSetComputeUnitLimit(limit1), 150_000);
  assert.equal(parseSetComputeUnitPrice(price1), 7n);
  // Many distinct fees: every answer still carries its own fee (the memo is bounded, never stale).
  for (let fee = 1n; fee <= 1_100n; fee += 1n) assert.equal(parseSetComputeUnitPrice(base([ata], fee)[1]), fee);
});

Deno.test("the base-chain instructions the builders emit, and only those, define an estimate: the tests' figures", () => {
  const defined = Object.fromEntries(
    CATALOG.filter((e) => e.codec.computeUnits !== undefined).map((e) => [e.codec.name, e.codec.computeUnits]),
  );
  assert.deepEqual(defined, EXPECTED_INSTRUCTION_UNITS);
  // Every earlier-program instruction runs on the base chain; the v2 ones that do are the setup and funds ones.
  for (const e of CATALOG.filter((e) => e.program === "earlier")) assert.ok(e.codec.computeUnits, e.codec.name);
  for (const units of Object.values(defined)) assert.ok(units! > 0 && units! <= MAX_COMPUTE_UNIT_LIMIT);
});

Deno.test("earlier-program estimates are the vendor CLI's per-builder limits (PROTOCOL-v1 §8.0)", () => {
  const units = (name: string) => catalogEntry("earlier", name).codec.computeUnits;
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

Deno.test("an instruction's estimate is what its definition states, whatever its program id", () => {
  assert.equal(
    estimateComputeUnits([depositDirect.instruction(key("anotherDeployment"), [], { amount: 1n })]),
    100_000,
  );
  // the same bytes without the definition's estimate count as unknown
  assert.equal(estimateComputeUnits([createInstruction(PROGRAM_V2, [], deposit.data)]), 250_000);
});
