import assert from "node:assert/strict";
import { record, type RecordProgress } from "../../tools/recorder.ts";
import { readRecording } from "../../src/replay/format.ts";
import { startReplay } from "../../src/replay/harness.ts";
import { VirtualClock } from "../../src/state/clock.ts";
import { BASKET_DISC, K, POOL_DISC, PROGRAM, smallRecording, START_MS, waitFor } from "../replay/_helpers.ts";

Deno.test("record() captures snapshot, updates, blockhashes and oracle frames from live endpoints", async () => {
  const dir = await Deno.makeTempDir({ prefix: "recorder-" });
  const clock = new VirtualClock(START_MS);
  const replay = await startReplay(smallRecording(), { mode: "virtual", clock });
  const abort = new AbortController();
  const progress: RecordProgress[] = [];
  try {
    const chain = (url: string, extra: string[]) => ({
      rpcUrl: url,
      programIds: [PROGRAM],
      discriminatorFilters: [BASKET_DISC, POOL_DISC],
      extraAccounts: extra,
      blockhashIntervalMs: 50,
    });
    const done = record({
      dir,
      name: "from-replay",
      seed: 7,
      durationMs: 600_000,
      base: chain(replay.base.url, [K.mint]),
      er: chain(replay.er.url, []),
      oracle: { urls: [replay.oracle.url], token: "t", feedIds: [1, 2], numConnections: 1 },
      signal: abort.signal,
      progressIntervalMs: 20,
    }, (p) => progress.push(p));
    await waitFor(() => progress.some((p) => p.phase === "recording"), "recording phase");
    assert.deepEqual(progress.find((p) => p.phase === "recording")?.accounts, { base: 3, er: 3 });
    await waitFor(() => replay.oracle.subscriptionCount === 1, "oracle subscribed");
    replay.replayer.advanceTo(2500);
    await waitFor(() => {
      const p = progress.at(-1)!;
      return p.updates.base >= 2 && p.updates.er >= 1 && p.frames >= 2 && p.blockhashes.base >= 2;
    }, "captured events");
    abort.abort();
    const result = await done;
    assert.equal(result.meta.name, "from-replay");
    assert.equal(progress.at(-1)?.phase, "done");

    const rec = await readRecording(dir);
    assert.equal(rec.meta.seed, 7);
    assert.equal(rec.meta.chains.base.startSlot, 1000);
    assert.equal(rec.meta.chains.er.startSlot, 5000);
    assert.deepEqual(rec.meta.oracle, { feedIds: [1, 2] });
    assert.deepEqual([...rec.chains.er.initialAccounts.keys()].sort(), [K.pool, K.basketB, K.basketC].sort());
    assert.deepEqual([...rec.chains.base.initialAccounts.keys()].sort(), [K.pool, K.basketA, K.mint].sort());
    assert.deepEqual(rec.chains.base.updates.map((u) => [u.pubkey, u.slot]), [[K.mint, 1010], [K.basketD, 1020]]);
    assert.equal(rec.chains.er.updates[0].pubkey, K.basketB);
    assert.ok(rec.chains.base.blockhashes.length >= 2);
    const prices = rec.oracle.flatMap((f) => f.feeds.filter((x) => x.feedId === 1).map((x) => x.price));
    assert.ok(prices.includes(15_000_000_000n) && prices.includes(15_100_000_000n));
    assert.ok(rec.oracle.every((f) => f.feeds.every((x) => x.feedId !== 999)));
    assert.ok(rec.oracle.every((f, i) => i === 0 || f.atMs >= rec.oracle[i - 1].atMs));
  } finally {
    abort.abort();
    await replay.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("record() refuses an out-of-range duration", async () => {
  await assert.rejects(() => record({ dir: "/nonexistent", name: "x", durationMs: 0 }), RangeError);
  await assert.rejects(() => record({ dir: "/nonexistent", name: "x", durationMs: 25 * 3600_000 }), RangeError);
});
