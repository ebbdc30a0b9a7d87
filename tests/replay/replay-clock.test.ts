import assert from "node:assert/strict";
import { ReplayClock } from "../../src/replay/replay-clock.ts";
import { VirtualClock } from "../../src/state/clock.ts";

const ORIGIN = 1_768_510_740_000;

Deno.test("ReplayClock realtime: the recording's timeline at speed, held while stopped, back by a loop", () => {
  const wall = new VirtualClock(50_000);
  const clock = new ReplayClock({ mode: "realtime", originMs: ORIGIN, durationMs: 10_000, speed: 2, loop: true, wall });
  assert.equal(clock.nowMs(), ORIGIN, "offset 0 before it starts");
  clock.start();
  wall.advance(1_500);
  assert.equal(clock.positionMs, 3_000);
  assert.equal(clock.nowMs(), ORIGIN + 3_000);
  assert.equal(clock.wallAt(4_000), 52_000);
  clock.stop();
  wall.advance(10_000);
  assert.equal(clock.nowMs(), ORIGIN + 3_000, "held while stopped");
  clock.start();
  wall.advance(4_000); // offset 11,000: past the end of a 10 s recording
  assert.equal(clock.positionMs, 11_000);

  const heard: { byMs: number; nowMs: number }[] = [];
  const off = clock.onRewind((byMs) => heard.push({ byMs, nowMs: clock.nowMs() }));
  clock.rewindLoop();
  assert.deepEqual(heard, [{ byMs: 10_000, nowMs: ORIGIN + 11_000 }], "listeners hear it before the jump");
  assert.equal(clock.nowMs(), ORIGIN + 1_000, "the same instant of the recording, one loop later");
  assert.deepEqual(clock.replayPosition(), {
    mode: "realtime",
    positionMs: 1_000,
    durationMs: 10_000,
    speed: 2,
    loop: true,
    loops: 1,
  });
  off();
  clock.rewindLoop();
  assert.equal(heard.length, 1);
  assert.throws(() => new ReplayClock({ mode: "realtime", originMs: 0, durationMs: 1, speed: 0 }), RangeError);
  assert.throws(() => clock.moveTo(5));
});

Deno.test("ReplayClock virtual: moves only when driven, on the VirtualClock a test may hold", () => {
  const virtual = new VirtualClock(ORIGIN + 500);
  const clock = new ReplayClock({ mode: "virtual", originMs: ORIGIN, durationMs: 10_000, virtual });
  assert.equal(clock.originMs, ORIGIN + 500, "offset 0 is where the virtual clock stood");
  clock.moveTo(2_000);
  assert.equal(virtual.nowMs(), ORIGIN + 2_500);
  assert.equal(clock.nowMs(), ORIGIN + 2_500);
  clock.moveTo(1_000);
  assert.equal(clock.positionMs, 2_000, "never back");
  assert.deepEqual(clock.replayPosition(), {
    mode: "virtual",
    positionMs: 2_000,
    durationMs: 10_000,
    speed: 0,
    loop: false,
    loops: 0,
  });
  assert.throws(() => clock.rewindLoop());
  assert.throws(() => clock.start());
  assert.equal(clock.virtual, virtual);
});

Deno.test("ReplayClock: the position at a clock reading is that reading's, however the wall clock moved since", () => {
  const wall = new VirtualClock(50_000.4);
  const clock = new ReplayClock({ mode: "realtime", originMs: ORIGIN, durationMs: 10_000, wall });
  clock.start();
  wall.advance(1_234.3); // offset 1,234.3: the clock reads ORIGIN + 1,234
  const now = clock.nowMs();
  assert.equal(now, ORIGIN + 1_234);
  wall.advance(0.9); // the next millisecond has begun by the time the body asks where the replay stands
  assert.equal(clock.replayPosition()?.positionMs, 1_235, "a fresh reading");
  assert.equal(clock.replayPosition(now)?.positionMs, 1_234, "the instant of `now`");
  clock.rewindLoop();
  const later = clock.nowMs();
  assert.equal(clock.replayPosition(later)?.positionMs, later - ORIGIN, "after a rewind too");
  assert.equal(clock.replayPosition(later)?.loops, 1);
});

Deno.test("ReplayClock: a virtual clock driven by a fraction of a millisecond gives whole-millisecond positions", () => {
  const clock = new ReplayClock({ mode: "virtual", originMs: ORIGIN, durationMs: 10_000 });
  clock.virtual!.advance(1_234.6);
  assert.equal(clock.replayPosition()?.positionMs, 1_234);
  assert.equal(clock.replayPosition(clock.nowMs())?.positionMs, 1_234, "at a reading as well");
});
