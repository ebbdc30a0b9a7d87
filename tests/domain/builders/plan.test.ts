/** Plans: the lookup-table candidates builders offer, and the packing of a bundle into transactions. */
import assert from "node:assert/strict";
import { deploymentLookupTables, packSteps, poolLookupTables } from "../../../src/domain/builders/plan.ts";
import { transferSolInstruction } from "../../../src/protocol/instructions/external/system.ts";
import type { Instruction } from "../../../src/protocol/instructions/instruction.ts";
import { buildFixture, key } from "../../helpers/hand-built-deployment.ts";

Deno.test("lookup tables: a pool's own, or every pool's once each in configuration order", () => {
  const [one, two, three] = [key("table one"), key("table two"), key("table three")];
  assert.deepEqual(poolLookupTables({ addressLookupTableAddresses: [one, two] }), [one, two]);
  const snapshot = buildFixture().snapshot("earlier");
  assert.deepEqual(deploymentLookupTables(snapshot), []); // the hand-built pools list none
  const pools = [{ addressLookupTableAddresses: [one, two] }, { addressLookupTableAddresses: [two, three] }];
  const withTables = { input: { config: { pools } } } as unknown as typeof snapshot;
  assert.deepEqual(deploymentLookupTables(withTables), [one, two, three]);
});

Deno.test("packSteps: in order, never splitting a step, as few groups as fit", () => {
  const ix = (n: number): Instruction =>
    transferSolInstruction({ source: key("a"), destination: key("b") }, { lamports: BigInt(n) });
  const step = (name: string, size: number) => ({ name, instructions: Array.from({ length: size }, (_, i) => ix(i)) });
  const steps = [step("a", 2), step("b", 1), step("c", 3), step("d", 1)];
  const names = (limit: number) =>
    packSteps(steps, (ixs) => ixs.length <= limit).map((g) => g.map((s) => s.name).join(""));
  assert.deepEqual(names(10), ["abcd"]);
  assert.deepEqual(names(4), ["ab", "cd"]);
  assert.deepEqual(names(3), ["ab", "c", "d"]);
  // A step too large even alone still gets a group of its own (assembling it then reports the size).
  assert.deepEqual(names(2), ["a", "b", "c", "d"]);
  assert.deepEqual(packSteps([], () => true), []);
});
