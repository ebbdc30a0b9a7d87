import assert from "node:assert/strict";
import { ComputeBudgetProgram } from "@solana/web3.js";
import fc from "fast-check";
import {
  isComputeBudgetInstruction,
  parseSetComputeUnitLimit,
  parseSetComputeUnitPrice,
  setComputeUnitLimitInstruction,
  setComputeUnitPriceInstruction,
} from "../../../../src/protocol/instructions/external/compute-budget.ts";
import { transferSolInstruction } from "../../../../src/protocol/instructions/external/system.ts";
import { fromWeb3, hex, key } from "../../../helpers/instructions.ts";

Deno.test("SetComputeUnitLimit(1_400_000): 02 then u32 LE 0x155cc0 → 02 c0 5c 15 00 (PROTOCOL-v2 §2.2)", () => {
  const ix = setComputeUnitLimitInstruction(1_400_000);
  assert.equal(ix.programAddress, "ComputeBudget111111111111111111111111111111");
  assert.deepEqual(ix.accounts, []);
  assert.equal(hex(ix.data), "02c05c1500");
  assert.deepEqual(ix, fromWeb3(ComputeBudgetProgram.setComputeUnitLimit({ units: 1_400_000 })));
});

Deno.test("SetComputeUnitPrice(5000): 03 then u64 LE 0x1388 → 03 88 13 00 00 00 00 00 00", () => {
  const ix = setComputeUnitPriceInstruction(5_000n);
  assert.equal(hex(ix.data), "038813000000000000");
  assert.deepEqual(ix, fromWeb3(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 5_000n })));
});

Deno.test("compute-budget encoders equal web3.js for any value (property), and parse back", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), (u, p) => {
      const limit = setComputeUnitLimitInstruction(u);
      const price = setComputeUnitPriceInstruction(p);
      assert.deepEqual(limit, fromWeb3(ComputeBudgetProgram.setComputeUnitLimit({ units: u })));
      assert.deepEqual(price, fromWeb3(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: p })));
      assert.equal(parseSetComputeUnitLimit(limit), u);
      assert.equal(parseSetComputeUnitPrice(price), p);
      assert.equal(parseSetComputeUnitPrice(limit), undefined);
      assert.equal(parseSetComputeUnitLimit(price), undefined);
    }),
  );
});

Deno.test("isComputeBudgetInstruction tells compute-budget instructions from the rest", () => {
  assert.ok(isComputeBudgetInstruction(setComputeUnitLimitInstruction(1)));
  const transfer = transferSolInstruction({ source: key("a"), destination: key("b") }, { lamports: 1n });
  assert.ok(!isComputeBudgetInstruction(transfer));
  assert.equal(parseSetComputeUnitLimit(transfer), undefined);
});
