import assert from "node:assert/strict";
import { systemClock, VirtualClock } from "../../src/state/clock.ts";

Deno.test("clocks", () => {
  const v = new VirtualClock(100);
  assert.equal(v.nowMs(), 100);
  assert.equal(v.advance(50), 150);
  assert.equal(v.set(120), 150); // never backwards
  assert.equal(v.set(200), 200);
  assert.throws(() => v.advance(-1));
  const before = Date.now();
  assert.ok(systemClock.nowMs() >= before);
});
