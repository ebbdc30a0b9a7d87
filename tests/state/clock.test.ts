import assert from "node:assert/strict";
import { liveClock, systemClock, VirtualClock } from "../../src/state/clock.ts";

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

Deno.test("liveClock: a clock that never goes back, as the service clock of live mode", () => {
  const v = new VirtualClock(5);
  const live = liveClock(v);
  assert.equal(live.nowMs(), 5);
  v.advance(10);
  assert.equal(live.nowMs(), 15);
  assert.equal(live.replayPosition(), undefined);
  live.onRewind(() => assert.fail("never rewinds"))();
  assert.ok(liveClock().nowMs() >= Date.now() - 1000);
});
