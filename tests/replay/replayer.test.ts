import assert from "node:assert/strict";
import { Connection, PublicKey } from "@solana/web3.js";
import { Replayer } from "../../src/replay/replayer.ts";
import { startReplay } from "../../src/replay/harness.ts";
import { ReplayOracleServer } from "../../src/replay/oracle-server.ts";
import type { ChainStateEvent } from "../../src/replay/chain-state.ts";
import { VirtualClock } from "../../src/state/clock.ts";
import { K, key, smallRecording, START_MS, waitFor } from "./_helpers.ts";

Deno.test("Replayer virtual mode applies due events synchronously and moves the clock", async () => {
  const oracle = await ReplayOracleServer.start();
  try {
    const clock = new VirtualClock(START_MS);
    const r = new Replayer(smallRecording(), { mode: "virtual", clock, oracle });
    const events: ChainStateEvent[] = [];
    r.chains.base.subscribe((e) => events.push(e));
    assert.equal(r.chains.base.slot, 1000);
    assert.equal(r.chains.base.latestBlockhash().blockhash, key(100)); // atMs 0 applied at construction
    assert.equal(r.nextEventAt(), 500);
    assert.equal(r.advanceTo(999), 1); // the oracle frame at 500
    assert.equal(oracle.latest().get(1)?.price, 15_000_000_000n);
    assert.equal(r.advanceTo(1000), 2); // base mint + ER basketB
    assert.equal(clock.nowMs(), START_MS + 1000);
    assert.deepEqual(events.map((e) => e.type), ["slot", "account"]);
    assert.equal(r.chains.base.accounts.get(K.mint)?.lamports, 2_000_000n);
    assert.equal(r.chains.er.slot, 5010);
    r.advanceBy(5000);
    assert.equal(r.finished, true);
    assert.equal(r.chains.base.latestBlockhash().blockhash, key(101));
    assert.equal(r.chains.base.isBlockhashKnown(key(100)), true);
    assert.throws(() => r.advanceTo(10), RangeError);
    assert.throws(() => r.start());
  } finally {
    await oracle.stop();
  }
});

Deno.test("Replayer realtime mode with speed and loop keeps slots increasing", async () => {
  const rec = smallRecording();
  rec.meta.durationMs = 3500;
  const replay = await startReplay(rec, { mode: "realtime", speed: 20, loop: true });
  const conn = new Connection(replay.base.url, "confirmed");
  try {
    // 3.5 s of recording at 20× is ~175 ms per loop; wait (bounded) for the second loop.
    let lastSlot = 0;
    await waitFor(async () => {
      const slot = await conn.getSlot();
      assert.ok(slot >= lastSlot, "slots never go back");
      lastSlot = slot;
      return slot > 1020 + 21; // second loop: slots are shifted by the span of the first
    }, "second loop");
    // The world is the recording again: basketD (created at 2000) comes and goes with each loop.
    const info = await conn.getAccountInfo(new PublicKey(K.pool));
    assert.ok(info);
  } finally {
    await replay.stop();
  }
});

Deno.test("Replayer realtime on a held wall clock: the recording's timeline, its own oracle timestamps, a loop goes back", async () => {
  const oracle = await ReplayOracleServer.start();
  const wall = new VirtualClock(1_000_000);
  const r = new Replayer(smallRecording(), { mode: "realtime", speed: 1, loop: true, oracle, wall });
  const rewinds: number[] = [];
  r.clock.onRewind((byMs) => rewinds.push(byMs));
  try {
    r.start();
    assert.equal(r.clock.nowMs(), START_MS, "the recording's start, not the wall's time");
    wall.advance(1_600);
    await waitFor(() => oracle.latest().get(1)?.price === 15_100_000_000n, "frames up to 1.6 s");
    assert.equal(r.clock.nowMs(), START_MS + 1_600);
    // Recorded feed timestamps are served as recorded: the clock they are judged by is the recording's.
    assert.equal(oracle.latest().get(1)?.feedUpdateTimestampUs, BigInt(START_MS + 1490) * 1000n);
    wall.advance(5_000 - 1_600 + 600); // one loop (5 s) and 0.6 s
    await waitFor(() => r.clock.loops === 1, "the loop");
    assert.deepEqual(rewinds, [5_000]);
    assert.equal(r.clock.nowMs(), START_MS + 600);
    await waitFor(() => oracle.latest().get(1)?.price === 15_000_000_000n, "the first frame again");
    assert.equal(oracle.latest().get(1)?.feedUpdateTimestampUs, BigInt(START_MS + 490) * 1000n);
    assert.equal(r.chains.base.accounts.has(K.basketD), false, "the world is the recording's start again");
    assert.equal(r.chains.base.accounts.get(K.mint)?.lamports, 1_461_600n, "a changed account is as it started");
    assert.equal(r.chains.er.accounts.get(K.basketB)?.data[9], 1);
    assert.ok(r.chains.base.slot > 1020, "slots still move forward");
  } finally {
    r.stop();
    await oracle.stop();
  }
});

Deno.test("Replayer oracleTime wall: timestamps shifted to the wall clock for consumers that run on it", async () => {
  const oracle = await ReplayOracleServer.start();
  const wall = new VirtualClock(2_000_000_000_000);
  const r = new Replayer(smallRecording(), { mode: "realtime", oracle, wall, oracleTime: "wall" });
  try {
    r.start();
    wall.advance(600);
    await waitFor(() => oracle.latest().has(1), "the first frame");
    // Recorded at START + 490: published as wall start + 490.
    assert.equal(oracle.latest().get(1)?.feedUpdateTimestampUs, (2_000_000_000_000n + 490n) * 1000n);
    assert.throws(() => new Replayer(smallRecording(), { mode: "virtual", oracleTime: "wall" }));
  } finally {
    r.stop();
    await oracle.stop();
  }
});

Deno.test("Replayer loopedFeedTimes advance: each loop's feed times come later, for a consumer on its own clock", async () => {
  const oracle = await ReplayOracleServer.start();
  const wall = new VirtualClock(1_000_000);
  const r = new Replayer(smallRecording(), {
    mode: "realtime",
    loop: true,
    oracle,
    wall,
    loopedFeedTimes: "advance",
  });
  try {
    r.start();
    wall.advance(600);
    await waitFor(() => oracle.latest().has(1), "the first frame");
    assert.equal(oracle.latest().get(1)?.feedUpdateTimestampUs, BigInt(START_MS + 490) * 1000n, "first loop: recorded");
    wall.advance(5_000);
    await waitFor(() => r.clock.loops === 1 && oracle.latest().get(1)?.price === 15_000_000_000n, "the next loop");
    // The same frame one loop (5 s) later: a price store that never goes back in time takes it.
    assert.equal(oracle.latest().get(1)?.feedUpdateTimestampUs, BigInt(START_MS + 5_000 + 490) * 1000n);
  } finally {
    r.stop();
    await oracle.stop();
  }
});

Deno.test("Replayer oracleTime wall at speed 2: a frame is stamped with the wall time it is published at", async () => {
  const oracle = await ReplayOracleServer.start();
  const wall = new VirtualClock(2_000_000_000_000);
  const r = new Replayer(smallRecording(), {
    mode: "realtime",
    speed: 2,
    loop: true,
    oracle,
    wall,
    oracleTime: "wall",
  });
  try {
    r.start();
    wall.advance(300);
    await waitFor(() => oracle.latest().has(1), "the first frame");
    // Recorded at START + 490: played 245 ms after the wall start, not 490 (which would lie in the future).
    assert.equal(oracle.latest().get(1)?.feedUpdateTimestampUs, (2_000_000_000_000n + 245n) * 1000n);
    wall.advance(2_500); // one loop (5 s of recording: 2.5 s of wall time) later
    await waitFor(() => r.clock.loops === 1 && oracle.latest().get(1)?.price === 15_000_000_000n, "the next loop");
    assert.equal(oracle.latest().get(1)?.feedUpdateTimestampUs, (2_000_000_000_000n + 2_500n + 245n) * 1000n);
  } finally {
    r.stop();
    await oracle.stop();
  }
});

Deno.test("Replayer realtime without loop: at the end the clock stays at the recording's last moment", async () => {
  const wall = new VirtualClock(1_000_000);
  const r = new Replayer(smallRecording(), { mode: "realtime", loop: false, wall });
  try {
    r.start();
    wall.advance(5_400);
    await waitFor(() => r.clock.running === false, "the end");
    assert.equal(r.clock.nowMs(), START_MS + 5_000);
    wall.advance(60_000);
    assert.equal(r.clock.nowMs(), START_MS + 5_000);
    assert.deepEqual(r.clock.replayPosition(), {
      mode: "realtime",
      positionMs: 5_000,
      durationMs: 5_000,
      speed: 1,
      loop: false,
      loops: 0,
    });
  } finally {
    r.stop();
  }
});
