import assert from "node:assert/strict";
import {
  clampUpdateInterval,
  dueTimeOf,
  IntervalSchedule,
  phaseOf,
  phasesOf,
  type Tick,
} from "../../src/streams/schedule.ts";
import { ManualTimers } from "./_timers.ts";

Deno.test("updateIntervalMs is clamped into 100..10000 and cut to whole milliseconds (DECISIONS 4.3)", () => {
  assert.equal(clampUpdateInterval(1000), 1000);
  assert.equal(clampUpdateInterval(99), 100);
  assert.equal(clampUpdateInterval(-5), 100);
  assert.equal(clampUpdateInterval(0), 100);
  assert.equal(clampUpdateInterval(10_001), 10_000);
  assert.equal(clampUpdateInterval(1e12), 10_000);
  assert.equal(clampUpdateInterval(250.9), 250);
});

Deno.test("phases: about 25 ms each, at least one; an owner's phase is stable and in range", () => {
  assert.equal(phasesOf(10), 1);
  assert.equal(phasesOf(100), 4);
  assert.equal(phasesOf(1000), 40);
  assert.equal(phasesOf(10_000), 400);
  const owner = "Ec9hbAKeAzEpTJKTebKqSGYWAQQb9uzUuqqrXu2k3HFC";
  assert.equal(phaseOf(owner, 40), phaseOf(owner, 40));
  const counts = new Array(40).fill(0);
  for (let i = 0; i < 40_000; i++) counts[phaseOf(`owner-${i}`, 40)]++;
  // Spread: every phase holds close to a fortieth of 40,000 owners.
  for (const n of counts) assert.ok(n > 850 && n < 1150, `phase sizes ${counts}`);
});

function recorder(timers: ManualTimers, intervalMs: number) {
  const ticks: { tick: Tick; members: string[]; at: number }[] = [];
  const schedule = new IntervalSchedule<string>(intervalMs, timers, (members, tick) => {
    ticks.push({ tick, members: [...members], at: timers.now() });
  });
  return { schedule, ticks };
}

Deno.test("a schedule visits each member once per interval, in its owner's phase, at wall-clock-aligned due times", () => {
  const timers = new ManualTimers();
  const { schedule, ticks } = recorder(timers, 1000);
  const owners = Array.from({ length: 100 }, (_, i) => `owner-${i}`);
  for (const owner of owners) schedule.add(owner, owner, owner);
  assert.equal(timers.pending, 1, "one timer for the whole interval");
  timers.advance(3000);
  const seen = new Map<string, number[]>();
  for (const { tick, members, at } of ticks) {
    assert.equal(at, tick.dueAtMs, "fired on time");
    assert.equal(tick.dueAtMs % 25, 0, "aligned to the 25 ms phase grid");
    for (const m of members) {
      assert.equal(phaseOf(m, phasesOf(1000)), tick.phase);
      seen.set(m, [...(seen.get(m) ?? []), tick.dueAtMs]);
    }
  }
  for (const owner of owners) {
    const times = seen.get(owner) ?? [];
    assert.equal(times.length, 3, `${owner}: ${times}`);
    assert.deepEqual([times[1] - times[0], times[2] - times[1]], [1000, 1000]);
    // A receiver can tell which tick a message is for from the owner and the interval alone.
    for (const t of times) assert.equal(dueTimeOf(owner, 1000, t + 37), t);
  }
});

Deno.test("a late timer catches up: every missed tick runs once, at most one interval's worth", () => {
  const timers = new ManualTimers();
  const { schedule, ticks } = recorder(timers, 1000);
  for (let i = 0; i < 2000; i++) schedule.add(`o${i}`, `o${i}`, `o${i}`); // every phase has members
  timers.advance(25);
  const before = ticks.length;
  timers.jump(110); // the event loop was busy for 110 ms: four ticks were due meanwhile
  const late = ticks.slice(before);
  assert.equal(late.length, 4);
  assert.deepEqual(late.map((t) => t.tick.phase), [...new Set(late.map((t) => t.tick.phase))], "each phase once");
  assert.ok(late.every((t) => t.at - t.tick.dueAtMs >= 0), "each knows how late it ran");
  timers.jump(5000); // far behind: one interval's worth, each phase once
  const far = ticks.slice(before + 4);
  assert.equal(far.length, 40);
  assert.equal(new Set(far.map((t) => t.tick.phase)).size, 40);
});

Deno.test("the timer runs only while the schedule has members", () => {
  const timers = new ManualTimers();
  const { schedule, ticks } = recorder(timers, 200);
  schedule.add("a", "a", "a");
  assert.equal(timers.pending, 1);
  schedule.delete("a", "a");
  assert.equal(timers.pending, 0);
  assert.equal(schedule.size, 0);
  timers.advance(1000);
  assert.equal(ticks.length, 0);
  schedule.add("b", "b", "b");
  timers.advance(1000);
  assert.equal(ticks.length, 5, "every 200 ms (eight phases of 25 ms, one of them b's)");
});
