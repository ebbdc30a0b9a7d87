import assert from "node:assert/strict";
import { Gate } from "../../src/replay/gate.ts";

Deno.test("Gate: open passes at once, closed holds every waiter until opened", async () => {
  const gate = new Gate();
  assert.equal(gate.closed, false);
  await gate.passed();
  gate.set(true);
  gate.set(true); // idempotent: the same waiters
  const passed: number[] = [];
  const waiting = [1, 2].map((n) => gate.passed().then(() => passed.push(n)));
  await new Promise((r) => setTimeout(r, 5));
  assert.deepEqual(passed, []);
  gate.set(false);
  await Promise.all(waiting);
  assert.deepEqual(passed, [1, 2]);
  assert.equal(gate.closed, false);
});
