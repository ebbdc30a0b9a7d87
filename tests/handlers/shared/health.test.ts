/** The health bodies' clock fields (src/handlers/shared/health.ts): one instant, however the wall clock moves. */
import assert from "node:assert/strict";
import { clockFields } from "../../../src/handlers/shared/health.ts";
import { ReplayClock } from "../../../src/replay/replay-clock.ts";
import type { Services } from "../../../src/services.ts";

const ORIGIN = 1_768_510_740_000;

Deno.test("health clock fields: the replay position is the clock reading's, though the wall moved on meanwhile", () => {
  // A wall clock that moves 0.7 ms every time it is read: any second reading may fall in the next millisecond.
  let wallMs = 1_000_000;
  const wall = { nowMs: () => (wallMs += 0.7) };
  const clock = new ReplayClock({ mode: "realtime", originMs: ORIGIN, durationMs: 180_000, loop: true, wall });
  clock.start();
  const services = { clock } as unknown as Services;
  for (let i = 0; i < 50; i++) {
    const now = clock.nowMs();
    const { clockUnixMs, replay } = clockFields(services, now);
    assert.equal(clockUnixMs, now);
    assert.equal(replay?.positionMs, clockUnixMs - ORIGIN, `reading ${i}`);
  }
});
