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
